import { type Kysely, sql } from 'kysely';
import { notNullDefault } from '../dialect.ts';

/** The demo world's links as seeded until this migration (owner e-mail, title): frozen here. */
const SEEDED = [
  ['customer1@demo.local', '秋冬加厚卫衣-巨量直跳'],
  ['customer1@demo.local', '羊毛围巾-腾讯非直跳'],
  ['customer1@demo.local', '羽绒服-快手淘积木'],
  ['customer1@demo.local', '雪地靴-UC直跳'],
  ['customer2@demo.local', '蓝牙耳机-京东巨量'],
  ['customer2@demo.local', '充电宝-拼多多'],
  ['customer2@demo.local', '智能手表-小红书'],
  ['sub1@demo.local', '即食海参-淘宝新链路'],
  ['sub1@demo.local', '礼盒装坚果-微信小程序'],
  ['sub2@demo.local', '保湿面霜-巨量直跳'],
  ['agent@demo.local', '代理商自营-京东 CID'],
] as const;

/**
 * Frozen 2026-11-22: links of the demo world are marked (demo = 1), so the demo traffic pings only them — never
 * a link a user made. Links seeded before this migration are recognised by owner and seeded title.
 */
export function demoLinks() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('links').addColumn('demo', 'integer', notNullDefault(0)).execute();
      await db.schema.createIndex('links_demo').on('links').columns(['demo', 'deleted_at']).execute();
      for (const [email, title] of SEEDED) {
        await sql`update links set demo = 1 where title = ${title} and customerid in (select id from users where email = ${email})`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('links_demo').execute();
      await db.schema.alterTable('links').dropColumn('demo').execute();
    },
  };
}
