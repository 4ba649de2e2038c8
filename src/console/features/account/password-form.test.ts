import { describe, expect, it } from 'vitest';
import { validatePasswordForm } from './password-form.ts';

const v = (oldpass: string, newpass: string, againpass: string) => validatePasswordForm({ oldpass, newpass, againpass });

describe('change-password rules (spec §5)', () => {
  it('requires every field with its own message', () => {
    expect(v('', '', '')).toEqual({ ok: false, errors: { oldpass: '请输入密码', newpass: '请输入新密码', againpass: '请再次重复新密码' } });
  });
  it('treats blank input as empty (trimmed)', () => {
    const r = v('   ', 'abcdef', 'abcdef');
    expect(r.ok === false && r.errors.oldpass).toBe('请输入密码');
  });
  it('checks length 6 to 20', () => {
    const r = v('12345', '123456789012345678901', '123');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.oldpass).toBe('长度在 6 到 20 个字符');
      expect(r.errors.newpass).toBe('长度在 6 到 20 个字符');
    }
  });
  it('requires the repeat to match', () => {
    const r = v('oldpass1', 'newpass1', 'newpass2');
    expect(r.ok === false && r.errors.againpass).toBe('两次密码输入不一致');
  });
  it('passes trimmed values on success', () => {
    expect(v(' oldpass1 ', 'newpass1 ', ' newpass1')).toEqual({
      ok: true,
      body: { oldpass: 'oldpass1', password: 'newpass1', confirmpass: 'newpass1' },
    });
  });
});
