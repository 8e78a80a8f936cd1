import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { crashPoint } from './crash-point.js';
import { Journal } from './journal.js';
import { SyncBatch } from './sync-batch.js';

// node:crypto (a generation's name) only when an index is written: commands that only read
// a round do not load it.
const require = createRequire(import.meta.url);

// An index over an append-only journal, so that a run that handles one mail looks up what it
// needs (was this message seen? what is this player's entry of record?) without reading the
// whole journal: the cost of a lookup does not grow with the journal.
//
//   <dir>/checkpoint.json   { v, gen, end, ino, mark }: the journal up to byte `end` is indexed
//   <dir>/<gen>/<bb>.jsonl  the index: { k, o, t? } a line (key, byte offset of the journal
//                           line it points at, its time), bucketed by a hash of the key
//
// The journal stays the record; the index is only a shortcut, checked at every step:
// - the checkpoint names the journal it was made of (its inode, its length then, and a hash
//   of its first and last 4 KiB before that length): one that does not match (a rebuild, a
//   restore from a backup, a hand edit) is ignored, and the index is built anew from the
//   whole journal (once: the next run uses it);
// - the lines written since the checkpoint (the tail) are read at every start, so a run
//   killed before it updated the index loses nothing;
// - every hit is verified: the journal line it points at is read and must carry the key
//   (a pointer into another journal, or to a torn line, is caught and the index rebuilt);
// - entries are only ever added, and the best of several for one key is chosen by (t, o),
//   so adding the same journal line twice (a run killed after the index was written but
//   before the checkpoint) changes nothing.
// The index is written to only after the journal lines it points at are durable, and the
// checkpoint after the index is; so a kill -9 or a power cut at any point leaves an index
// that is either current or recognisably behind. The tail is folded into the index when it
// has grown past tailBytes() (or when the index was built anew), not on every run: most runs
// then write nothing but the journal.

export interface IndexKey {
  /** The key (a message id, a player's address…). */
  k: string;
  /** Orders several journal lines of one key: the best is the greatest (t, o). Default 0. */
  t?: number;
}

interface IndexEntry extends IndexKey {
  /** The byte offset of the journal line. */
  o: number;
}

interface Checkpoint {
  v: 1;
  gen: string;
  end: number;
  ino: number;
  mark: string;
}

const BUCKETS = 256;
/**
 * The tail is folded into the index once it is this long (a few hundred journal lines).
 * POSTBOGGLE_INDEX_TAIL_BYTES sets it for the tests (1: every run folds its lines in).
 */
export const tailBytes = (): number => Number(process.env.POSTBOGGLE_INDEX_TAIL_BYTES) > 0 ? Number(process.env.POSTBOGGLE_INDEX_TAIL_BYTES) : 64 * 1024;
const MARK_BYTES = 4096;

function bucketOf(key: string): string {
  // FNV-1a: cheap and spread well enough for 256 buckets
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return ((h >>> 0) % BUCKETS).toString(16).padStart(2, '0');
}

const better = (a: IndexEntry | undefined, b: IndexEntry): boolean => !a || (b.t ?? 0) > (a.t ?? 0) || ((b.t ?? 0) === (a.t ?? 0) && b.o > a.o);

export class JournalIndex<T> {
  private cp: Checkpoint | null = null;
  /** Entries not (known to be) in the index files: the tail, and what this run appended. */
  private readonly overlay = new Map<string, IndexEntry>();
  private unsaved: IndexEntry[] = [];
  /** Index files read this run, by bucket. */
  private readonly buckets = new Map<string, Map<string, IndexEntry>>();
  /** The index is being built anew (from the whole journal): written at the next commit. */
  private fresh = false;
  /** The journal's end as far as this view goes (the end of its last whole line). */
  private end = 0;
  private appended = false;
  /** How the view was made, for tests and the bench: 'checkpoint' (index + tail) or 'full'. */
  opened: 'checkpoint' | 'full' = 'full';
  /** Journal lines read to open (the tail, or all of them). */
  linesRead = 0;

