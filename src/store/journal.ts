import * as nodeFs from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { UserError } from '../user-error.js';
import { fsyncAsync, writeAll, type WriteFs } from './verified-write.js';

// An append-only journal: one JSON record a line, each line carrying the CRC-32 of its
// record, each append fsync'd. A line cut short by a crash or a full disk (the last one) and
// a line whose checksum does not match are skipped on reading, and a torn last line is cut
// off before the next append, so one bad write never spoils the records around it.
//
//   {"sum":"1a2b3c4d","rec":{…}}

const PREFIX = '{"sum":"';
const MIDDLE = '","rec":';

export type JournalFs = WriteFs & Pick<typeof nodeFs, 'existsSync' | 'ftruncateSync' | 'fstatSync' | 'readSync' | 'readFileSync'>;

// node:zlib (for its crc32) brings the stream machinery with it: loaded on the first
// checksum, not by every command that merely imports a journal.
const require = createRequire(import.meta.url);
let zlibCrc32: ((data: string) => number) | undefined;
const crc32 = (data: string): number => (zlibCrc32 ??= (require('node:zlib') as typeof import('node:zlib')).crc32)(data);

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

export function journalLine(rec: unknown): string {
  const body = JSON.stringify(rec);
  return `${PREFIX}${hex(crc32(body))}${MIDDLE}${body}}\n`;
}

