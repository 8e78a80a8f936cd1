import { type BigIntStats, existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCacheFile } from '../store/verified-write.js';
import { UserError } from '../user-error.js';
import type { Settings } from './settings.js';

// postboggle.yaml stays the one truth a GM edits; what it says, once validated, is kept in
// .postboggle-settings.cache beside it, so that a command does not parse YAML and check
// every player against the schema each time it starts (10,000 players: 0.6 s; 100,000:
// 34 s). The cache is keyed by a hash of the YAML's bytes and of the schema's code
// (src/game/settings.ts as compiled), so any edit, by hand or by `player add`, and any
// upgrade of postboggle makes it stale, and a stale or damaged cache is only ever a miss:
// the YAML is parsed and validated as before and the cache written anew. To spare reading
// and hashing a large YAML every time, the cache also keeps the file's identity (inode,
// size, modification and change times in ns); when those are unchanged and the file was
// last modified well before the cache was written, the hash is taken as unchanged (as git
// does for its index: a file modified in the same moment as the cache is always hashed). Players are kept
// as columns (one string of addresses, one of names), which load several times faster
// than an array of objects. The schema's code is known by its hash the same way: the
// compiled file's identity is kept beside the hash, so that a command whose settings and
// postboggle are both unchanged reads and hashes neither (nor loads node:crypto).

export const SETTINGS_CACHE = '.postboggle-settings.cache';
const SCHEMA_CODE = ['./settings.js', './settings.ts'].map((f) => fileURLToPath(new URL(f, import.meta.url))).find((f) => existsSync(f))!;
const require = createRequire(import.meta.url);

type Parse = typeof import('./settings.js').parseSettings;
let parse: Parse | null = null;

/** The validating parser, for code running the TypeScript sources (tests): Node's require() loads only the compiled module. */
export function useSettingsParser(p: Parse): void {
  parse = p;
}

type Player = Settings['players'][number];

// The file: one line of JSON (the key, the settings but the players), then the players as
// three columns (addresses, names, codes; one a line, '' for no code) separated by RS, or,
// when a value holds a newline or an RS, as a list inside the JSON.
const RS = '\x1e';

interface CacheFile {
  key: string;
  /** The YAML's identity when the cache was written, and the time it was written (ms). */
  stat?: string;
  writtenAt?: number;
  settings: Omit<Settings, 'players'>;
  players?: Player[];
  /** The identity of the schema's code (SCHEMA_CODE) whose hash begins the key. */
  schemaStat?: string;
  /** The text after the JSON line (the columns). */
  columns?: string;
}

/** Slack for file systems whose clocks or time stamps are coarse. */
const RACY_MS = 3000;

const sha1 = (data: string | Buffer) => (require('node:crypto') as typeof import('node:crypto')).createHash('sha1').update(data).digest('hex');

