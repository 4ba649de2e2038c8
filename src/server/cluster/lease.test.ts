import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { expect, it } from 'vitest';
import { holderIsDead, newNodeId } from './lease.ts';

it('a holder is dead only when it is a vanished process of this host', () => {
  const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
  expect(holderIsDead(`${hostname()}/${gone}/abcd1234`)).toBe(true);
  expect(holderIsDead(newNodeId())).toBe(false); // this process (another dependency set of it, too)
  expect(holderIsDead(`${hostname()}/${process.ppid}/abcd1234`)).toBe(false); // alive
  expect(holderIsDead(`other-host/${gone}/abcd1234`)).toBe(false); // another host: wait for the lease to expire
  expect(holderIsDead('1234-abcd')).toBe(false);
});