/** The record of one line, or undefined when the line is damaged. */
export function parseJournalLine(line: string): unknown {
  if (!line.startsWith(PREFIX) || line.slice(16, 16 + MIDDLE.length) !== MIDDLE || !line.endsWith('}')) return undefined;
  const body = line.slice(16 + MIDDLE.length, -1);
  if (hex(crc32(body)) !== line.slice(PREFIX.length, 16)) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export interface JournalRead<T> {
  records: T[];
  /** Lines skipped: damaged in the middle, or the torn last one. */
  damaged: number;
  /** Bytes up to the end of the last complete line. */
  goodEnd: number;
}

export class Journal<T> {
  private fd: number | undefined;
  private unsynced = false;
  /** With a batch, appends are written at once and fsync'd at the batch's commit. */
  private batch: { add(s: { sync(): void }): void } | null = null;

  constructor(readonly path: string, private readonly fs: JournalFs = nodeFs) {}

  deferSync(batch: { add(s: { sync(): void }): void }): this {
    this.batch = batch;
    return this;
  }

  /** Back to one fsync an append. */
  noDefer(): this {
    this.batch = null;
    return this;
  }

  sync(): void {
    if (this.fd !== undefined && this.unsynced) this.fs.fsyncSync(this.fd);
    this.unsynced = false;
  }

  /** sync() in libuv's thread pool, so that a group commit runs its fsyncs side by side. */
  async syncAsync(): Promise<void> {
    if (this.fd === undefined || !this.unsynced) return;
    if (this.fs !== nodeFs) return this.sync(); // an injected file system (tests) is synchronous
    const fd = this.fd;
    this.unsynced = false; // (an append while the fsync runs sets it again)
    try {
      await fsyncAsync(fd);
    } catch (e) {
      this.unsynced = true;
      throw e;
    }
  }

  /** Its file system was synced as a whole (a group commit): the appends are durable. */
  markSynced(): void {
    this.unsynced = false;
  }

  exists(): boolean {
    return this.fs.existsSync(this.path);
  }

  /** The records of the journal, or of its lines from byte `from` on (a line start: an earlier goodEnd). */
  read(from = 0): JournalRead<T> {
    if (!this.fs.existsSync(this.path)) return { records: [], damaged: 0, goodEnd: 0 };
    const text = from === 0 ? this.fs.readFileSync(this.path, 'utf8') : this.bytesFrom(from).toString('utf8');
    const records: T[] = [];
    let damaged = 0;
    let start = 0;
    for (;;) {
      const end = text.indexOf('\n', start);
      if (end < 0) break;
      const rec = parseJournalLine(text.slice(start, end));
      if (rec === undefined) damaged++;
      else records.push(rec as T);
      start = end + 1;
    }
    if (start < text.length) damaged++; // the torn last line
    return { records, damaged, goodEnd: from + Buffer.byteLength(text.slice(0, start)) };
  }

  /**
   * The records of the lines from byte `from` on (a line start), each with the byte offset of
   * its line: what an index over the journal points at (see journal-index.ts).
   */
  readAt(from = 0): { records: { rec: T; at: number }[]; damaged: number; goodEnd: number } {
    if (!this.fs.existsSync(this.path)) return { records: [], damaged: 0, goodEnd: 0 };
    const buf = from === 0 ? this.fs.readFileSync(this.path) : this.bytesFrom(from);
    const records: { rec: T; at: number }[] = [];
    let damaged = 0;
    let start = 0;
    for (;;) {
      const end = buf.indexOf(0x0a, start);
      if (end < 0) break;
      const rec = parseJournalLine(buf.toString('utf8', start, end));
      if (rec === undefined) damaged++;
      else records.push({ rec: rec as T, at: from + start });
      start = end + 1;
    }
    if (start < buf.length) damaged++; // the torn last line
    return { records, damaged, goodEnd: from + start };
  }

  /** The record of the line that starts at byte `at`, or undefined (no such line, damaged, torn). */
  recordAt(at: number): T | undefined {
    if (!Number.isSafeInteger(at) || at < 0 || !this.fs.existsSync(this.path)) return undefined;
    const fd = this.fs.openSync(this.path, 'r');
    try {
      if (at > 0) {
        // a line start: the byte before it ends a line
        const before = Buffer.alloc(1);
        if (this.fs.readSync(fd, before, 0, 1, at - 1) !== 1 || before[0] !== 0x0a) return undefined;
      }
      let buf = Buffer.alloc(4096);
      let len = 0;
      for (;;) {
        if (len === buf.length) buf = Buffer.concat([buf, Buffer.alloc(buf.length)]);
        const n = this.fs.readSync(fd, buf, len, buf.length - len, at + len);
        if (n === 0) return undefined; // no newline: torn or past the end
        const nl = buf.indexOf(0x0a, len);
        len += n;
        if (nl >= 0 && nl < len) return parseJournalLine(buf.toString('utf8', 0, nl)) as T | undefined;
      }
    } finally {
      this.fs.closeSync(fd);
    }
  }

  /** The journal's size in bytes (0 when it does not exist). */
  size(): number {
    if (this.fd !== undefined) return this.fs.fstatSync(this.fd).size;
    try {
      return nodeFs.statSync(this.path).size;
    } catch {
      return 0;
    }
  }

  /** The journal's bytes from `from` to its end. */
  bytesFrom(from: number, to?: number): Buffer {
    const fd = this.fs.openSync(this.path, 'r');
    try {
      const end = Math.min(to ?? Infinity, this.fs.fstatSync(fd).size);
      const buf = Buffer.alloc(Math.max(0, end - from));
      let done = 0;
      while (done < buf.length) {
        const n = this.fs.readSync(fd, buf, done, buf.length - done, from + done);
        if (n === 0) break;
        done += n;
      }
      return buf.subarray(0, done);
    } finally {
      this.fs.closeSync(fd);
    }
  }

  /**
   * A hash of the journal's length `end` and of its first `head` and last `tail` bytes up to
   * it, by which a checkpoint recognises the journal it was made of; null when `end` is not
   * a line end of this journal.
   */
  markAt(end: number, head: number, tail: number): string | null {
    const last = this.bytesFrom(Math.max(0, end - tail), end);
    if (last.length !== Math.min(end, tail) || (end > 0 && last[last.length - 1] !== 0x0a)) return null;
    const first = head > 0 ? this.bytesFrom(0, Math.min(end, head)) : Buffer.alloc(0);
    // (node:crypto loaded here, not by every command that reads a journal)
    return (require('node:crypto') as typeof import('node:crypto')).createHash('sha1').update(String(end)).update(first).update('|').update(last).digest('hex');
  }

  /** Appends one record, fsync'd. A failed append leaves the journal as it was. Returns the byte offset of its line. */
  append(rec: T): number {
    return this.appendMany([rec])[0]!;
  }

  /** Appends records, fsync'd; returns the byte offset of each one's line. */
  appendMany(recs: T[]): number[] {
    if (recs.length === 0) return [];
    const fd = this.open();
    const before = this.fs.fstatSync(fd).size;
    const lines = recs.map((r) => Buffer.from(journalLine(r), 'utf8'));
    const offsets: number[] = [];
    let at = before;
    for (const l of lines) { offsets.push(at); at += l.length; }
    try {
      writeAll(this.fs, fd, lines.length === 1 ? lines[0]! : Buffer.concat(lines));
      if (this.batch) {
        this.unsynced = true;
        this.batch.add(this);
      } else this.fs.fsyncSync(fd);
    } catch (e) {
      try { this.fs.ftruncateSync(fd, before); } catch { /* the reader skips a torn line anyway */ }
      throw new UserError(`cannot append to ${this.path}: ${(e as Error).message}; nothing was recorded (free disk space and run the command again)`);
    }
    return offsets;
  }

  /** Opens the journal for appending now, so that a later appendPrepared is one write. */
  prepare(): void {
    this.open();
  }

  /**
   * Appends a line made beforehand with journalLine: one write, nothing else first (the
   * outbox marks a message sent this way the moment the server's 250 is in). fsync'd after.
   */
  appendPrepared(line: Buffer, opts: { sync?: boolean } = {}): void {
    const fd = this.open();
    writeAll(this.fs, fd, line);
    if (opts.sync === false) {
      // in the page cache, which a killed process does not lose; the next synced line covers it
      this.unsynced = true;
    } else if (this.batch) {
      this.unsynced = true;
      this.batch.add(this);
    } else this.fs.fsyncSync(fd);
  }

  close(): void {
    this.sync();
    if (this.fd !== undefined) this.fs.closeSync(this.fd);
    this.fd = undefined;
  }

  /** Opens for appending, cutting off a torn last line first. */
  private open(): number {
    if (this.fd !== undefined) return this.fd;
    this.fs.mkdirSync(dirname(this.path), { recursive: true });
    const fd = this.fs.openSync(this.path, 'a+');
    const size = this.fs.fstatSync(fd).size;
    if (size > 0) {
      const last = Buffer.alloc(1);
      this.fs.readSync(fd, last, 0, 1, size - 1);
      if (last[0] !== 0x0a) this.fs.ftruncateSync(fd, this.read().goodEnd);
    }
    this.fd = fd;
    return fd;
  }
}
