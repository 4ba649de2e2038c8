import { expect, it } from 'vitest';
import { decrypt, encrypt } from './crypto.ts';

const key = Buffer.alloc(32, 1);

it('round-trips and never repeats a ciphertext', () => {
  const a = encrypt(key, 'access-token-秘密');
  expect(a).not.toContain('access');
  expect(decrypt(key, a)).toBe('access-token-秘密');
  expect(encrypt(key, 'x')).not.toBe(encrypt(key, 'x'));
});

it('refuses tampering and the wrong key', () => {
  const a = encrypt(key, 'hello');
  const parts = a.split('.');
  parts[3] = Buffer.from('jello').toString('base64url');
  expect(() => decrypt(key, parts.join('.'))).toThrow();
  expect(() => decrypt(Buffer.alloc(32, 2), a)).toThrow();
  expect(() => decrypt(key, 'plain')).toThrow('not an encrypted value');
});
