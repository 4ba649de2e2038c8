import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { redirectTarget } from './http-server.ts';
import { loadConfig } from './kernel/config.ts';

const req = (host: string, url = '/login?x=1', proto?: string) =>
  ({ headers: { host, ...(proto ? { 'x-forwarded-proto': proto } : {}) }, url }) as unknown as IncomingMessage;

describe('redirectTarget (HTTPS upgrade, legacy hosts)', () => {
  it('is off by default', () => expect(redirectTarget(loadConfig({}), req('a.example.com'))).toBeNull());

  it('upgrades plain HTTP behind a trusted proxy', () => {
    const c = loadConfig({ FORCE_HTTPS: 'on', TRUST_PROXY: 'on' });
    expect(redirectTarget(c, req('a.example.com', '/login?x=1', 'http'))).toBe('https://a.example.com/login?x=1');
    expect(redirectTarget(c, req('a.example.com', '/login', 'https'))).toBeNull();
  });

  it('sends legacy hosts to the canonical host, keeping the path', () => {
    const c = loadConfig({ CANONICAL_HOST: 'new.example.com', LEGACY_HOSTS: 'old.example.com' });
    expect(redirectTarget(c, req('old.example.com:8080', '/pub/123?clickid=9'))).toBe('http://new.example.com/pub/123?clickid=9');
    expect(redirectTarget(c, req('new.example.com'))).toBeNull();
  });

  it('combines both', () => {
    const c = loadConfig({ CANONICAL_HOST: 'new.example.com', LEGACY_HOSTS: 'old.example.com', FORCE_HTTPS: 'on' });
    expect(redirectTarget(c, req('old.example.com', '/'))).toBe('https://new.example.com/');
  });
});
