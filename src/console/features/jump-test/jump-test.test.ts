import { describe, expect, it } from 'vitest';
import { checkUrl, schemeOf, statusTone } from './jump-test.ts';

describe('checkUrl', () => {
  it('asks for a URL', () => {
    expect(checkUrl('  ')).toEqual({ error: '请输入要检测的链接' });
  });
  it('adds https to a bare host', () => {
    expect(checkUrl('s.click.taobao.com/abc')).toEqual({ url: 'https://s.click.taobao.com/abc' });
  });
  it('keeps http(s) URLs and refuses other schemes', () => {
    expect(checkUrl('http://a.example/x?y=1')).toEqual({ url: 'http://a.example/x?y=1' });
    expect(checkUrl('taobao://item')).toEqual({ error: '只能检测 http:// 或 https:// 开头的链接' });
    expect(checkUrl('javascript:alert(1)')).toEqual({ error: '只能检测 http:// 或 https:// 开头的链接' });
  });
  it('refuses what is not a URL', () => {
    expect(checkUrl('http://')).toHaveProperty('error');
    expect(checkUrl('https://exa mple.com')).toHaveProperty('error');
  });
});

describe('result reading', () => {
  it('colours status codes', () => {
    expect(statusTone(200)).toBe('ok');
    expect(statusTone(302)).toBe('redirect');
    expect(statusTone(404)).toBe('fail');
    expect(statusTone(0)).toBe('none');
  });
  it('names the app scheme of an app target', () => {
    expect(schemeOf({ final: 'tbopen://m.taobao.com/x', final_kind: 'app' })).toBe('tbopen');
    expect(schemeOf({ final: 'x', final_kind: 'app', app_scheme: 'openapp.jdmobile' })).toBe('openapp.jdmobile');
    expect(schemeOf({ final: 'https://a', final_kind: 'http' })).toBe('');
  });
});
