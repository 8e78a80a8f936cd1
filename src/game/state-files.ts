import { createHash } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
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

export type StateKind = 'round' | 'entries' | 'results';


const SCHEMA_MODULE = fileURLToPath(new URL('./state-schemas.js', import.meta.url));
let schemasId: string | undefined;
function schemasHash(): string {
  if (schemasId === undefined) {
    try {
      schemasId = createHash('sha256').update(readFileSync(SCHEMA_MODULE)).digest('hex').slice(0, 16);
    } catch {
      schemasId = '';
    }
  }
  return schemasId;
}

interface Memo {
  schemas: string;
  good: Record<string, string>;
}

/** At most this many files are remembered (the latest). */
const MAX_FILES = 2000;
const memos = new Map<string, Memo>();

const memoPath = (layout: GameLayout) => join(layout.dir, '.postboggle-state.cache');

function memoOf(layout: GameLayout): Memo {
  let m = memos.get(layout.dir);
  if (m) return m;
  const id = schemasHash();
  m = { schemas: id, good: {} };
  try {
    const read = JSON.parse(readFileSync(memoPath(layout), 'utf8')) as Memo;
    if (id && read?.schemas === id && read.good && typeof read.good === 'object') m.good = read.good;
  } catch { /* none yet, or damaged: every file is checked */ }
  memos.set(layout.dir, m);
  return m;
}

function remember(layout: GameLayout, memo: Memo, file: string, sum: string): void {
  if (!memo.schemas) return;
  delete memo.good[file];
  memo.good[file] = sum;
  const keys = Object.keys(memo.good);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_FILES))) delete memo.good[k];
  const tmp = `${memoPath(layout)}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(memo));
    renameSync(tmp, memoPath(layout));
  } catch {
    try { unlinkSync(tmp); } catch { /* never made */ }
  }
}

/**
 * A state file's content, checked against its schema (or known good by its bytes); else a
 * UserError naming the file (relative to the game) and the key: "rounds/002/round.json:
 * deadline: …". A file that is not JSON is one line too.
 */
export function readStateFile<T>(layout: GameLayout, path: string, kind: StateKind): T {
  let text: Buffer;
  try {
    text = readFileSync(path);
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.toString('utf8'));
  } catch (e) {
    throw new UserError(`cannot read ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
  return checkedState<T>(layout, path, kind, value, text);
}

/** A value read from a state file, checked (or known good by the file's bytes, when given). */
export function checkedState<T>(layout: GameLayout, path: string, kind: StateKind, value: unknown, bytes?: Buffer): T {
  const memo = memoOf(layout);
  const file = relative(layout.dir, path) || path;
  const sum = bytes ? createHash('sha256').update(bytes).digest('hex') : undefined;
  if (sum !== undefined && memo.good[file] === sum) return value as T;
  const s = stateSchemas();
  const schema = kind === 'round' ? s.roundRecordSchema : kind === 'results' ? s.resultsSchema : s.entriesFileSchema;
  // (the value as read, whether checked now or known good: the same either way)
  validated(schema as never, value, layout, path);
  if (sum !== undefined) remember(layout, memo, file, sum);
  return value as T;
}
