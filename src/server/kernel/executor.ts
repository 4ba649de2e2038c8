import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The process's database handle. */
export type Db = Kysely<Database>;

/** What every store function takes: the database or an open transaction, so services decide the transaction. */
export type Executor = Db | Transaction<Database>;
