import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fsyncDir } from './verified-write.js';

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
}

/** At most this many files wait for a commit, open: then the batch commits by itself. */
const MAX_OPEN = 256;
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

export class SyncBatch {
  private readonly files = new Map<string, number>();
  private readonly dirs = new Set<string>();
  private readonly others = new Set<Syncable>();

  /** @param useSyncfs false: one fsync per file (tests of the fallback). */
  constructor(private readonly useSyncfs = process.env.POSTBOGGLE_FSYNC_EACH !== '1') {}

  /** A file written (and renamed into place, its fd still open) that is to be made durable at the next commit. */
  file(path: string, fd: number): void {
    const old = this.files.get(path);
    if (old !== undefined) { fs.fsyncSync(old); fs.closeSync(old); }
    this.files.set(path, fd);
    this.dirs.add(dirname(path));
    if (this.files.size >= MAX_OPEN) this.commit();
  }

  add(s: Syncable): void {
    this.others.add(s);
  }

  commit(): void {
    if (this.files.size === 0 && this.others.size === 0) return;
    const anchors = [...this.dirs, ...[...this.others].flatMap((s) => (s.path ? [dirname(s.path)] : []))];
    const others = [...this.others];
    const whole = this.useSyncfs && this.files.size >= SYNCFS_FROM && others.every((s) => s.path && s.markSynced) && syncFileSystems(anchors);
    try {
      for (const fd of this.files.values()) {
        try {
          if (!whole) fs.fsyncSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      }
      if (!whole) for (const d of this.dirs) fsyncDir(fs, d);
      for (const s of others) whole ? s.markSynced!() : s.sync();
    } finally {
      this.files.clear();
      this.dirs.clear();
    }
  }
}
