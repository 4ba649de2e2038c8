import { pagedList, pageInput, pagesizeInput } from './paging.ts';
import { z } from './zod.ts';

/** 拼多多 pid + uid 备案 notices (docs/affiliate-unions.md "拼多多 备案"): the caller's unbound pairs and their binding links. */
export const pddAuthorityInput = z.object({
  /** Ask 多多进宝 again now (after binding in the 拼多多 app). */
  recheck: z.boolean({ error: 'recheck 必须是布尔值' }).optional(),
  page: pageInput,
  pagesize: pagesizeInput,
});

export const pddAuthorityNotice = z.object({
  pid: z.string(),
  uid: z.string(),
  customerid: z.number().int(),
  /** The page to open in the 拼多多 app to bind ('' when it could not be made yet). */
  bind_url: z.string(),
  /** When 多多进宝 last answered (0: never). */
  checked_at: z.number().int(),
  error: z.string(),
  /** What to tell the user, in Chinese. */
  message: z.string(),
});
export type PddAuthorityNoticeView = z.output<typeof pddAuthorityNotice>;

export const pddAuthorityPage = pagedList(pddAuthorityNotice);
