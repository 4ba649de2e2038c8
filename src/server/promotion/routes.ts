import * as plans from '../../shared/api/plans.ts';
import * as api from '../../shared/api/promote.ts';
import type { TaskResult } from '../../shared/promote-schemas.ts';
import { forReads } from '../deps.ts';
import { type Binding, handle, reply } from '../http/contracts.ts';
import { changeLog, entityDetail, previewCreative } from './detail.ts';
import { miniappAdd, miniappDelete, miniputDetail, miniputIndex, miniputStatus } from './mini.ts';
import { editEntity, updateOldPlans, updateTask } from './service.ts';
import { listTree, sumTree } from './tree.ts';
import { entityTrend } from './trend.ts';

/** The envelope's words for a change's outcome: the platform's refusal is the message a person reads. */
function answered(r: TaskResult) {
  if (r.total === 1) return reply(r, r.applied === 1 ? '修改成功' : `平台未接受修改：${r.items[0]?.message ?? ''}`);
  return reply(r, r.refused === 0 ? `已提交 ${r.total} 项，全部生效` : `已提交 ${r.total} 项：${r.applied} 项生效，${r.refused} 项未生效`);
}

/**
 * `/capi/napi/promote/*`, `/capi/napi/task/update` and the old version's plan calls (spec §7). Rules live in the services.
 * The lists, sums and trend write nothing: on a SQLite file they read on the reader thread while pings arrive (`forReads`).
 */
export const promotionRoutes: Binding[] = [
  handle(api.promoteIndex, ({ deps, actor, input }) => listTree(forReads(deps), actor, input)),
  handle(api.promoteSumdata, ({ deps, actor, input }) => sumTree(forReads(deps), actor, input)),
  handle(api.promoteEdit, async ({ deps, actor, input }) => answered(await editEntity(deps, actor, input))),
  handle(api.promotePreview, ({ deps, actor, input }) => previewCreative(deps, actor, input)),
  handle(api.promoteDetail, ({ deps, actor, input }) => entityDetail(deps, actor, input)),
  handle(api.promoteTrend, ({ deps, actor, input }) => entityTrend(forReads(deps), actor, input)),
  handle(api.promoteLog, ({ deps, actor, input }) => changeLog(deps, actor, input)),
  handle(api.taskUpdate, async ({ deps, actor, input }) => answered(await updateTask(deps, actor, input))),

  handle(plans.planIndex, ({ deps, actor, input: { advertiser_id, social, ...rest } }) =>
    listTree(forReads(deps), actor, { ...rest, acpl: social, type: 'plan', advertiser_id }),
  ),
  handle(plans.planUpdate, async ({ deps, actor, input: { advertiser_id, social, ...rest } }) =>
    answered(await updateOldPlans(deps, actor, social, advertiser_id, rest)),
  ),
  handle(plans.wbplanIndex, ({ deps, actor, input: { customer_id, ...rest } }) =>
    listTree(forReads(deps), actor, { ...rest, acpl: 3, type: 'plan', advertiser_id: customer_id }),
  ),
  handle(plans.wbplanHupdate, async ({ deps, actor, input: { customer_id, ...rest } }) =>
    answered(await updateOldPlans(deps, actor, 3, customer_id, rest)),
  ),
  handle(plans.miniplanIndex, ({ deps, actor, input: { advertiser_id, social, ...rest } }) =>
    listTree(forReads(deps), actor, { ...rest, acpl: social, pl: 4, type: 'plan', advertiser_id }),
  ),
  handle(plans.miniputIndex, ({ deps, actor, input }) => miniputIndex(deps, actor, input)),
  handle(plans.miniputDetail, ({ deps, actor, input }) => miniputDetail(deps, actor, input)),
  handle(plans.miniputStatus, async ({ deps, actor, input }) => answered(await miniputStatus(deps, actor, input))),
  handle(plans.miniappAdd, ({ deps, actor, input }) => miniappAdd(deps, actor, input)),
  handle(plans.miniappDelete, ({ deps, actor, input }) => miniappDelete(deps, actor, input)),
];
