import { describe, expect, it } from 'vitest';
import { namedOptions } from './options.ts';

type Customer = { id: number; company: string; email: string };
const options = (list: Customer[]) =>
  namedOptions(
    list,
    (c) => c.company,
    (c) => c.email,
    (c) => c.id,
  );

describe('namedOptions', () => {
  it('labels by name only, never by the internal id', () => {
    expect(options([{ id: 8, company: '宁波海味食品有限公司', email: 'a@b.cn' }])).toEqual([{ label: '宁波海味食品有限公司', value: 8 }]);
  });

  it('tells apart only the things that share a name', () => {
    const list = [
      { id: 8, company: '宁波海味食品有限公司', email: 'a@b.cn' },
      { id: 9, company: '宁波海味食品有限公司', email: 'c@d.cn' },
      { id: 10, company: '杭州茶业', email: 'e@f.cn' },
    ];
    expect(options(list).map((o) => o.label)).toEqual(['宁波海味食品有限公司 · a@b.cn', '宁波海味食品有限公司 · c@d.cn', '杭州茶业']);
  });

  it('adds nothing when the telling part is the name itself or empty', () => {
    const list = [
      { id: 1, company: 'x@y.cn', email: 'x@y.cn' },
      { id: 2, company: 'x@y.cn', email: '' },
    ];
    expect(options(list).map((o) => o.label)).toEqual(['x@y.cn', 'x@y.cn']);
  });
});
