import { describe, expect, it } from 'vitest';
import { htmlRedirectTarget } from './html.ts';

describe('htmlRedirectTarget', () => {
  it.each([
    ['<meta http-equiv="refresh" content="0; url=https://a.cn/x?a=1&amp;b=2">', 'https://a.cn/x?a=1&b=2'],
    ["<META CONTENT='3;URL=/next' HTTP-EQUIV='Refresh'>", '/next'],
    ['<meta http-equiv=refresh content="0;url=\'taobao://item?id=1\'">', 'taobao://item?id=1'],
    ['<script>window.location.href = "https://b.cn/y";</script>', 'https://b.cn/y'],
    ["<script>var a=1;location.replace('tbopen://m.taobao.com/x')</script>", 'tbopen://m.taobao.com/x'],
    ['<script>location="https:\\/\\/c.cn\\/z"</script>', 'https://c.cn/z'],
  ])('%s → %s', (html, target) => {
    expect(htmlRedirectTarget(html)).toBe(target);
  });

  it.each([
    '<meta name="viewport" content="width=device-width">',
    '<p>location.href = "x"</p>',
    '<script>if(a) x = location.href;</script>',
    '',
  ])('no redirect in %s', (html) => {
    expect(htmlRedirectTarget(html)).toBeNull();
  });
});
