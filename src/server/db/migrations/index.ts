import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Engine } from '../dialect.ts';
import { accounts } from './0001_accounts.ts';
import { links } from './0002_links.ts';
import { leases } from './0004_leases.ts';
import { tracking } from './0003_tracking.ts';
import { ads } from './0005_ads.ts';
import { orders } from './0006_orders.ts';

/**
 * Ordered, frozen-in-time migrations bundled with the server (never read from disk at run time).
 * Append new ones; never edit a migration that has shipped.
 */
const ordered: Array<[string, (engine: Engine) => Migration]> = [
  ['0001_accounts', accounts],
  ['0002_links', links],
  ['0003_tracking', tracking],
  ['0004_leases', leases],
  ['0005_ads', ads],
  ['0006_orders', orders],
];

export function migrationProvider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      return Object.fromEntries(ordered.map(([name, make]) => [name, make(engine)]));
    },
  };
}
