import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { dirname } from 'node:path';
import { fsyncDir } from './verified-write.js';

// Group commit. Within one ingest run, files and journal lines are written at once (a kill
// -9 cannot lose what was written: it is in the kernel's page cache) and fsync'd together
// at the commit points: before the IMAP server's copy of a mail is moved away, before any
// reply is sent, and at the end of the run. One fsync per file per mail would cap ingest at
// a few dozen mails a second; a power cut between two commit points loses nothing either,
// as the server still holds the mails not yet committed.

export interface Syncable {
  sync(): void;
}

/** At most this many files wait for a commit, open: then the batch commits by itself. */
const MAX_OPEN = 256;
/**
 * From this many files on, a commit flushes their whole file system at once (syncfs(2), by
 * `sync -f`) instead of one fsync a file: the same guarantee (every file, its directory
 * entry and the journals are on disk when it returns, or it fails), for one journal commit
 * of the file system instead of hundreds (a fsync costs 4 ms here: 256 files, one second).
 * Where `sync -f` is missing or fails, each file is fsync'd as before.
 */
const SYNCFS_FROM = 16;

export class SyncBatch {
  private readonly files = new Map<string, number>();
  private readonly dirs = new Set<string>();
  private readonly others = new Set<Syncable>();

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
    if (this.files.size >= SYNCFS_FROM && this.syncFileSystems()) {
      for (const fd of this.files.values()) fs.closeSync(fd);
      for (const s of this.others) s.sync();
      this.files.clear();
      this.dirs.clear();
      return;
    }
    for (const fd of this.files.values()) {
      try {
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
    }
    for (const d of this.dirs) fsyncDir(fs, d);
    for (const s of this.others) s.sync();
    this.files.clear();
    this.dirs.clear();
  }

  /** syncfs of every file system the waiting files are on; false if any could not be flushed. */
  private syncFileSystems(): boolean {
    const byDevice = new Map<number, string>();
    for (const [path, fd] of this.files) {
      const dev = fs.fstatSync(fd).dev;
      if (!byDevice.has(dev)) byDevice.set(dev, dirname(path));
    }
    for (const dir of byDevice.values()) {
      const r = spawnSync('sync', ['-f', dir], { stdio: 'ignore' });
      if (r.status !== 0) return false;
    }
    return true;
  }
}
