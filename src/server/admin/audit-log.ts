import type { AuditView } from '../../shared/admin.ts';
import { parseChinaTime } from '../../shared/china-clock.ts';
import { offsetOf } from '../../shared/paging.ts';
import { endOfChinaDay } from '../../shared/time.ts';
import { usersByIds } from '../accounts/lookup.ts';
import { searchAudit } from '../audit/service.ts';
import type { Deps } from '../deps.ts';

/** The administrative actions the 操作日志 shows, with their Chinese names. */
export const ADMIN_EVENTS: Record<string, string> = {
  user_created: '新建账号',
  user_enabled: '启用账号',
  user_disabled: '禁用账号',
  client_updated: '修改客户',
  client_extended: '延长有效期',
  client_assigned: '分配代理商',
  client_reset_sent: '发送重置密码邮件',
  admin_updated: '修改管理员',
  admin_password_reset: '重置管理员密码',
  brand_created: '新建品牌',
  brand_updated: '修改品牌',
  brand_deleted: '删除品牌',
  brand_bound: '绑定广告账户',
  sub_assigned: '分配子账号',
  postback_settled: '处理待确认回传',
};

function parseDetail(detail: string): { before: Record<string, unknown>; after: Record<string, unknown> } {
  if (!detail) return { before: {}, after: {} };
  try {
    const d = JSON.parse(detail) as { before?: Record<string, unknown>; after?: Record<string, unknown> };
    if (d.before || d.after) return { before: d.before ?? {}, after: d.after ?? {} };
    return { before: {}, after: d as Record<string, unknown> };
  } catch {
    return { before: {}, after: {} };
  }
}

/** Brand events name no user: their target is the brand in before/after. */
function brandOf(d: { before: Record<string, unknown>; after: Record<string, unknown> }): string {
  const name = d.after.name ?? d.before.name;
  const id = d.before.id ?? d.after.id;
  return name ? `品牌 ${String(name)}` : id ? `品牌 #${String(id)}` : '';
}

export async function listAudit(
  deps: Deps,
  input: { page: number; pagesize: number; exact?: string; event?: string; start?: string; end?: string },
): Promise<{ list: AuditView[]; total: number }> {
  const { rows, total } = await searchAudit(
    deps.db,
    {
      events: Object.keys(ADMIN_EVENTS),
      exact: input.exact || undefined,
      event: input.event || undefined,
      from: input.start ? parseChinaTime(input.start) : undefined,
      to: input.end ? endOfChinaDay(input.end) : undefined,
    },
    input.pagesize,
    offsetOf(input),
  );
  const targets = new Map(
    (await usersByIds(deps.db, [...new Set(rows.flatMap((r) => (r.user_id ? [r.user_id] : [])))])).map((u) => [u.id, u]),
  );
  return {
    total,
    list: rows.map((r) => ({
      id: r.id,
      at: Number(r.at),
      event: r.event,
      action: ADMIN_EVENTS[r.event] ?? r.event,
      actor: r.actor_email ?? (r.actor_id ? `#${r.actor_id}` : '系统（命令行）'),
      target: r.email || (r.user_id ? (targets.get(r.user_id)?.email ?? `#${r.user_id}`) : brandOf(parseDetail(r.detail))),
      ip: r.ip,
      ...parseDetail(r.detail),
    })),
  };
}
