import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { writeCacheFile } from '../store/verified-write.js';
import { formatDeadline } from './deadline.js';
import type { GameLayout } from './layout.js';
import { isCanonicalIanaZone, isoMillis } from './zone-time.js';

// `round show` prints the round's deadline as players read it ("Sonntag, 6. Dezember 2026 um
// 20:00 Uhr (Europe/Berlin, MEZ)"): weekday and month names come from ICU, and the first
// Intl date format of a process starts ICU's date formatting, a fifth of Node's own start,
// for one line. The line depends on nothing but the time, the zone, the language, postboggle's
// code and the Intl data of this Node, so the texts are kept in .postboggle-texts.cache beside
// postboggle.yaml, under a key naming all of these (only texts Intl made from a time with its
// offset and an IANA zone: see deadline.ts); any other Node, ICU, time zone data or
// postboggle build makes every text stale. Like the other caches it is only a shortcut
// (deleted, damaged or unwritable: the text is formatted again) and need not be backed up.

const FILE = '.postboggle-texts.cache';
const MAX_TEXTS = 200;
/** The formatter's code (compiled; its source when the tests run it). */
const FORMATTER = ['./deadline.js', './deadline.ts'].map((f) => fileURLToPath(new URL(f, import.meta.url))).find((f) => existsSync(f)) ?? '';

let envKey: string | undefined;
function environment(): string {
  if (envKey === undefined) {
    let code = '';
    try {
      const st = statSync(FORMATTER, { bigint: true });
      code = `${st.ino}:${st.size}:${st.mtimeNs}`;
    } catch { /* below: never matches a file */ }
    const v = process.versions;
    envKey = code && `${process.version} icu ${v.icu} unicode ${v.unicode} cldr ${v.cldr} tz ${v.tz} code ${code}`;
  }
  return envKey;
}

interface TextsFile {
  env: string;
  texts: Record<string, string>;
}

/** formatDeadline(iso, zone, lang), from the game's cache of texts when it has this one. */
export function deadlineText(layout: GameLayout, iso: string, zone: string, lang: 'de' | 'en' | 'fr' | 'it'): string {
  const env = environment();
  const path = join(layout.dir, FILE);
  const key = `${lang} ${zone} ${iso}`;
  let file: TextsFile = { env, texts: {} };
  if (env) {
    try {
      const read = JSON.parse(readFileSync(path, 'utf8')) as TextsFile;
      if (read?.env === env && read.texts && typeof read.texts === 'object') file = read;
    } catch { /* none yet, or damaged */ }
    const known = file.texts[key];
    if (typeof known === 'string') return known;
  }
  const text = formatDeadline(iso, zone, lang);
  // Only a text that Intl alone made is kept: luxon's (a time without offset, read in the
  // system's zone; luxon's own zone names) may depend on more than the key says.
  if (!env || isoMillis(iso) === undefined || !isCanonicalIanaZone(zone)) return text;
  file.texts[key] = text;
  const keys = Object.keys(file.texts);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_TEXTS))) delete file.texts[k];
  writeCacheFile(path, JSON.stringify(file));
  return text;
}
