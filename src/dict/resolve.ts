import { loadWordList } from './word-list.js';
import type { Lexicon } from '../rules/lexicon.js';
import type { Language } from '../rules/types.js';
import { UserError } from '../cli/errors.js';

/**
 * The lexicon for a command: the word list named with --words, else the built dictionary of
 * the language.
 */
export function resolveLexicon(opts: { words?: string | undefined; lang: Language }): Lexicon {
  if (opts.words) {
    const { lexicon, skipped } = loadWordList(opts.words, opts.lang);
    if (lexicon.size === 0) throw new UserError(`word list ${opts.words} holds no words`);
    if (skipped.length > 0) {
      process.stderr.write(`note: ${skipped.length} line(s) of ${opts.words} are not words and were skipped (first: line ${skipped[0]!.line} "${skipped[0]!.text}")\n`);
    }
    return lexicon;
  }
  throw new UserError(`no built dictionary for "${opts.lang}" yet; pass --words FILE`);
}
