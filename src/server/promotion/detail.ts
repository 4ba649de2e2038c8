/**
 * One entity of the promotion tree: its detail (parents, the links it drives, its status history), its hourly or
 * daily trend, its creative preview, and the change log.
 */
import { type AdLevel, LEVEL_NAMES, levelNameOf } from '../../shared/ad-levels.ts';
import { PLATFORMS } from '../../shared/catalog.ts';
import { landingPath } from '../../shared/links.ts';
import { adPlatformOf, levelOfType, MATERIAL_KINDS, materialKind, type PromoteChannel } from '../../shared/promote.ts';
import type { ChangeLogEntry, DetailRef, EntityRef } from '../../shared/promote-schemas.ts';
import { deriveRole, roleLabel } from '../../shared/roles.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { publicBaseUrl } from '../kernel/config.ts';
import { invalid } from '../kernel/errors.ts';
import { linkSummaries } from '../links/lookup.ts';
import { dayRange } from './range.ts';
import { levelName, statusLabelOf } from './rows.ts';
import { channelOfEntity, promoteScope, requireEntity } from './scope.ts';
import * as store from './store.ts';
import { entityRows } from './tree.ts';

type Link = Awaited<ReturnType<typeof linkSummaries>>[number];

function drivenLink(l: Link, base: string, via: 'url' | 'bound') {
  return {
    pageid: l.pageid,
    title: l.title,
    platform: Number(l.platform),
    platform_name: PLATFORMS[Number(l.platform) as keyof typeof PLATFORMS] ?? '',
    item_id: l.itemid,
    item_title: l.item_title,
    item_image: l.item_image,
    landing_url: base + landingPath({ pageid: l.pageid, platform: Number(l.platform), state: Number(l.state), jumptype: l.jumptype }),
    via,
    deleted: l.deleted_at !== null,
  };
}

/** The entity behind a reference, inside the caller's tenants. */
async function resolve(deps: Deps, actor: Actor, ref: EntityRef) {
  const level = levelOfType(ref.type);
  if (level === null) throw invalid('广告账户没有详情页，请选择广告组、计划或创意', { field: 'type' });
  const scope = await promoteScope(deps.db, actor);
  return { scope, level, e: await requireEntity(deps.db, scope, ref.acpl, level, ref.id) };
}

/** A reference with its channel: the one given, or the one channel where the caller can see the entity. */
async function withChannel(deps: Deps, actor: Actor, ref: DetailRef): Promise<EntityRef> {
  if (ref.acpl !== undefined) return { ...ref, acpl: ref.acpl };
  const level = levelOfType(ref.type);
  if (level === null) throw invalid('广告账户没有详情页，请选择广告组、计划或创意', { field: 'type' });
  const acpl = await channelOfEntity(deps.db, await promoteScope(deps.db, actor), level, ref.id);
  return { ...ref, acpl };
}

/** Links an entity drives: a plan's own or bound link; a creative's own or its plan's; a campaign's plans' links. */
async function linksOf(deps: Deps, level: AdLevel, e: store.EntityRow) {
  const base = publicBaseUrl(deps.config);
  let refs: Array<{ pageid: string; via: 'url' | 'bound' }> = [];
  if (level === 'plan') refs = [e.pageid ? { pageid: e.pageid, via: 'url' } : { pageid: e.bound_pageid ?? '', via: 'bound' }];
  else if (level === 'creative') {
    const plan = await store.findEntity(deps.db, Number(e.platform), 'plan', e.parent_id);
    const own = e.pageid || plan?.pageid || '';
    refs = [own ? { pageid: own, via: 'url' } : { pageid: plan?.bound_pageid ?? '', via: 'bound' }];
  } else refs = (await store.campaignLinks(deps.db, Number(e.platform), e.entity_id)).map((r) => ({ pageid: r.pageid, via: r.via }));
  const found = await linkSummaries(deps.db, [...new Set(refs.map((r) => r.pageid).filter(Boolean))]);
  return refs.flatMap((r) => {
    const l = found.find((x) => x.pageid === r.pageid);
    return l ? [drivenLink(l, base, r.via)] : [];
  });
}

