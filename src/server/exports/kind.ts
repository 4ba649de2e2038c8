import type { AccessRule } from '../../shared/access.ts';
import type { ColumnType, ColumnView } from '../../shared/exports.ts';
import type { z } from '../../shared/zod.ts';
import type { Deps } from '../deps.ts';
import type { Actor } from '../kernel/actor.ts';
import { invalid } from '../kernel/errors.ts';
import { parseWith } from '../kernel/parse.ts';

/**
 * An export kind: one list of the product (links, orders, plans …) offered as a file. A feature adds its kind in
 * `exports/kinds/<kind>.ts` with `defineKind` and lists it in `kinds/index.ts` (CONTRIBUTING.md "Add an export kind").
 *
 * A cell value by column type: text → string; integer / number → number; money → yuan (number);
 * percent → a ratio (0.0123 is 1.23 %); datetime → epoch seconds (written in China time). null, Infinity or
 * NaN → an empty cell.
 */
export type CellValue = string | number | null;

/** Rows a kind reads per keyset page: what an export holds in memory at once, and how often it reports progress. */
export const PAGE_ROWS = 1000;

export interface ExportColumn<R> {
  /** Stable key (templates store it): lower case, digits and underscores. */
  key: string;
  /** The Chinese header. */
  label: string;
  type: ColumnType;
  /** XLSX column width in characters (default by type). */
  width?: number;
  value(row: R): CellValue;
}

export interface ExportKindDef<F, R> {
  kind: string;
  /** Chinese name of the list (file names, the template editor). */
  label: string;
  /** Who may export it: the same rule as the list's own endpoint. */
  access: AccessRule;
  /** The list endpoint's input without paging: exports take exactly the list's filters. */
  filters: z.ZodType<F>;
  columns: readonly ExportColumn<R>[];
  /** How many rows the list has for these filters (for progress); the caller's scope applies. */
  count(deps: Deps, actor: Actor, filters: F): Promise<number>;
  /**
   * The list's rows for these filters in the list's order, a page at a time, through the owning feature's
   * service or lookup (which scopes them to the caller's tenants). Keep pages to about a thousand rows.
   */
  pages(deps: Deps, actor: Actor, filters: F): AsyncIterable<readonly R[]>;
}

export interface KindColumn extends ColumnView {
  width: number;
}

/** A kind with its row type closed over: what the registry, the services and the export job handle. */
export interface ExportKind {
  kind: string;
  label: string;
  access: AccessRule;
  columns: readonly KindColumn[];
  /** Validated, normalised filters (what is stored with an export); 4000 with a Chinese message when bad. */
  parseFilters(raw: unknown): unknown;
  count(deps: Deps, actor: Actor, filters: unknown): Promise<number>;
  /** The chosen columns' cells, row by row, page by page. */
  rows(deps: Deps, actor: Actor, filters: unknown, columns: readonly string[]): AsyncIterable<CellValue[][]>;
}

const DEFAULT_WIDTH: Record<ColumnType, number> = { text: 18, integer: 12, number: 12, decimal2: 10, money: 14, percent: 10, datetime: 20 };

export function defineKind<F, R>(def: ExportKindDef<F, R>): ExportKind {
  const keys = new Set<string>();
  for (const c of def.columns) {
    if (!/^[a-z][a-z0-9_]{0,39}$/.test(c.key) || keys.has(c.key))
      throw new Error(`export kind ${def.kind}: bad or repeated column ${c.key}`);
    keys.add(c.key);
  }
  const byKey = new Map(def.columns.map((c) => [c.key, c]));
  const parse = (raw: unknown): F => parseWith(def.filters, raw ?? {});
  return {
    kind: def.kind,
    label: def.label,
    access: def.access,
    columns: def.columns.map((c) => ({ key: c.key, label: c.label, type: c.type, width: c.width ?? DEFAULT_WIDTH[c.type] })),
    parseFilters: parse,
    count: (deps, actor, filters) => def.count(deps, actor, parse(filters)),
    async *rows(deps, actor, filters, columns) {
      const chosen = columns.map((k) => {
        const c = byKey.get(k);
        if (!c) throw invalid(`${def.label}没有「${k}」这一列`);
        return c;
      });
      for await (const page of def.pages(deps, actor, parse(filters))) {
        yield page.map((row) => chosen.map((c) => c.value(row)));
      }
    },
  };
}
