import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * A streaming ZIP writer for an XLSX package (PKWARE APPNOTE.TXT 6.3.10; ECMA-376 Part 2 §8 maps OPC parts onto
 * ZIP items), built on Node's zlib alone: deflate on libuv's thread pool as zip-stream did, CRC-32 by zlib's native
 * `crc32` instead of a JavaScript table (zip-stream's crc-32), no streams polyfill (readable-stream) to load — the
 * export worker's RSS is mostly code (bench/README.md "Exports: 1 M rows under 200 MB").
 *
 * Small parts are deflated whole with their sizes in the local header (§4.3.7). A streamed part has general
 * purpose bit 3 set, zeros in the local header and a data descriptor after its data (§4.3.9); its sizes and
 * offset go to the central directory (§4.3.12), with a Zip64 extra field (§4.5.3) and the Zip64 end records
 * (§4.3.14, §4.3.15) when a size or offset reaches 4 GiB (a sheet of 1 M wide rows can). Names are UTF-8 (bit 11).
 */
export class ZipWriter {
  private offset = 0;
  private readonly items: Item[] = [];
  private readonly out: Writable;
  private readonly opts: { level: number; forceZip64?: boolean };

  /** `forceZip64`: the Zip64 records for every item (tests: the reader's side of files past 4 GiB). */
  constructor(out: Writable, opts: { level: number; forceZip64?: boolean }) {
    this.out = out;
    this.opts = opts;
  }

  /** A whole part (the package's small XML parts). */
  async add(name: string, text: string): Promise<void> {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data, { level: this.opts.level });
    const item: Item = {
      name: Buffer.from(name),
      crc: crc32(data),
      size: data.length,
      packed: packed.length,
      at: this.offset,
      streamed: false,
    };
    await this.put(localHeader(item));
    await this.put(packed);
    this.items.push(item);
  }

  /** A part written piece by piece: `write` waits while the compressor is full, `end` writes the data descriptor. */
  async open(name: string): Promise<ZipEntry> {
    const item: Item = { name: Buffer.from(name), crc: 0, size: 0, packed: 0, at: this.offset, streamed: true };
    await this.put(localHeader(item));
    const deflate = createDeflateRaw({ level: this.opts.level });
    let failure: Error | null = null;
    deflate.on('error', (err) => {
      failure = err;
    });
    deflate.on('data', (chunk: Buffer) => {
      item.packed += chunk.length;
      this.offset += chunk.length;
      if (!this.out.write(chunk)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const ended = once(deflate, 'end');
    ended.catch(() => {});
    return {
      write: async (text: string) => {
        if (failure) throw failure;
        const data = Buffer.from(text);
        item.crc = crc32(data, item.crc);
        item.size += data.length;
        if (!deflate.write(data)) await once(deflate, 'drain');
      },
      end: async () => {
        if (failure) throw failure;
        deflate.end();
        await ended;
        await this.put(dataDescriptor(item, this.zip64(item)));
        this.items.push(item);
      },
    };
  }

  /** The central directory and its end records. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const item of this.items) await this.put(centralHeader(item, this.zip64(item)));
    const length = this.offset - start;
    const count = this.items.length;
    const big = this.opts.forceZip64 || count >= 0xffff || start >= MAX32 || length >= MAX32;
    if (big) {
      const at = this.offset;
      const record = Buffer.alloc(56);
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4); // size of the rest of the record
      record.writeUInt16LE(45, 12);
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(count), 24);
      record.writeBigUInt64LE(BigInt(count), 32);
      record.writeBigUInt64LE(BigInt(length), 40);
      record.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(at), 8);
      locator.writeUInt32LE(1, 16);
      await this.put(Buffer.concat([record, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(big ? 0xffff : count, 8);
    end.writeUInt16LE(big ? 0xffff : count, 10);
    end.writeUInt32LE(big ? MAX32 : length, 12);
    end.writeUInt32LE(big ? MAX32 : start, 16);
    await this.put(end);
  }

  private zip64(item: Item): boolean {
    return this.opts.forceZip64 === true || item.size >= MAX32 || item.packed >= MAX32 || item.at >= MAX32;
  }

  private async put(buf: Buffer): Promise<void> {
    this.offset += buf.length;
    if (!this.out.write(buf)) await once(this.out, 'drain');
  }
}

export interface ZipEntry {
  write(text: string): Promise<void>;
  end(): Promise<void>;
}

interface Item {
  name: Buffer;
  crc: number;
  /** Uncompressed and compressed bytes. */
  size: number;
  packed: number;
  /** Offset of the local header. */
  at: number;
  streamed: boolean;
}

const MAX32 = 0xffffffff;
/** 2020-01-01 00:00:00 in MS-DOS date and time (§4.4.6): a file's bytes depend only on its rows. */
const DOS_TIME = 0;
const DOS_DATE = ((2020 - 1980) << 9) | (1 << 5) | 1;
/** Bit 11: UTF-8 names; bit 3: sizes and CRC in a data descriptor (§4.4.4). */
const flagsOf = (item: Item): number => 0x0800 | (item.streamed ? 0x0008 : 0);

function localHeader(item: Item): Buffer {
  const b = Buffer.alloc(30);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
  b.writeUInt16LE(flagsOf(item), 6);
  b.writeUInt16LE(8, 8); // deflate
  b.writeUInt16LE(DOS_TIME, 10);
  b.writeUInt16LE(DOS_DATE, 12);
  if (!item.streamed) {
    b.writeUInt32LE(item.crc, 14);
    b.writeUInt32LE(item.packed, 18);
    b.writeUInt32LE(item.size, 22);
  }
  b.writeUInt16LE(item.name.length, 26);
  return Buffer.concat([b, item.name]);
}

/** §4.3.9: signature, CRC, then the sizes in 8 bytes each for a Zip64 item (§4.3.9.2), else 4. */
function dataDescriptor(item: Item, zip64: boolean): Buffer {
  const b = Buffer.alloc(zip64 ? 24 : 16);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(item.crc, 4);
  if (zip64) {
    b.writeBigUInt64LE(BigInt(item.packed), 8);
    b.writeBigUInt64LE(BigInt(item.size), 16);
  } else {
    b.writeUInt32LE(item.packed, 8);
    b.writeUInt32LE(item.size, 12);
  }
  return b;
}

function centralHeader(item: Item, zip64: boolean): Buffer {
  const b = Buffer.alloc(46);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(zip64 ? 45 : 20, 4); // made by: MS-DOS attributes, spec version
  b.writeUInt16LE(zip64 ? 45 : 20, 6); // needed to extract (4.5: Zip64)
  b.writeUInt16LE(flagsOf(item), 8);
  b.writeUInt16LE(8, 10);
  b.writeUInt16LE(DOS_TIME, 12);
  b.writeUInt16LE(DOS_DATE, 14);
  b.writeUInt32LE(item.crc, 16);
  b.writeUInt32LE(zip64 ? MAX32 : item.packed, 20);
  b.writeUInt32LE(zip64 ? MAX32 : item.size, 24);
  b.writeUInt16LE(item.name.length, 28);
  b.writeUInt16LE(zip64 ? 28 : 0, 30);
  b.writeUInt32LE(zip64 ? MAX32 : item.at, 42);
  if (!zip64) return Buffer.concat([b, item.name]);
  // Zip64 extended information (§4.5.3): the fields set to 0xFFFFFFFF above, in this order
  const extra = Buffer.alloc(28);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(24, 2);
  extra.writeBigUInt64LE(BigInt(item.size), 4);
  extra.writeBigUInt64LE(BigInt(item.packed), 12);
  extra.writeBigUInt64LE(BigInt(item.at), 20);
  return Buffer.concat([b, item.name, extra]);
}
