import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { invalid } from '../kernel/errors.ts';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/** An object read as a stream (large files: exports). */
export interface ObjectStream {
  stream: Readable;
  size: number;
  contentType: string;
}

/**
 * Object storage for published artefacts (landing HTML), export files and uploads: a local directory by
 * default, OSS/S3 later behind the same calls.
 */
export interface ObjectStorage {
  put(key: string, body: string | Buffer, contentType: string): Promise<void>;
  /** Store a file from disk without holding it in memory (moved when it can be, else copied; the caller removes what is left). Returns its size. */
  putFile(key: string, file: string, contentType: string): Promise<number>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** The object as a stream, or null when there is none. */
  open(key: string): Promise<ObjectStream | null>;
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

/** Keys are `a/b/c.html`-style: ASCII segments, no `..`, no leading dot or slash, no backslash — so never outside the root. */
export function checkKey(key: string): string {
  if (
    typeof key !== 'string' ||
    key.length > 512 ||
    !KEY.test(key) ||
    key.split('/').some((s) => s === '.' || s === '..' || s.includes('..'))
  ) {
    throw invalid('存储键不合法');
  }
  return key;
}

/** Files under `root/objects/{key}`, content types in `root/meta/{key}.json`; writes are atomic (temp file + rename). */
export class LocalDirectoryStorage implements ObjectStorage {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private file(dir: 'objects' | 'meta', key: string): string {
    const base = path.resolve(this.root, dir);
    const full = path.resolve(base, checkKey(key) + (dir === 'meta' ? '.json' : ''));
    if (!full.startsWith(base + path.sep)) throw invalid('存储键不合法');
    return full;
  }

  private async atomicWrite(file: string, data: string | Buffer): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  async put(key: string, body: string | Buffer, contentType: string): Promise<void> {
    await this.atomicWrite(this.file('meta', key), JSON.stringify({ contentType }));
    await this.atomicWrite(this.file('objects', key), body);
  }

  async putFile(key: string, file: string, contentType: string): Promise<number> {
    await this.atomicWrite(this.file('meta', key), JSON.stringify({ contentType }));
    const target = this.file('objects', key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await rename(file, target); // same file system (DATA_DIR/tmp → DATA_DIR/oss): no copy
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await copyFile(file, tmp);
      await rename(tmp, target);
    }
    return (await stat(target)).size;
  }

  async open(key: string): Promise<ObjectStream | null> {
    const file = this.file('objects', key);
    try {
      const { size } = await stat(file);
      const contentType = await this.contentTypeOf(key);
      return { stream: createReadStream(file), size, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  private async contentTypeOf(key: string): Promise<string> {
    try {
      return (JSON.parse(await readFile(this.file('meta', key), 'utf8')) as { contentType: string }).contentType;
    } catch {
      return 'application/octet-stream';
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const body = await readFile(this.file('objects', key));
      return { body, contentType: await this.contentTypeOf(key) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file('objects', key), { force: true });
    await rm(this.file('meta', key), { force: true });
  }
}

/** Where a link's published landing HTML lives. */
export const landingKey = (pageid: string): string => `landing/${pageid}.html`;
