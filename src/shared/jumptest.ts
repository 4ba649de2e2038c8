import { z } from './zod.ts';

/** Link jump test (admin `/sxA/jumptest`): the URL to follow and the chain of hops it took. */
export const jumpRunInput = z.object({
  url: z
    .string({ error: '请输入要测试的链接' })
    .trim()
    .min(1, '请输入要测试的链接')
    .max(4000, '链接不能超过 4000 个字符')
    .transform((s) => (/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : `https://${s}`)),
});

export const hop = z.object({ url: z.string(), status: z.number().int(), location: z.string(), ms: z.number() });
export type Hop = z.output<typeof hop>;

export const jumpResult = z.object({
  hops: z.array(hop),
  final: z.string(),
  final_kind: z.enum(['http', 'app', 'blocked', 'error']),
  app_scheme: z.string().optional(),
  app_name: z.string().optional(),
  error: z.string().optional(),
});
export type JumpResult = z.output<typeof jumpResult>;
