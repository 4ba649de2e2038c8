import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

export interface Secrets {
  /** HMAC key for session tokens. */
  tokenSecret: Buffer;
  /** AES-256-GCM key for third-party tokens stored in the database. */
  encryptionKey: Buffer;
}

/**
 * Secrets come from the environment, or are generated once into DATA_DIR/secrets.json (mode 0600).
 * Several app processes sharing one PostgreSQL must be given the same values by environment.
 */
export function loadSecrets(config: Config): Secrets {
  if (config.TOKEN_SECRET && config.ENCRYPTION_KEY) {
    return { tokenSecret: Buffer.from(config.TOKEN_SECRET), encryptionKey: Buffer.from(config.ENCRYPTION_KEY, 'hex') };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: { tokenSecret: string; encryptionKey: string };
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } else {
    stored = { tokenSecret: randomBytes(48).toString('base64url'), encryptionKey: randomBytes(32).toString('hex') };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    tokenSecret: Buffer.from(config.TOKEN_SECRET ?? stored.tokenSecret),
    encryptionKey: Buffer.from(config.ENCRYPTION_KEY ?? stored.encryptionKey, 'hex'),
  };
}
