import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { foldWord } from '../rules/fold.js';
import { Lexicon } from '../rules/lexicon.js';
import type { Language } from '../rules/types.js';

export interface WordListLoad {
  lexicon: Lexicon;
  /** Lines that are not words (hyphens, digits, phrases), with their line numbers. */
  skipped: { line: number; text: string }[];
}

/**
 * Parses a game's own word list (SPEC 4): one form a line, optionally `form<TAB>lemma[,lemma…]`.
 * A form without a lemma is its own lemma. Lemmas are compared folded (Reise, reise and REISE
 * are one lemma), as everywhere (src/rules/lemma.ts). Blank lines and lines starting with #
 * are ignored; a form listed twice gets the union of its lemmas.
 */
export function parseWordList(text: string, language: Language): WordListLoad {
  const map = new Map<string, string[]>();
  const skipped: WordListLoad['skipped'] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [form = '', lemmaText] = line.split('\t');
    const folded = foldWord(form.trim(), language);
    if (!folded) {
      skipped.push({ line: i + 1, text: line });
      return;
    }
    const lemmas = lemmaText ? lemmaText.split(',').map((l) => l.trim()).filter(Boolean) : [form.trim()];
    const known = map.get(folded) ?? [];
    map.set(folded, [...new Set([...known, ...lemmas])]);
  });
  const hash = (createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { lexicon: Lexicon.fromMap(map, { hash }, language), skipped };
}

export function loadWordList(file: string, language: Language): WordListLoad {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read word list ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  return parseWordList(text, language);
}