  constructor(private readonly journal: Journal<T>, readonly dir: string, private readonly keysOf: (rec: T) => IndexKey[]) {
    this.open();
  }

  private get cpPath(): string {
    return join(this.dir, 'checkpoint.json');
  }

  private open(): void {
    this.overlay.clear();
    this.buckets.clear();
    this.unsaved = [];
    this.cp = this.validCheckpoint();
    const read = this.journal.readAt(this.cp?.end ?? 0);
    this.fresh = !this.cp;
    this.opened = this.cp ? 'checkpoint' : 'full';
    this.linesRead = read.records.length;
    for (const { rec, at } of read.records) this.note(rec, at);
    this.end = read.goodEnd;
  }

  /** The checkpoint, if there is one and it was made of this journal (else null: the index is built anew). */
  private validCheckpoint(): Checkpoint | null {
    try {
      const cp = JSON.parse(readFileSync(this.cpPath, 'utf8')) as Checkpoint;
      if (cp?.v !== 1 || !/^[0-9a-f]{16}$/.test(cp.gen) || !Number.isSafeInteger(cp.end) || cp.end < 0) return null;
      if (!existsSync(join(this.dir, cp.gen))) return null;
      const st = statSync(this.journal.path);
      if (st.ino !== cp.ino || st.size < cp.end || this.markAt(cp.end) !== cp.mark) return null;
      return cp;
    } catch {
      return null;
    }
  }

  /** A hash of the journal's length and of its first and last bytes up to `end` (null: `end` is no line end). */
  private markAt(end: number): string | null {
    return this.journal.markAt(end, MARK_BYTES, MARK_BYTES);
  }

  /** A journal line (at byte offset `o`) is in the view. */
  private note(rec: T, o: number): void {
    for (const key of this.keysOf(rec)) {
      const e: IndexEntry = { k: key.k, o, ...(key.t ? { t: key.t } : {}) };
      if (better(this.overlay.get(e.k), e)) this.overlay.set(e.k, e);
      this.unsaved.push(e);
    }
  }

  /** A record just appended to the journal at byte offset `o`. */
  add(rec: T, o: number): void {
    this.note(rec, o);
    this.appended = true;
  }

  /** The best journal line for a key (greatest t, then latest), read and verified; undefined if none. */
  get(key: string): { rec: T; o: number } | undefined {
    for (let attempt = 0; attempt < 2; attempt++) {
      let best = this.overlay.get(key);
      if (!this.fresh) {
        const stored = this.bucket(bucketOf(key)).get(key);
        if (stored && better(best, stored)) best = stored;
      }
      if (!best) return undefined;
      const rec = this.journal.recordAt(best.o);
      if (rec !== undefined && this.keysOf(rec).some((x) => x.k === key && (x.t ?? 0) === (best!.t ?? 0))) return { rec, o: best.o };
      // The index points at a line that is not what it says: not made of this journal. Built anew.
      this.cp = null;
      this.fresh = true;
      this.rebuildView();
    }
    return undefined;
  }

