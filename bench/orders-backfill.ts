/**
 * A union sandbox world with `orders` 淘宝 orders of the last 30 days on one link (a shopper's click each, every one
 * ordering): what the order sync back-fills in bench/orders.ts part 3 and bench/contended.ts.
 */
import type { UnionSandbox } from '../src/server/sandbox/unions/index.ts';

export function recordBackfill(world: UnionSandbox['world'], orders: number, now: number): void {
  const link = world.issueLink(
    'taobao',
    { pid: 'mm_1000001_2000002_3000003', site_id: '2000002', adzone_id: '3000003', relation_id: '', special_id: '' },
    'taobao:3000003::',
    'item',
    '612345678901',
    '1',
  );
  world.db.exec('BEGIN');
  for (let i = 0; i < orders; i++)
    world.recordClick(link, 'landing', {}, '', '', now - 30 * 86400 + Math.floor((i * 29 * 86400) / orders), 10_000);
  world.db.exec('COMMIT');
}
