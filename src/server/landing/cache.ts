/** Rendered landing HTML in memory, LRU-bounded by entries and bytes, with a gzip copy made once. */
import { gzipSync } from 'node:zlib';

export interface CachedPage {
  html: Buffer;
  gz: Buffer;
  renderedAt: number;
}

export class LandingCache {
  private map = new Map<string, CachedPage>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(maxEntries = 5000, maxBytes = 64 * 1024 * 1024) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.map.size;
  }
  get totalBytes(): number {
    return this.bytes;
  }

  get(pageid: string): CachedPage | undefined {
    const hit = this.map.get(pageid);
    if (hit) {
      // most recently used goes last
      this.map.delete(pageid);
      this.map.set(pageid, hit);
    }
    return hit;
  }

  set(pageid: string, html: string | Buffer, now = Date.now()): CachedPage {
    this.delete(pageid);
    const body = Buffer.isBuffer(html) ? html : Buffer.from(html, 'utf8');
    const page: CachedPage = { html: body, gz: gzipSync(body, { level: 6 }), renderedAt: now };
    this.map.set(pageid, page);
    this.bytes += page.html.length + page.gz.length;
    while (this.map.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.map.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return page;
  }

  delete(pageid: string): void {
    const old = this.map.get(pageid);
    if (old) {
      this.bytes -= old.html.length + old.gz.length;
      this.map.delete(pageid);
    }
  }
}
