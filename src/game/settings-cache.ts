import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UserError } from '../user-error.js';
import type { Settings } from './settings.js';

// postboggle.yaml stays the one truth a GM edits; what it says, once validated, is kept in
// .postboggle-settings.cache beside it, so that a command does not parse YAML and check
// every player against the schema each time it starts (10,000 players: 0.6 s; 100,000:
// seconds). The cache is keyed by a hash of the YAML's bytes and of the schema's code
// (src/game/settings.ts as compiled), so any edit, by hand or by `player add`, and any
// upgrade of postboggle makes it stale, and a stale or damaged cache is only ever a miss:
// the YAML is parsed and validated as before and the cache written anew. Players are kept
// as columns (one string of addresses, one of names), which load several times faster
// than an array of objects.

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

interface CacheFile {
  key: string;
  settings: Omit<Settings, 'players'>;
  /** Columns, '\n'-separated (codes: '' for none); or the plain list when a value holds a newline. */
  players: { emails: string; names: string; codes: string } | Player[];
}

/** Validated settings from a postboggle.yaml, through the cache beside it. */
export function loadSettings(path: string): Settings {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    throw new UserError(`no game here: ${path} is missing (run postboggle init, or pass --dir)`);
  }
  const key = createHash('sha1').update(readFileSync(SCHEMA_CODE)).update('\0').update(bytes).digest('hex');
  const cachePath = join(dirname(path), SETTINGS_CACHE);
  const cached = readCache(cachePath, key);
  if (cached) return cached;
  // The schema (zod, yaml, luxon) is loaded only on a miss; require() of an ES module is
  // synchronous on Node 20.19+, so opening a game stays synchronous.
  parse ??= (require('./settings.js') as typeof import('./settings.js')).parseSettings;
  const settings = parse(bytes.toString('utf8'), path);
  writeCache(cachePath, key, settings);
  return settings;
}

function readCache(path: string, key: string): Settings | null {
  let file: CacheFile;
  try {
    file = JSON.parse(readFileSync(path, 'utf8')) as CacheFile;
  } catch {
    return null;
  }
  if (file?.key !== key || !file.settings || !file.players) return null;
  if (Array.isArray(file.players)) return { ...file.settings, players: file.players } as Settings;
  const emails = file.players.emails === '' ? [] : file.players.emails.split('\n');
  const names = file.players.names.split('\n');
  const codes = file.players.codes.split('\n');
  const players: Player[] = emails.map((email, i) => (codes[i] ? { email, name: names[i]!, code: codes[i]! } : { email, name: names[i]! }));
  return { ...file.settings, players } as Settings;
}

function writeCache(path: string, key: string, settings: Settings): void {
  const { players, ...rest } = settings;
  const columnar = players.every((p) => !p.email.includes('\n') && !p.name.includes('\n') && !(p.code ?? '').includes('\n'));
  const file: CacheFile = {
    key, settings: rest,
    players: columnar
      ? { emails: players.map((p) => p.email).join('\n'), names: players.map((p) => p.name).join('\n'), codes: players.map((p) => p.code ?? '').join('\n') }
      : players,
  };
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify(file));
    renameSync(tmp, path);
  } catch {
    // A cache that cannot be written (read-only game directory, full disk) costs speed only.
    try { unlinkSync(tmp); } catch { /* not there */ }
  }
}
