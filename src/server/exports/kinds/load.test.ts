import { describe, expect, it } from 'vitest';
import { EXPORT_KINDS } from './index.ts';
import { KIND_MODULES, loadKind } from './load.ts';

describe('export kinds imported on demand (an export worker loads one)', () => {
  it('names every kind of the registry, each to the same kind', async () => {
    expect(Object.keys(KIND_MODULES).sort()).toEqual(EXPORT_KINDS.map((k) => k.kind).sort());
    for (const kind of EXPORT_KINDS) expect(await KIND_MODULES[kind.kind]?.()).toBe(kind);
  });

  it('refuses an unknown kind and a role the kind does not allow, as kindFor does', async () => {
    await expect(loadKind('nope', 1)).rejects.toMatchObject({ code: 4000 });
    await expect(loadKind('toString', 1)).rejects.toMatchObject({ code: 4000 });
    await expect(loadKind('costOverview', 3)).rejects.toMatchObject({ code: 4003 });
    expect((await loadKind('orders', 1)).kind).toBe('orders');
  });
});
