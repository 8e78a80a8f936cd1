// Word lists that are not on npm but in Debian's packages, used only where a GM asks for
// them (`npm run build:dict -- de --with ding`): the default install stays npm-only and
// gives the same dictionary on every machine. The choice is kept in dict/system-sources.json
// so that a later install rebuilds with it; a chosen source that is missing fails the build
// with one line naming the package. Each is named, with its version, in the dictionary's
// identity (and so in every results.json scored with it).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Language } from '../../rules/types.js';

export interface SystemSource {
  name: string;
  /** The Debian package that installs it. */
  debian: string;
  path: string;
  language: Language;
  what: string;
}

export const SYSTEM_SOURCES: SystemSource[] = [
  { name: 'ding', debian: 'trans-de-en', path: '/usr/share/trans/de-en', language: 'de', what: "the Ding German-English dictionary (TU Chemnitz, GPL): nouns with gender and plural, compounds among them, and interjections" },
];

const choiceFile = (dictDir: string) => join(dictDir, 'system-sources.json');

/** The system sources the GM chose, for one language. */
export function chosenSources(dictDir: string, lang: Language): SystemSource[] {
  const file = choiceFile(dictDir);
  if (!existsSync(file)) return [];
  const names = JSON.parse(readFileSync(file, 'utf8')) as string[];
  return SYSTEM_SOURCES.filter((s) => s.language === lang && names.includes(s.name));
}

/** Adds or removes sources from the GM's choice. */
export function chooseSources(dictDir: string, add: string[], remove: string[]): void {
  for (const n of [...add, ...remove]) {
    if (!SYSTEM_SOURCES.some((s) => s.name === n)) throw new Error(`unknown dictionary source "${n}" (known: ${SYSTEM_SOURCES.map((s) => s.name).join(', ')})`);
  }
  const file = choiceFile(dictDir);
  const now = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : [];
  const next = [...new Set([...now.filter((n) => !remove.includes(n)), ...add])].sort();
  // write-file-atomic is loaded only here: every command that loads a dictionary imports this module.
  (createRequire(import.meta.url)('write-file-atomic') as typeof import('write-file-atomic')).sync(file, JSON.stringify(next) + '\n');
}

function mustExist(s: SystemSource): void {
  if (!existsSync(s.path)) throw new Error(`dictionary source ${s.name} (${s.path}) is missing: install the Debian package ${s.debian}, or build without it (npm run build:dict -- ${s.language} --without ${s.name})`);
}

/** What tells a changed source cheaply (checked by every command that loads a dictionary): size and time. */
export function sourceStamp(s: SystemSource): string {
  mustExist(s);
  const st = statSync(s.path);
  return `${s.debian}@size${st.size}-${Math.floor(st.mtimeMs / 1000)}`;
}

/** package@version of a chosen source, for the dictionary's identity (the Debian package's version, else its stamp). */
export function sourceVersion(s: SystemSource): string {
  mustExist(s);
  try {
    const { execFileSync } = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process'); // only for a build
    const v = execFileSync('dpkg-query', ['-W', '-f', '${Version}', s.debian], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (v) return `${s.debian}@${v}`;
  } catch { /* not installed by dpkg */ }
  return sourceStamp(s);
}
