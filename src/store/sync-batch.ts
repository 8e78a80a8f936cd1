import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fsyncAsync, fsyncDir } from './verified-write.js';

// node:child_process (for `sync -f`) is loaded at the first commit that runs it, not by
// every command that merely imports a batch.
const require = createRequire(import.meta.url);

// Group commit. Within one ingest run, files and journal lines are written at once (a kill
// -9 cannot lose what was written: it is in the kernel's page cache) and made durable
// together at the commit points: before the IMAP server's copy of a mail is moved away,
// before any reply is sent, and at the end of the run. A power cut between two commit
// points loses nothing either, as the server still holds the mails not yet committed.
//
// How: one syncfs(2) per file system (`sync -f`, coreutils), which flushes every file and
// directory written in one call. An fsync per file costs a disk flush each (3 ms here
// under load, two files a mail): that alone capped ingest near 150 mails a second, where
// one syncfs for a batch of 128 mails costs about as much as ten fsyncs. Where `sync -f`
// is missing or fails, every file is fsync'd as before, and so are commits of fewer than
// 16 files. The price: syncfs also waits for other programs' unwritten data on that file
// system (docs/scale.md).

export interface Syncable {
  /** Makes its writes durable by itself (fsync). */
  sync(): void;
  /** A path on its file system (for syncfs). */
  readonly path?: string;
  /** Its file system was synced as a whole: its writes are durable. */
  markSynced?(): void;
  /** sync(), in libuv's thread pool (commitAsync runs these side by side). */
  syncAsync?(): Promise<void>;
}

/** At most this many files wait for a commit with their descriptor open. */
const MAX_OPEN = 256;
/**
 * Once a syncfs has worked for this batch, files after the first MAX_OPEN are closed at once
 * (a syncfs needs no descriptor) and up to this many wait for a commit: a batch of 100,000
 * mails then runs some 50 syncfs, not 800, each one `sync` process and a flush of the disk.
 * Should a later syncfs fail, those files are opened again by name and fsync'd.
 */
const MAX_WAITING = 4096;
/** Below this many files, fsyncs cost less than starting `sync` (one mail piped in by procmail). */
const SYNCFS_FROM = 16;

/** syncfs(2) of the file system holding each path, one call per file system; false if any failed. */
function syncFileSystems(paths: Iterable<string>): boolean {
  const byDevice = new Map<number, string>();
  for (const p of paths) {
    try {
      const dev = fs.statSync(p).dev;
      if (!byDevice.has(dev)) byDevice.set(dev, p);
    } catch {
      return false;
    }
  }
  for (const p of byDevice.values()) {
    const r = (require('node:child_process') as typeof import('node:child_process')).spawnSync('sync', ['-f', p], { stdio: 'ignore' });
    if (r.status !== 0) return false;
  }
  return true;
}

/** fsyncPath in the thread pool. */
async function fsyncPathAsync(path: string): Promise<void> {
  let fd: number;
  try {
    fd = fs.openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    await fsyncAsync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** fsyncDir in the thread pool (a directory that cannot be fsync'd is skipped, as there). */
async function fsyncDirAsync(dir: string): Promise<void> {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    await fsyncAsync(fd);
  } catch { /* e.g. EISDIR/EINVAL on some file systems: the rename is still atomic */ } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** fsync of a file closed since it was written (fsync makes the file's data durable, whichever descriptor asks). */
function fsyncPath(path: string): void {
  let fd: number;
  try {
    fd = fs.openSync(path, 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return; // removed by this run since (a duplicate's staged copy): nothing to keep
    throw e;
  }
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export class SyncBatch {
  private readonly files = new Map<string, number>();
  /** Files written and closed (after a syncfs worked): opened again by name should a commit fall back to fsyncs. */
  private readonly closed = new Set<string>();
  private readonly dirs = new Set<string>();
  private readonly others = new Set<Syncable>();
  /** A syncfs worked for this batch: files beyond MAX_OPEN need not stay open. */
  private syncfsWorks = false;

  /** @param useSyncfs false: one fsync per file (tests of the fallback). */
  constructor(private readonly useSyncfs = process.env.POSTBOGGLE_FSYNC_EACH !== '1') {}

  /** A file written (and renamed into place, its fd still open) that is to be made durable at the next commit. */
  file(path: string, fd: number): void {
    const old = this.files.get(path);
    if (old !== undefined) { fs.fsyncSync(old); fs.closeSync(old); this.files.delete(path); }
    this.dirs.add(dirname(path));
    if (this.files.size < MAX_OPEN) this.files.set(path, fd);
    else if (this.syncfsWorks) {
      fs.closeSync(fd);
      this.closed.add(path);
    } else {
      this.files.set(path, fd);
      this.commit();
      return;
    }
    if (this.files.size + this.closed.size >= MAX_WAITING) this.commit();
  }

  /** A file of this batch was renamed (a stored mail filed in its folder): both folders, and the file under its new name, are committed. */
  moved(from: string, to: string): void {
    this.dirs.add(dirname(to));
    const fd = this.files.get(from);
    if (fd !== undefined) {
      this.files.delete(from);
      this.files.set(to, fd);
    }
    if (this.closed.delete(from)) this.closed.add(to);
  }

  add(s: Syncable): void {
    this.others.add(s);
  }

  commit(): void {
    if (this.files.size === 0 && this.closed.size === 0 && this.others.size === 0) return;
    const anchors = [...this.dirs, ...[...this.others].flatMap((s) => (s.path ? [dirname(s.path)] : []))];
    const others = [...this.others];
    const whole = this.useSyncfs && this.files.size + this.closed.size >= SYNCFS_FROM && others.every((s) => s.path && s.markSynced) && syncFileSystems(anchors);
    if (whole) this.syncfsWorks = true;
    try {
      for (const fd of this.files.values()) {
        try {
          if (!whole) fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      }
      if (!whole) for (const path of this.closed) fsyncPath(path);
      if (!whole) for (const d of this.dirs) fsyncDir(fs, d);
      for (const s of others) whole ? s.markSynced!() : s.sync();
    } finally {
      this.files.clear();
      this.closed.clear();
      this.dirs.clear();
    }
  }

  /**
   * commit(), for a few files (one mail handed to a watch, whose answer waits for this):
   * the same fsyncs, started side by side in libuv's thread pool instead of one after
   * another. ext4 then makes them durable in one journal commit where in turn each waits
   * for its own (8 small files here: about 5 ms against 35 ms). Resolves once every one is
   * done; rejects with the first failure, after all have ended. A commit of SYNCFS_FROM
   * files or more is commit() itself (one syncfs).
   */
  async commitAsync(): Promise<void> {
    if (this.files.size === 0 && this.closed.size === 0 && this.others.size === 0) return;
    if (this.useSyncfs && this.files.size + this.closed.size >= SYNCFS_FROM) return this.commit();
    const files = [...this.files.values()];
    const closed = [...this.closed];
    const dirs = [...this.dirs];
    this.files.clear();
    this.closed.clear();
    this.dirs.clear();
    const results = await Promise.allSettled([
      ...files.map((fd) => fsyncAsync(fd)),
      ...closed.map((p) => fsyncPathAsync(p)),
      ...dirs.map((d) => fsyncDirAsync(d)),
      ...[...this.others].map(async (s) => (s.syncAsync ? s.syncAsync() : s.sync())),
    ]);
    for (const fd of files) fs.closeSync(fd);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
