import { describe, expect, it } from 'vitest';
import { maskPhone } from './actor.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { signToken, verifyToken } from './tokens.ts';

const key = Buffer.from('k'.repeat(40));

describe('tokens', () => {
  const t = signToken(key, { sid: 's1', uid: 7, exp: 2000 });
  it('verifies a good token before expiry', () => expect(verifyToken(key, t, 1999)).toEqual({ sid: 's1', uid: 7, exp: 2000 }));
  it('rejects at and after expiry', () => expect(verifyToken(key, t, 2000)).toBeNull());
  it('rejects another key', () => expect(verifyToken(Buffer.from('x'.repeat(40)), t, 1)).toBeNull());
  it('rejects a tampered payload', () => {
    const [, mac] = t.split('.');
    const forged = Buffer.from(JSON.stringify({ sid: 's1', uid: 1, exp: 2000 })).toString('base64url');
    expect(verifyToken(key, `${forged}.${mac}`, 1)).toBeNull();
  });
  it.each(['', '.', 'a.b.c', 'x'.repeat(600), 'bm90IGpzb24.AAAA'])('rejects garbage %#', (g) => expect(verifyToken(key, g, 1)).toBeNull());
});

describe('passwords', () => {
  it('hash with scrypt and verify', async () => {
    const h = await hashPassword('secret1', 1024);
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('secret1', h)).toBe(true);
    expect(await verifyPassword('secret2', h)).toBe(false);
    expect(await verifyPassword('secret1', 'md5$abc')).toBe(false);
  });
});

describe('maskPhone', () => {
  it.each([
    ['13812345678', '138****5678'],
    ['12345678', '123*5678'],
    ['12345', '1***5'],
    ['', ''],
  ])('%s → %s', (p, m) => expect(maskPhone(p)).toBe(m));
});