export async function entityDetail(deps: Deps, actor: Actor, input: DetailRef) {
  const ref = await withChannel(deps, actor, input);
  const { scope, level, e } = await resolve(deps, actor, ref);
  const platform = adPlatformOf(ref.acpl as PromoteChannel);
  const [row] = await entityRows(deps.db, [e], { scope, level, platform: ref.acpl }, dayRange(deps.clock).span);
  const campaigns = level === 'campaign' ? new Map() : await store.entityNames(deps.db, ref.acpl, 'campaign', [e.campaign_id]);
  const parents = [
    { type: 'adver' as const, id: e.advertiser_id, name: row!.advertiser_name, level_name: LEVEL_NAMES[platform].advertiser },
    ...(level === 'campaign'
      ? []
      : [
          {
            type: 'group' as const,
            id: e.campaign_id,
            name: campaigns.get(e.campaign_id) ?? '',
            level_name: levelNameOf(platform, 'campaign', e.raw_status),
          },
        ]),
    ...(level === 'creative'
      ? [
          {
            type: 'plan' as const,
            id: e.parent_id,
            name: (await store.entityNames(deps.db, ref.acpl, 'plan', [e.parent_id])).get(e.parent_id) ?? '',
            level_name: LEVEL_NAMES[platform].plan,
          },
        ]
      : []),
  ];
  const history = (await store.statusLog(deps.db, ref.acpl, level, e.entity_id)).map((h) => ({
    status: h.raw_status,
    status_label: statusLabelOf(platform, level, h.raw_status, h.status),
    status_normal: h.status,
    enabled: Number(h.enabled) === 1,
    source: h.source === 'change' ? ('change' as const) : ('sync' as const),
    at: Number(h.at),
  }));
  return { row: row!, parents, links: await linksOf(deps, level, e), history };
}

export async function previewCreative(deps: Deps, actor: Actor, ref: EntityRef) {
  const platform = adPlatformOf(ref.acpl as PromoteChannel);
  if (ref.type !== 'creative' && !(platform === 'tengxun' && ref.type === 'plan'))
    throw invalid('只能预览创意（腾讯：创意即计划）', { field: 'type' });
  const { level, e } = await resolve(deps, actor, ref);
  const [link] = await linksOf(deps, level, e);
  const kind = materialKind(platform, e.material_type);
  return {
    id: e.entity_id,
    name: e.name,
    level_name: LEVEL_NAMES[platform][level],
    material_type: e.material_type,
    material_kind: kind,
    material_label: kind ? MATERIAL_KINDS[kind] : '未知素材类型',
    status_label: statusLabelOf(platform, level, e.raw_status, e.status),
    landing_url: e.landing_url || link?.landing_url || '',
    link: link ?? null,
  };
}

export async function changeLog(
  deps: Deps,
  actor: Actor,
  input: { acpl?: number; type?: 'adver' | 'group' | 'plan' | 'creative'; id?: string; task_id?: number; page: number; pagesize: number },
): Promise<{ list: ChangeLogEntry[]; total: number }> {
  const scope = await promoteScope(deps.db, actor);
  const level = input.type ? (levelOfType(input.type) ?? undefined) : undefined;
  const { rows, total } = await store.listChanges(
    deps.db,
    { scope, platform: input.acpl, level, entityId: input.id, taskId: input.task_id },
    input.pagesize,
    (input.page - 1) * input.pagesize,
  );
  const names = new Map<string, string>();
  for (const key of new Set(rows.map((r) => `${r.platform}|${r.level}`))) {
    const [p, l] = key.split('|') as [string, string];
    const ids = rows.filter((r) => `${r.platform}|${r.level}` === key).map((r) => r.entity_id);
    for (const [id, name] of await store.entityNames(deps.db, Number(p), l, ids)) names.set(`${key}|${id}`, name);
  }
  return {
    list: rows.map((r) => {
      const platform = adPlatformOf(Number(r.platform) as PromoteChannel);
      const role = r.email === null ? null : deriveRole(r);
      return {
        change_id: Number(r.id),
        task_id: Number(r.task_id),
        channel: Number(r.platform),
        level: r.level,
        level_name: levelName(platform, r.level === 'campaign' ? 'group' : (r.level as 'plan' | 'creative')),
        id: r.entity_id,
        name: names.get(`${r.platform}|${r.level}|${r.entity_id}`) ?? '',
        field: r.field as ChangeLogEntry['field'],
        before: r.before,
        after: r.after,
        result: r.result as ChangeLogEntry['result'],
        message: r.message,
        actor: (r.email === null ? `#${r.actor_id}` : r.company || r.email) + (Number(r.rule_id) ? `（自动规则「${r.rule_name}」）` : ''),
        rule_id: Number(r.rule_id),
        rule_name: r.rule_name,
        actor_email: r.email ?? '',
        actor_role: role === null ? '' : roleLabel[role],
        at: Number(r.at),
        finished_at: Number(r.finished_at),
      };
    }),
    total,
  };
}
