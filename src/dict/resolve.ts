import { statSync } from 'node:fs';
import { join } from 'node:path';
import { readCompact } from './compact.js';
import { buildDictionaries, isUpToDate } from './build/build-all.js';
import type { Lexicon } from '../rules/lexicon.js';
import type { Language } from '../rules/types.js';
import { UserError } from '../user-error.js';
import { PACKAGE_ROOT } from '../package-root.js';

export const DICT_DIR = join(PACKAGE_ROOT, 'dict');

/** The built dictionary of a language; built on first use if the install did not (no network needed). */
export async function loadDictionary(lang: Language): Promise<Lexicon> {
  if (!isUpToDate(DICT_DIR, lang)) {
    try {
      await buildDictionaries(DICT_DIR, [lang]);
    } catch (e) {
      throw new UserError((e as Error).message);
    }
  }
  // A process that opens the game again and again (watch) reads the dictionary once; a
  // rebuild writes a new stamp file (a new inode), and the next load reads the new build.
  const st = statSync(join(DICT_DIR, `${lang}.stamp`));
  const version = `${st.ino}:${st.mtimeMs}:${st.size}`;
  const known = loaded.get(lang);
  if (known?.version === version) return known.lexicon;
  const lexicon = readCompact(DICT_DIR, lang);
  loaded.set(lang, { version, lexicon });
  return lexicon;
}

const loaded = new Map<Language, { version: string; lexicon: Lexicon }>();

/**
 * The lexicon for a command: the word list named with --words, else the built dictionary of
 * the language.
 */
export async function resolveLexicon(opts: { words?: string | undefined; lang: Language }): Promise<Lexicon> {
  if (opts.words) {
    // Loaded only for --words: the built dictionaries' commands need none of it.
    const { loadWordList } = await import('./word-list.js');
    const { lexicon, skipped } = loadWordList(opts.words, opts.lang);
    if (lexicon.size === 0) throw new UserError(`word list ${opts.words} holds no words`);
    if (skipped.length > 0) {
      process.stderr.write(`note: ${skipped.length} line(s) of ${opts.words} are not words and were skipped (first: line ${skipped[0]!.line} "${skipped[0]!.text}")\n`);
    }
    return lexicon;
  }
  return loadDictionary(opts.lang);
}
