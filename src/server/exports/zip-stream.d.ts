/** The part of zip-stream's API the XLSX writer uses (the package ships no types): https://github.com/archiverjs/node-zip-stream */
declare module 'zip-stream' {
  import type { Readable } from 'node:stream';
  import { Transform } from 'node:stream';

  export interface ZipStreamOptions {
    zlib?: { level?: number };
    forceZip64?: boolean;
  }

  export default class ZipStream extends Transform {
    constructor(options?: ZipStreamOptions);
    /** Adds one file; entries go one after another: add the next in the callback. */
    entry(source: string | Buffer | Readable, data: { name: string; date?: Date }, callback: (err?: Error | null) => void): this;
    finalize(): void;
  }
}
