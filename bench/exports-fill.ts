/**
 * `rows` live promotion links of one owner, written by the database itself (a generated series with realistic titles and
 * full-length monitor URLs; createLink's item conversion would take hours for a million): what bench/exports.ts and
 * bench/contended.ts export.
 */
import { sql } from 'kysely';
import type { Db } from '../src/server/kernel/executor.ts';
import { monitorUrl } from '../src/shared/macros.ts';

export async function insertExportLinks(db: Db, engine: 'sqlite' | 'postgres', ownerId: number, rows: number, now: number): Promise<void> {
  const click = monitorUrl('https://tf.example.cn', 'click', 2, 'PAGEID').split('PAGEID');
  const show = monitorUrl('https://tf.example.cn', 'show', 2, 'PAGEID').split('PAGEID');
  const series =
    engine === 'postgres'
      ? sql`select n from generate_series(1, ${rows}) as g(n)`
      : sql`with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${rows}) select n from seq`;
  await sql`insert into links (pageid, customerid, platform, state, title, itemid, item_title, item_image, item_price, isdirect,
        jumptype, detaillink, transedlink, monitor_touch_url, monitor_show_url, relate_advertiser_ids, created_by, created_at, updated_at)
      select cast(100000000 + n as text), ${ownerId}, 2, 2, '秋冬加厚卫衣 直跳 ' || cast(n as text), cast(600000000000 + n as text),
        '男士秋冬季加厚连帽卫衣宽松潮牌外套 ' || cast(n % 1000 as text), 'https://img.alicdn.com/imgextra/i1/' || cast(n as text) || '.jpg',
        9900 + (n % 5000), 1, 'detail', 'https://detail.tmall.com/item.htm?id=' || cast(600000000000 + n as text),
        'https://s.click.taobao.com/t?e=' || cast(n as text),
        ${click[0]} || cast(100000000 + n as text) || ${click[1]}, ${show[0]} || cast(100000000 + n as text) || ${show[1]},
        '1700000000000001', ${ownerId}, ${now} - (n % 86400), ${now}
      from (${series}) as s`.execute(db);
}