  /**
   * Read-only check for doctor: how many keys of the whole journal the index (checkpoint,
   * index files and tail) would answer otherwise than a full replay. 0 for an index that is
   * being built anew (it is made from the full replay).
   */
  verify(): number {
    if (this.fresh) return 0;
    const truth = new Map<string, IndexEntry>();
    for (const { rec, at } of this.journal.readAt(0).records) {
      for (const key of this.keysOf(rec)) {
        const e: IndexEntry = { k: key.k, o: at, ...(key.t ? { t: key.t } : {}) };
        if (better(truth.get(e.k), e)) truth.set(e.k, e);
      }
    }
    let wrong = 0;
    for (const [k, e] of truth) {
      let best = this.overlay.get(k);
      const stored = this.bucket(bucketOf(k)).get(k);
      if (stored && better(best, stored)) best = stored;
      if (!best || best.o !== e.o) wrong++;
    }
    return wrong;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  private rebuildView(): void {
    this.overlay.clear();
    this.buckets.clear();
    this.unsaved = [];
    const read = this.journal.readAt(0);
    this.opened = 'full';
    this.linesRead += read.records.length;
    for (const { rec, at } of read.records) this.note(rec, at);
    this.end = read.goodEnd;
    this.appended = true; // (the checkpoint is written anew at the next commit)
  }

  private bucket(b: string): Map<string, IndexEntry> {
    let m = this.buckets.get(b);
    if (m) return m;
    m = new Map();
    if (this.cp) {
      for (const e of new Journal<IndexEntry>(join(this.dir, this.cp.gen, `${b}.jsonl`)).read().records) {
        if (typeof e?.k === 'string' && Number.isSafeInteger(e.o) && better(m.get(e.k), e)) m.set(e.k, e);
      }
    }
    this.buckets.set(b, m);
    return m;
  }

  /**
   * Folds the tail into the index when it is long enough (or `force`, or the index is built
   * anew), then records the new checkpoint. Call only when the journal lines noted are
   * durable. Never throws: the index is a shortcut, and the next run reads a longer tail.
   */
  commit(force = false): void {
    try {
      if (!this.journal.exists()) return;
      const end = this.appended ? this.journal.size() : this.end;
      const since = end - (this.cp?.end ?? 0);
      if (!this.fresh && !force && since < tailBytes()) return;
      if (!this.fresh && since === 0) return;
      const mark = this.markAt(end);
      if (mark === null) return;
      const gen = this.fresh || !this.cp ? (require('node:crypto') as typeof import('node:crypto')).randomBytes(8).toString('hex') : this.cp.gen;
      const genDir = join(this.dir, gen);
      mkdirSync(genDir, { recursive: true });
      const byBucket = new Map<string, IndexEntry[]>();
      for (const e of this.unsaved) {
        const b = bucketOf(e.k);
        const list = byBucket.get(b);
        if (list) list.push(e);
        else byBucket.set(b, [e]);
      }
      const batch = new SyncBatch();
      for (const [b, list] of byBucket) {
        const j = new Journal<IndexEntry>(join(genDir, `${b}.jsonl`)).deferSync(batch);
        j.appendMany(list);
        j.close(); // (its fsync waits for the batch: close only closes)
      }
      batch.commit();
      crashPoint('index:folded');
      const cp: Checkpoint = { v: 1, gen, end, ino: statSync(this.journal.path).ino, mark };
      const tmp = `${this.cpPath}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, JSON.stringify(cp));
        renameSync(tmp, this.cpPath);
      } catch (e) {
        try { unlinkSync(tmp); } catch { /* never made */ }
        throw e;
      }
      crashPoint('index:checkpointed');
      // The index files are now what the checkpoint says: the folded entries are in them.
      for (const e of this.unsaved) {
        const m = this.buckets.get(bucketOf(e.k));
        if (m && better(m.get(e.k), e)) m.set(e.k, e);
      }
      this.unsaved = [];
      this.overlay.clear();
      const wasFresh = this.fresh;
      this.cp = cp;
      this.fresh = false;
      this.appended = false;
      this.end = end;
      if (wasFresh) {
        this.buckets.clear(); // read from the new files on demand
        // older generations are of no use any more
        for (const d of readdirSync(this.dir)) if (d !== gen && /^[0-9a-f]{16}$/.test(d)) rmSync(join(this.dir, d), { recursive: true, force: true });
      }
    } catch {
      // only a shortcut: the next run reads a longer tail, or builds the index anew
    }
  }
}

/** Removes an index (rebuild sets the journals aside: their indexes go with them). */
export function dropIndex(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
