import { describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT, resolveUrl } from './api.ts';

describe('resolveUrl', () => {
  it('puts API paths under /capi (the client strips it in the spec)', () => {
    expect(resolveUrl('api/user/login')).toBe('/capi/api/user/login');
    expect(resolveUrl('/napi/link/index')).toBe('/capi/napi/link/index');
    expect(resolveUrl('/capi/api/user/info')).toBe('/capi/api/user/info');
  });
  it('sends /tfc/ and /fcadbacklong/ to their own (same-origin by default) bases', () => {
    expect(resolveUrl('/tfc/htmltoss')).toBe('/tfc/htmltoss');
    expect(resolveUrl('/fcadbacklong/capi/napi/x')).toBe('/fcadbacklong/capi/napi/x');
  });
  it('keeps absolute URLs', () => expect(resolveUrl('https://a.example/x')).toBe('https://a.example/x'));
  it('times out after 10 minutes', () => expect(REQUEST_TIMEOUT).toBe(600000));
});
