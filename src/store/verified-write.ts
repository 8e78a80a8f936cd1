import * as nodeFs from 'node:fs';
import { dirname } from 'node:path';
import { UserError } from '../user-error.js';

// Every state file is written so that a crash or a full disk leaves the last good version:
// temp file, every byte written (a short write is retried, a write of 0 bytes is a full
// disk), its size read back and compared, fsync, then renamed over the old file and the folder
// fsync'd. write-file-atomic 7's writeFileSync ignores the count fs.writeSync returns, so on
// a full disk it renamed a truncated file into place: this module replaces it.

/** The few fs calls used, so that tests can inject a full disk or a short write. */
export type WriteFs = Pick<typeof nodeFs, 'openSync' | 'writeSync' | 'fsyncSync' | 'closeSync' | 'renameSync' | 'unlinkSync' | 'fstatSync' | 'mkdirSync'>;

let counter = 0;
/** Folders known to exist (made or seen by this process): no mkdir call a write. */
const madeDirs = new Set<string>();

/** Writes every byte of buf at the fd's position, or throws (ENOSPC when the disk takes none). */
export function writeAll(fs: Pick<WriteFs, 'writeSync'>, fd: number, buf: Buffer): void {
  let off = 0;
  while (off < buf.length) {
    const n = fs.writeSync(fd, buf, off, buf.length - off);
    if (n <= 0) throw Object.assign(new Error('no space left on device (write took 0 bytes)'), { code: 'ENOSPC' });
    off += n;
  }
}

/** fsyncs a folder so that a rename in it survives a power cut (not every file system allows it). */
export function fsyncDir(fs: WriteFs, dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch { /* e.g. EISDIR/EINVAL on some file systems: the rename is still atomic */ } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** fsync(2) in libuv's thread pool (a group commit runs its fsyncs side by side: sync-batch.ts). */
export function fsyncAsync(fd: number): Promise<void> {
  return new Promise((done, fail) => nodeFs.fsync(fd, (e) => (e ? fail(e) : done())));
}

/**
 * Writes a cache file (a file that is only a shortcut: the settings cache, the state memo…):
 * a temp file renamed into place, so a reader finds the old or the new one, never half;
 * no fsync (lost in a crash, it is made again). A cache that cannot be written (read-only
 * game directory, full disk) costs speed only: nothing is thrown, nothing left behind.
 */
export function writeCacheFile(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    nodeFs.writeFileSync(tmp, text);
    nodeFs.renameSync(tmp, path);
  } catch {
    try { nodeFs.unlinkSync(tmp); } catch { /* never made */ }
  }
}

function* utf8Pieces(texts: Iterable<string>): Iterable<Buffer> {
  for (const t of texts) if (t.length) yield Buffer.from(t, 'utf8');
}

/** Where a write's fsyncs go when they wait for a group commit (see sync-batch.ts): the open fd is handed over. */
export interface DeferredSync {
  file(path: string, fd: number): void;
}

/**
 * Replaces path with data atomically and verified: every byte written (the count of each
 * write checked), the size read back from the file, fsync, then renamed into place. On any
 * failure the temp file is removed, the old file is untouched, and a UserError names the
 * file and the cause. With a batch, the fsyncs wait for the batch's commit.
 */
export function writeFileVerified(path: string, data: string | Buffer | Iterable<string>, fs: WriteFs = nodeFs, batch?: DeferredSync, opts: { inPlace?: boolean } = {}): void {
  // (pieces of text: written one after the other, never joined: a big file need not be one string)
  const pieces: Iterable<Buffer> = typeof data === 'string' ? [Buffer.from(data, 'utf8')] : Buffer.isBuffer(data) ? [data] : utf8Pieces(data);
  // inPlace: a new file that nothing trusts until a journal line names it (a raw copy, an
  // outbox .eml): written under its own name, no temp file and rename. A half-written one
  // left by a crash has no journal line and is written again.
  const tmp = opts.inPlace ? path : `${path}.tmp-${process.pid}-${++counter}`;
  let fd: number | undefined;
  try {
    const dir = dirname(path);
    if (!madeDirs.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      if (fs === nodeFs) madeDirs.add(dir);
    }
    fd = fs.openSync(tmp, 'w', 0o644);
    let length = 0;
    for (const buf of pieces) {
      writeAll(fs, fd, buf);
      length += buf.length;
    }
    const size = fs.fstatSync(fd).size;
    if (size !== length) throw new Error(`the file holds ${size} of ${length} bytes after writing`);
    if (!batch) {
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      fd = undefined;
    }
    if (tmp !== path) fs.renameSync(tmp, path);
  } catch (e) {
    if (fd !== undefined) try { fs.closeSync(fd); } catch { /* already failing */ }
    // In place, the file is new and trusted by nothing yet: a half-written one (a full disk)
    // is removed, so that the next run does not take it for a stored mail.
    try { fs.unlinkSync(tmp); } catch { /* never created */ }
    throw new UserError(`cannot write ${path}: ${(e as Error).message}; the previous version is unchanged (free disk space and run the command again)`);
  }
  if (batch) batch.file(path, fd!);
  else fsyncDir(fs, dirname(path));
}
