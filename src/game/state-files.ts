import { type BigIntStats, closeSync, fstatSync, openSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectGarbage } from '../memory.js';
import { writeCacheFile } from '../store/verified-write.js';
import { UserError } from '../user-error.js';
import type { GameLayout } from './layout.js';
import { stateSchemas, validated } from './state-schemas.js';

// The state files (round.json, results.json, an old entries.json) are checked against
// their schemas (state-schemas.ts) as they are read. The schemas are zod's, and loading zod
// costs more than Node's own start (about a hundred modules): more than `round show` or
// `ranking` need once a file has been found good. So a file found good is remembered by a
// hash of its bytes, in .postboggle-state.cache beside postboggle.yaml:
//
//   { "schemas": <hash of the compiled schema module>, "good": { <file>: <SHA-256 of its bytes> } }
//
// A file whose bytes hash to what was found good under these very schemas is taken as it
// is; any other (edited, new, damaged), or any file after an upgrade of postboggle, is
// checked by the schemas, which are built (and zod loaded) then. The cache is only a shortcut: deleted,
// damaged or unwritable, every file is checked again. Like the settings cache it need not
// be backed up (put it in the game's .gitignore).
//
// To spare hashing (and loading node:crypto for it) on every command, the memo also keeps
// each good file's identity (device, inode, size, modification and change times in ns), as
// the settings cache and git's index do: a file whose identity is the one it had when it
// was found good is taken as unchanged. An identity is kept only for a file last modified
// well before it was taken (RACY_MS), so that a write in the same moment cannot go unseen.

export type StateKind = 'round' | 'entries' | 'results';


const SCHEMA_MODULE = fileURLToPath(new URL('./state-schemas.js', import.meta.url));
let schemasId: { hash: string; at: string } | undefined;
/**
 * The hash of the compiled schema module, and its identity ('' while too fresh); the hash is
 * the memo's when the module is the one the memo was written with (no read, no node:crypto).
 */
function schemasHash(memo: Partial<Memo> | undefined): { hash: string; at: string } {
  if (schemasId === undefined) {
    let at = '';
    try {
      at = identityOf(statSync(SCHEMA_MODULE, { bigint: true }));
      if (at && memo?.schemasAt === at && typeof memo.schemas === 'string') return (schemasId = { hash: memo.schemas, at });
      schemasId = { hash: sha256(readFileSync(SCHEMA_MODULE)).slice(0, 16), at };
    } catch {
      schemasId = { hash: '', at: '' };
    }
  }
  return schemasId;
}

interface Memo {
  schemas: string;
  /** The identity of the schema module when `schemas` was taken from it. */
  schemasAt?: string;
  good: Record<string, string>;
  /** The identity of a good file when its hash was taken (only for files settled by then). */
  ids?: Record<string, string>;
}

/** Slack for file systems whose clocks or time stamps are coarse. */
const RACY_MS = 3000;

const require = createRequire(import.meta.url);
const sha256 = (data: Buffer) => (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(data).digest('hex');

/** A file's identity, or '' while it is too fresh to be told apart by it. */
export function settledIdentity(st: BigIntStats): string {
  return identityOf(st);
}

function identityOf(st: BigIntStats): string {
  return Number(st.mtimeMs) < Date.now() - RACY_MS ? `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}` : '';
}

/** At most this many files are remembered (the latest). */
const MAX_FILES = 2000;
const memos = new Map<string, Memo>();

const memoPath = (layout: GameLayout) => join(layout.dir, '.postboggle-state.cache');

function memoOf(layout: GameLayout): Memo {
  let m = memos.get(layout.dir);
  if (m) return m;
  let read: Partial<Memo> | undefined;
  try {
    read = JSON.parse(readFileSync(memoPath(layout), 'utf8')) as Partial<Memo>;
  } catch { /* none yet, or damaged: every file is checked */ }
  const { hash: id, at } = schemasHash(read && typeof read === 'object' ? read : undefined);
  m = { schemas: id, ...(at ? { schemasAt: at } : {}), good: {} };
  if (id && read?.schemas === id && read.good && typeof read.good === 'object') {
    m.good = read.good;
    if (read.ids && typeof read.ids === 'object') m.ids = read.ids;
    // Same schemas in a new build (its module rewritten): noted, so that the next command need not hash it.
    if (at && read.schemasAt !== at) save(layout, m);
  }
  memos.set(layout.dir, m);
  return m;
}

function remember(layout: GameLayout, memo: Memo, file: string, sum: string, identity: string): void {
  if (!memo.schemas) return;
  delete memo.good[file];
  memo.good[file] = sum;
  const ids = (memo.ids ??= {});
  delete ids[file];
  if (identity) ids[file] = identity;
  const keys = Object.keys(memo.good);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_FILES))) {
    delete memo.good[k];
    delete ids[k];
  }
  save(layout, memo);
}

function save(layout: GameLayout, memo: Memo): void {
  writeCacheFile(memoPath(layout), JSON.stringify(memo));
}

/**
 * A state file's content, checked against its schema (or known good by its bytes); else a
 * UserError naming the file (relative to the game) and the key: "rounds/002/round.json:
 * deadline: …". A file that is not JSON is one line too.
 */
export function readStateFile<T>(layout: GameLayout, path: string, kind: StateKind): T {
  let text: Buffer | undefined;
  let identity: string;
  try {
    // The identity and the bytes of one and the same file (one open), whatever renames it meanwhile.
    const fd = openSync(path, 'r');
    try {
      identity = identityOf(fstatSync(fd, { bigint: true }));
      text = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.toString('utf8'));
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
  const checked = checkedState<T>(layout, path, kind, value, text, identity);
  if (text.length >= BIG_STATE_FILE) {
    text = undefined;
    collectGarbage();
  }
  return checked;
}

/**
 * A state file this big (a results.json of some 20,000 players and more) leaves its bytes
 * and its text as garbage the size of the file, twice, once parsed. V8 may keep them until
 * its next full collection, which may come only after the next big piece of work: with a
 * 235 MB results.json (100,000 players), the newsletter's peak memory was 1.1 GB in some
 * runs and 1.5-1.7 GB in others. Collected at once, it is 1.1 GB in every run
 * (docs/scale.md).
 */
const BIG_STATE_FILE = 32 << 20;

/**
 * A value read from a state file, checked (or known good by the file's bytes, when given, or
 * by the identity the file had when they were read).
 */
export function checkedState<T>(layout: GameLayout, path: string, kind: StateKind, value: unknown, bytes?: Buffer, identity = ''): T {
  const memo = memoOf(layout);
  const file = relative(layout.dir, path) || path;
  if (bytes && identity && memo.ids?.[file] === identity && memo.good[file] !== undefined) return value as T;
  const sum = bytes ? sha256(bytes) : undefined;
  if (sum !== undefined && memo.good[file] === sum) {
    if (identity && memo.ids?.[file] !== identity) remember(layout, memo, file, sum, identity);
    return value as T;
  }
  const s = stateSchemas();
  const schema = kind === 'round' ? s.roundRecordSchema : kind === 'results' ? s.resultsSchema : s.entriesFileSchema;
  // (the value as read, whether checked now or known good: the same either way)
  validated(schema as never, value, layout, path);
  if (sum !== undefined) remember(layout, memo, file, sum, identity);
  return value as T;
}
