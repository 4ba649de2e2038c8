import { describe, expect, it } from 'vitest';
import { ApiError, endsSession, failureText, isBannedError, isExpiredError, REQUEST_TIMEOUT, resolveUrl } from './api.ts';

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

describe('envelope-code predicates', () => {
  it('know the spec §8 expiry and ban codes', () => {
    expect([1009, 6, 1008, 1001, 4000].map((c) => isExpiredError(new ApiError(c, 'x')))).toEqual([true, true, true, false, false]);
    expect(isBannedError(new ApiError(1001, 'x'))).toBe(true);
    expect(endsSession(new ApiError(1009, 'x'))).toBe(true);
    expect(endsSession(new Error('x'))).toBe(false);
  });
  it('give the text a screen shows for a failure (none when the session ended)', () => {
    expect(failureText(new ApiError(4000, '搜索内容不能超过 100 个字符'))).toBe('搜索内容不能超过 100 个字符');
    expect(failureText(new ApiError(1009, '登录信息已过期'))).toBeNull();
    expect(failureText(undefined)).toBeNull();
    expect(failureText(new ApiError(-1, ''))).toBe('接口请求失败');
  });
});
