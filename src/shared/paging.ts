import { z } from './zod.ts';

/** An integer given as a JSON number or a digit string (the old console sends both). */
export const intInput = (msg: string) =>
  z.union(
    [
      z.number().int(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,9}$/)
        .transform(Number),
    ],
    { error: msg },
  );

/** Spec §2 pager: sizes 10/20/30/50 (default 20); lists accept up to 100, the dashboard detail 50. */
export const pagesizeInput = intInput('每页条数必须是整数')
  .refine((n) => n >= 1 && n <= 100, '每页条数只能是 1–100')
  .default(20);
export const pageInput = intInput('页码必须是整数')
  .refine((n) => n >= 1 && n <= 100_000, '页码必须是正整数')
  .default(1);

/** Every paged list answers `{list, total}`. */
export const pagedList = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int().nonnegative() });

/** SQL offset of a page. */
export const offsetOf = (p: { page: number; pagesize: number }): number => (p.page - 1) * p.pagesize;
