import { describe, expect, it } from 'vitest';
import { monitorUrl } from '../../shared/macros.ts';
import { pageidOfEntity, pageidOfUrl } from './link-match.ts';

const base = 'https://ads.example.com';

describe('matching an ad entity to our promotion link', () => {
  it('reads the pageid from our click and show monitor URLs with their macros', () => {
    expect(pageidOfUrl(monitorUrl(base, 'click', 2, '1234567'), base)).toBe('1234567');
    expect(pageidOfUrl(monitorUrl(base, 'show', 8, '42'), base)).toBe('42');
  });

  it('reads it from our landing pages, whatever the prefix', () => {
    expect(pageidOfUrl(`${base}/pub/77?clickid=x`, base)).toBe('77');
    expect(pageidOfUrl(`${base}/new/wx/88`, base)).toBe('88');
    expect(pageidOfUrl(`${base}/new/99`, base)).toBe('99');
  });

  it('ignores other hosts, other paths and junk', () => {
    expect(pageidOfUrl('https://evil.example.com/m/c/1', base)).toBe('');
    expect(pageidOfUrl(`${base}/login`, base)).toBe('');
    expect(pageidOfUrl(`${base}/pub/abc`, base)).toBe('');
    expect(pageidOfUrl('not a url', base)).toBe('');
    expect(pageidOfUrl(undefined, base)).toBe('');
  });

  it('honours a base path and prefers the click monitor', () => {
    expect(pageidOfUrl('https://x.cn/toufang/m/s/5', 'https://x.cn/toufang/')).toBe('5');
    expect(pageidOfEntity({ landingUrl: `${base}/pub/2`, clickMonitorUrl: `${base}/m/c/1` }, base)).toBe('1');
  });
});
