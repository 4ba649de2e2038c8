import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkKey, LocalDirectoryStorage } from './storage.ts';

describe('LocalDirectoryStorage', () => {
  it('puts, gets and deletes with the content type', async () => {
    const s = new LocalDirectoryStorage(mkdtempSync(path.join(os.tmpdir(), 'oss-')));
    await s.put('landing/123.html', '<p>x</p>', 'text/html; charset=utf-8');
    expect(await s.get('landing/123.html')).toEqual({ body: Buffer.from('<p>x</p>'), contentType: 'text/html; charset=utf-8' });
    expect(readdirSync(path.join(s.root, 'objects', 'landing'))).toEqual(['123.html']);
    await s.delete('landing/123.html');
    expect(await s.get('landing/123.html')).toBeNull();
    await s.delete('landing/123.html');
  });

  it.each(['../x', 'a/../../x', '/etc/passwd', 'a//b', '.hidden', 'a\\b', 'a/./b', 'a/..', '', 'x'.repeat(600), 'a b', 'C:/x', 'a/b..c'])(
    'refuses the key %j',
    (key) => {
      expect(() => checkKey(key)).toThrow('存储键不合法');
    },
  );
});
