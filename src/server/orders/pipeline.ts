/**
 * The order sync's batches, written one after another and read one ahead (bench/README.md "Orders: the next batch
 * read while one is written"). On PostgreSQL a batch's reads and attribution (`planOrders`, on pooled connections
 * outside any transaction) run while the batch before it is written and committed on another connection, so this
 * process's half of the work and the server's overlap instead of taking turns. Writes stay one at a time, in the
 * order the batches came (a batch's transaction begins once the one before it has committed), and a batch holding an
 * order of the batch being written waits for that write before it reads, so every batch reads what the ones before it
 * stored — the same result as `ingestOrders` batch after batch. SQLite runs every statement on the one connection,
 * so there is nothing to overlap: each batch is read and written in one transaction, as `ingestOrders` does.
 *
 * A write that fails is thrown by the next `push` or by `settle`; call `settle` before moving a watermark and before
 * leaving (also on an error), so no write is left running.
 */
import type { AffiliateOrder } from '../connectors/affiliate.ts';
import type { Engine } from '../db/dialect.ts';
import type { Db } from '../kernel/executor.ts';
import { type IngestResult, ingestOrders, planOrders, writeOrders } from './ingest.ts';

const key = (o: Pick<AffiliateOrder, 'union' | 'orderId'>) => `${o.union}:${o.orderId}`;

export class IngestPipeline {
  /** What the batches written so far stored (a batch counts once its transaction has committed). */
  readonly totals: IngestResult = { inserted: 0, updated: 0, unchanged: 0, stale: 0, postbacks: 0 };
  private writing: Promise<void> | null = null;
  private writingKeys = new Set<string>();

  private readonly db: Db;
  private readonly engine: Engine;
  /** Epoch seconds, read once per batch. */
  private readonly now: () => number;

  constructor(db: Db, engine: Engine, now: () => number) {
    this.db = db;
    this.engine = engine;
    this.now = now;
  }

  /** Store one batch of one union's orders; on PostgreSQL it returns once the batch's write has begun. */
  async push(orders: AffiliateOrder[]): Promise<void> {
    if (orders.length === 0) return;
    const now = this.now();
    if (this.engine !== 'postgres') {
      this.add(await this.db.transaction().execute((tx) => ingestOrders(tx, this.engine, orders, now)));
      return;
    }
    if (orders.some((o) => this.writingKeys.has(key(o)))) await this.settle();
    const plan = await planOrders(this.db, this.engine, orders, now);
    await this.settle();
    this.writingKeys = new Set(orders.map(key));
    const write = this.db.transaction().execute((tx) => writeOrders(tx, this.engine, plan.nexts, now));
    this.writing = write.then((written) => this.add({ ...written, stale: plan.stale }));
    // the failure is thrown by the next settle(); until then it must not count as unhandled
    this.writing.catch(() => {});
  }

  /** Wait for the batch being written; throws its failure. */
  async settle(): Promise<void> {
    const writing = this.writing;
    this.writing = null;
    this.writingKeys = new Set();
    if (writing) await writing;
  }

  private add(r: IngestResult): void {
    this.totals.inserted += r.inserted;
    this.totals.updated += r.updated;
    this.totals.unchanged += r.unchanged;
    this.totals.stale += r.stale;
    this.totals.postbacks += r.postbacks;
  }
}