const identityOf = (st: BigIntStats) => `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;

/**
 * The hash of the schema's code, from the cache when the file is the one it was hashed from,
 * and the file's identity to keep ('' while the file is too fresh to be told apart by it).
 */
function schemaOf(file: CacheFile | null): { schema: string; schemaStat: string } {
  let schemaStat = '';
  try {
    const st = statSync(SCHEMA_CODE, { bigint: true });
    if (Number(st.mtimeMs) < Date.now() - RACY_MS) schemaStat = identityOf(st);
    if (schemaStat && file?.schemaStat === schemaStat) return { schema: file.key.slice(0, file.key.indexOf(':')), schemaStat };
  } catch { /* hashed below, which says what is wrong */ }
  return { schema: sha1(readFileSync(SCHEMA_CODE)), schemaStat };
}

const remembered = new Map<string, { identity: string; at: number; settings: Settings }>();

/** Validated settings from a postboggle.yaml, through the cache beside it. */
export function loadSettings(path: string): Settings {
  let st: BigIntStats;
  try {
    st = statSync(path, { bigint: true });
  } catch {
    throw new UserError(`no game here: ${path} is missing (run postboggle init, or pass --dir)`);
  }
  const identity = identityOf(st);
  // A process that opens the game again and again (watch) keeps what it read, by the same
  // rule as the cache file: the YAML's identity unchanged and not modified near that moment.
  const seen = remembered.get(path);
  if (seen && seen.identity === identity && Number(st.mtimeMs) < seen.at - RACY_MS) return seen.settings;
  const at = Date.now();
  const cachePath = join(dirname(path), SETTINGS_CACHE);
  const file = readCacheFile(cachePath);
  const { schema, schemaStat } = schemaOf(file);
  if (file && file.stat === identity && file.key.startsWith(`${schema}:`) && typeof file.writtenAt === 'number' && Number(st.mtimeMs) < file.writtenAt - RACY_MS) {
    const cached = fromCache(file);
    if (cached) {
      if (schemaStat && file.schemaStat !== schemaStat) writeCache(cachePath, file.key, identity, cached, schemaStat);
      remembered.set(path, { identity, at, settings: cached });
      return cached;
    }
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new UserError(`no game here: ${path} is missing (run postboggle init, or pass --dir)`);
  }
  const key = `${schema}:${sha1(bytes)}`;
  if (file?.key === key) {
    const cached = fromCache(file);
    if (cached) {
      if (file.stat !== identity || file.schemaStat !== schemaStat || Number(st.mtimeMs) >= (file.writtenAt ?? 0) - RACY_MS) writeCache(cachePath, key, identity, cached, schemaStat);
      return cached;
    }
  }
  // The schema (zod, yaml, luxon) is loaded only on a miss; require() of an ES module is
  // synchronous on Node 20.19+, so opening a game stays synchronous.
  parse ??= (require('./settings.js') as typeof import('./settings.js')).parseSettings;
  const settings = parse(bytes.toString('utf8'), path);
  writeCache(cachePath, key, identity, settings, schemaStat);
  return settings;
}

/**
 * Records settings just validated from `text` and written to `path` (player add/remove), so
 * that the next command need not parse the YAML again.
 */
export function cacheSettings(path: string, text: string, settings: Settings): void {
  try {
    const st = statSync(path, { bigint: true });
    const { schema, schemaStat } = schemaOf(null);
    const key = `${schema}:${sha1(Buffer.from(text, 'utf8'))}`;
    writeCache(join(dirname(path), SETTINGS_CACHE), key, identityOf(st), settings, schemaStat);
  } catch {
    // only a shortcut
  }
}

function readCacheFile(path: string): CacheFile | null {
  try {
    const text = readFileSync(path, 'utf8');
    const eol = text.indexOf('\n');
    const file = JSON.parse(eol < 0 ? text : text.slice(0, eol)) as CacheFile;
    if (!file || typeof file.key !== 'string') return null;
    if (!file.players) file.columns = eol < 0 ? undefined : text.slice(eol + 1);
    return file;
  } catch {
    return null;
  }
}

function fromCache(file: CacheFile): Settings | null {
  if (!file.settings) return null;
  if (Array.isArray(file.players)) return { ...file.settings, players: file.players } as Settings;
  const parts = file.columns?.split(RS);
  if (parts?.length !== 4) return null;
  const emails = parts[0] === '' ? [] : parts[0]!.split('\n');
  const names = parts[1]!.split('\n');
  const codes = parts[2]!.split('\n');
  const ids = parts[3]!.split('\n');
  if (names.length !== Math.max(1, emails.length) || codes.length !== names.length || ids.length !== names.length) return null;
  const players: Player[] = emails.map((email, i) => ({ ...(ids[i] ? { id: ids[i]! } : {}), email, name: names[i]!, ...(codes[i] ? { code: codes[i]! } : {}) }));
  return { ...file.settings, players } as Settings;
}

/** The player keys the columns hold; a player with any other (aliases, a pause, a computer level) makes the cache JSON. */
const COLUMN_KEYS = new Set(['email', 'name', 'code', 'id']);

function writeCache(path: string, key: string, stat: string, settings: Settings, schemaStat: string): void {
  const { players, ...rest } = settings;
  const plain = (v: string) => !v.includes('\n') && !v.includes(RS);
  const columnar = players.every((p) => Object.keys(p).every((k) => COLUMN_KEYS.has(k) || (p as Record<string, unknown>)[k] === undefined)
    && plain(p.email) && plain(p.name) && plain(p.code ?? '') && plain(p.id ?? ''));
  const head: CacheFile = { key, stat, schemaStat, writtenAt: Date.now(), settings: rest, ...(columnar ? {} : { players }) };
  const text = JSON.stringify(head) + '\n' + (columnar
    ? [players.map((p) => p.email).join('\n'), players.map((p) => p.name).join('\n'), players.map((p) => p.code ?? '').join('\n'), players.map((p) => p.id ?? '').join('\n')].join(RS)
    : '');
  writeCacheFile(path, text);
}
