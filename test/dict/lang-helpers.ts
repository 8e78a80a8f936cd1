import { canCountBoth } from '../../src/dict/evaluation.js';
import { foldWord } from '../../src/rules/fold.js';
import { tagsOf, type FormTag } from '../../src/rules/lemma.js';
import type { Lexicon } from '../../src/rules/lexicon.js';
import type { Language } from '../../src/rules/types.js';

/** Questions a referee asks of a built dictionary, for the per-language tests. */
export function referee(lexicon: () => Lexicon, lang: Language) {
  const fold = (w: string) => foldWord(w, lang)!;
  return {
    known: (w: string) => lexicon().has(fold(w)),
    lemmas: (w: string) => lexicon().lemmas(fold(w)),
    /** Whether the two words can both count (distinct lemmas assignable). */
    both: (a: string, b: string) => canCountBoth(lexicon(), a, b, lang),
    /** The tags of a word as a form of the lemma (printed key). */
    tags: (w: string, lemma: string): FormTag[] | undefined => {
      const s = lexicon().senses(fold(w))?.find((x) => x.lemma === lemma);
      return s && tagsOf(s.tags);
    },
  };
}
