/**
 * 微博 accounts (bububa/biz-weibo model/account/info.go, manage.go): `GET /v3/account` is the token's own account
 * (`{id, name, …}` flat), `GET /v3/account/manage-list?page&page_size` the advertisers it manages (`list[{child_id,
 * main_id, main_name, role, …}]`, `total`, `page_total`). A grant binds the managed advertisers (named by
 * `/v3/account?advertiser_id=<child_id>`), or the token's own account when it manages none. Every other call names its
 * advertiser with `advertiser_id` — except the token's own, for which the SDK says not to send it
 * (为空则为token对应账户，不使用请勿下发): `advertiserQuery` knows which is which (the own id is remembered per token).
 */
import { idOf } from '../../../shared/lossless-json.ts';
import type { AuthorizedAdvertiser } from '../ad-platform.ts';
import { type ConnectorConfig, type ConnectorKit, str } from '../common.ts';
import { ConnectorError } from '../errors.ts';
import { asObject, listOf, weiboCall } from './envelope.ts';
import { WEIBO_PATHS } from './table.ts';

const PAGE = 100;
const own = new Map<string, string>();

async function account(cfg: ConnectorConfig, kit: ConnectorKit, token: string, advertiserId?: string): Promise<AuthorizedAdvertiser> {
  const r = asObject(
    await weiboCall(cfg, kit, { method: 'GET', path: WEIBO_PATHS.account, token, query: { advertiser_id: advertiserId } }),
    'v3/account',
  );
  const id = idOf(r.id);
  if (!id) throw new ConnectorError('weibo', 'protocol', '微博 v3/account 的应答缺少 id');
  return { advertiserId: id, name: str(r.name) };
}

/** The token's own account id (asked once per token). */
export async function ownAccount(cfg: ConnectorConfig, kit: ConnectorKit, token: string): Promise<string> {
  const known = own.get(token);
  if (known) return known;
  const { advertiserId } = await account(cfg, kit, token);
  if (own.size >= 500) own.delete(own.keys().next().value as string);
  own.set(token, advertiserId);
  return advertiserId;
}

/** `{advertiser_id}` for a managed advertiser, `{}` for the token's own account. */
export async function advertiserQuery(cfg: ConnectorConfig, kit: ConnectorKit, token: string, advertiserId: string) {
  return (await ownAccount(cfg, kit, token)) === advertiserId ? {} : { advertiser_id: advertiserId };
}

export async function weiboAdvertisers(cfg: ConnectorConfig, kit: ConnectorKit, token: string): Promise<AuthorizedAdvertiser[]> {
  const children: string[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const r = asObject(
      await weiboCall(cfg, kit, { method: 'GET', path: WEIBO_PATHS.manageList, token, query: { page, page_size: PAGE } }),
      'manage-list',
    );
    for (const m of listOf(r, 'v3/account/manage-list')) if (idOf(m.child_id)) children.push(idOf(m.child_id));
    pages = Number(r.page_total) || Math.ceil(Number(r.total ?? 0) / PAGE);
  }
  if (!children.length) return [await account(cfg, kit, token)];
  const out: AuthorizedAdvertiser[] = [];
  for (const id of [...new Set(children)]) out.push(await account(cfg, kit, token, id));
  return out;
}
