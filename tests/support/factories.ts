/**
 * Test data factories. Each makes one thing with sensible defaults and takes overrides:
 * - `makeUser`, `makeLink` go through the product's own services (validation, derivation, audit, events),
 *   exactly as the console or the CLI would — use them unless a test needs a row the services refuse;
 * - `insertLinkRow` writes a link row directly, for tracking and landing tests that need fixed pageids or
 *   hand-set item fields (the type of the row is the links table's, so it cannot drift from the schema).
 * `loginAs` returns a token for API calls. As features land, add theirs here the same way (next: ad accounts
 * through the authorisation service, orders through the order sync), not as raw rows in each test.
 */
import { randomBytes } from 'node:crypto';
import type { Insertable } from 'kysely';
import { actorOf } from '../../src/server/accounts/actor.ts';
import type { UserRow } from '../../src/server/accounts/store.ts';
import { createUser, type NewUser } from '../../src/server/accounts/users.ts';
import type { Deps } from '../../src/server/deps.ts';
import type { Db } from '../../src/server/kernel/executor.ts';
import { parseWith } from '../../src/server/kernel/parse.ts';
import { createLink } from '../../src/server/links/service.ts';
import type { LinksTable } from '../../src/server/links/tables.ts';
import { LINK_DEFAULTS, type LinkView, linkCreateInput } from '../../src/shared/links.ts';
import type { Role } from '../../src/shared/roles.ts';
import type { TestApp } from './app.ts';
import { testNow } from './clock.ts';

export const PASSWORD = 'secret123';
let seq = 0;
/** Unique per test process (users stay unique when suites share a database), not a time. */
const RUN = randomBytes(4).toString('hex');

/** A user of `role` (default 3, a customer) with a unique e-mail; `parentEmail` makes a sub-customer or sub-account. */
export async function makeUser(deps: Deps, over: Partial<NewUser> & { role?: Role } = {}): Promise<UserRow> {
  seq += 1;
  return createUser(deps, {
    email: `user${seq}-${RUN}@x.cn`,
    password: PASSWORD,
    role: 3,
    company: `公司${seq}`,
    ...over,
  });
}

export async function loginAs(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  const r = await t.post<{ jwt: string }>('/capi/api/user/login', { email, password });
  if (r.body.code !== 1) throw new Error(`login ${email} failed: ${r.body.msg}`);
  return r.body.data.jwt;
}

/** A link owned by `owner`, created by `by` (default the owner) through the links service. */
export async function makeLink(deps: Deps, owner: UserRow, over: Record<string, unknown> = {}, by: UserRow = owner): Promise<LinkView> {
  const input = parseWith(linkCreateInput, {
    platform: 2,
    state: 2,
    item: '612345678901',
    isdirect: 1,
    title: '测试链接',
    customerid: owner.id,
    ...over,
  });
  return createLink(deps, actorOf(by, 'factory'), input);
}

/** A link row written directly (fixed pageid, any item fields). */
export async function insertLinkRow(
  db: Db,
  row: Partial<Insertable<LinksTable>> & { pageid: string; customerid: number; deleted?: boolean },
): Promise<void> {
  const now = testNow();
  const { deleted, ...rest } = row;
  await db
    .insertInto('links')
    .values({
      ...LINK_DEFAULTS,
      ...{ platform: 2, state: 2, isdirect: 1, itemid: '', item_title: '', item_image: '', item_price: 0, detaillink: '', transedlink: '' },
      ...{
        monitor_touch_url: '',
        monitor_show_url: '',
        created_by: row.customerid,
        created_at: now,
        updated_at: now,
        deleted_at: deleted ? now : null,
      },
      ...rest,
    })
    .execute();
}
