import { describe, expect, it } from 'vitest';
import { LANDING_PREFIXES, landingPath, linkCreateInput, linkUpdateInput } from './links.ts';

describe('landingPath', () => {
  it.each([
    [{ platform: 6, state: 3, jumptype: 'detail' }, '/new/wx/1'],
    [{ platform: 4, state: 3, jumptype: 'taojimu' }, '/new/1'],
    [{ platform: 3, state: 2, jumptype: 'detail' }, '/pjd/1'],
    [{ platform: 8, state: 8, jumptype: 'detail' }, '/pjd/1'],
    [{ platform: 5, state: 3, jumptype: 'detail' }, '/pud/1'],
    [{ platform: 2, state: 3, jumptype: 'taojimu' }, '/pwb/1'],
    [{ platform: 2, state: 8, jumptype: 'detail' }, '/puc/1'],
    [{ platform: 2, state: 2, jumptype: 'taojimu' }, '/xtb/1'],
    [{ platform: 2, state: 2, jumptype: 'detail' }, '/pub/1'],
    [{ platform: 2, state: 4, jumptype: 'smart' }, '/pub/1'],
    [{ platform: 7, state: 2, jumptype: 'detail' }, '/pub/1'],
  ])('%o → %s', (link, path) => {
    expect(landingPath({ pageid: '1', ...link })).toBe(path);
    expect(LANDING_PREFIXES.some((p) => path.startsWith(p))).toBe(true);
  });
});

describe('link schemas', () => {
  it('create fills defaults; update keeps absent fields absent', () => {
    const c = linkCreateInput.parse({ platform: 2, state: 2, item: '1234', isdirect: 1 });
    expect(c).toMatchObject({ jumptype: 'detail', title: '', type: 1, report_type: 1, page_type: 1, ispro: 0 });
    expect(linkUpdateInput.parse({ pageid: 12, title: 'x' })).toEqual({ pageid: '12', title: 'x' });
  });
});
