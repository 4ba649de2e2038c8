import { describe, expect, it } from 'vitest';
import { jumpTarget } from './delivery.ts';

describe('the sandbox shopper reads a landing page’s jump', () => {
  it('takes the body’s data-web, unescaped', () => {
    const html =
      '<!doctype html><html><body class="direct" data-mode="direct" data-auto="1" data-app="taobao://x" data-web="http://127.0.0.1:4321/sandbox/taobao/s.click/t?e=AbC&amp;coupon=1"><main></main></body></html>';
    expect(jumpTarget(html)).toBe('http://127.0.0.1:4321/sandbox/taobao/s.click/t?e=AbC&coupon=1');
  });
  it('finds none on a page without one', () => {
    expect(jumpTarget('<html><body data-web=""></body></html>')).toBe('');
    expect(jumpTarget('<html><body></body></html>')).toBe('');
  });
});
