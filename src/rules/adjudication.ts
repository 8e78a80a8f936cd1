import { lemmaIdentity } from './lemma.js';
import type { Lexicon } from './lexicon.js';
import type { DictionaryVerdict, Language } from './types.js';
import { allowedLemmas, type FormRules, formRulesActive } from './word-forms.js';

/** The GM's decisions, kept per game and applied to every later round (SPEC 4). */
export interface HouseLists {
  /**
   * Accepted (or regrouped) folded word → its lemma(s) as the GM wrote them (empty: the
   * dictionary's lemmas, or the word itself).
   */
  accept: ReadonlyMap<string, readonly string[]>;
  reject: ReadonlySet<string>;
}

export const NO_HOUSE_LISTS: HouseLists = { accept: new Map(), reject: new Set() };

/**
 * The verdict on a folded word; `index`, when the caller has it (the solver does), is the
 * word's index in the lexicon the verdict was made with, so it is not looked up again.
 */
export type VerdictFn = ((word: string, index?: number) => DictionaryVerdict) & {
  /**
   * Whether the verdict on a word is 'unknown', without reading its lemmas (one look-up down
   * the dictionary's graph): `review` asks it of every word of a round. Optional: a verdict
   * without it is asked in full.
   */
  isUnknown?: (word: string) => boolean;
  /**
   * Whether the verdict on a word the lexicon has is the lexicon's own: known, with the
   * lexicon's lemmas (no GM decision on it, no word-form rules in force). The solver then
   * reads those lemmas only when they are asked for.
   */
  lexiconAlone?: (word: string) => boolean;
};

/**
 * The dictionary as the judge sees it: a GM rejection wins, then a GM acceptance or
 * regrouping, then the lexicon. A lemma the GM names is the dictionary's lemma of that
 * folded text if it has one (so "--lemma Reise" joins the dictionary's Reise), else a
 * lemma of the house lists' own, compared folded like every lemma (src/rules/lemma.ts).
 */
export function makeVerdict(lexicon: Lexicon, house: HouseLists = NO_HOUSE_LISTS, forms?: FormRules): VerdictFn {
  const language = lexicon.identity.language as Language;
  const ownLemmas = new Map<string, string>();
  const resolve = (text: string): string[] => {
    const known = lexicon.resolveLemma(text, language);
    if (known.length > 0) return known;
    const identity = lemmaIdentity(text, '', language) ?? text;
    if (!ownLemmas.has(identity)) ownLemmas.set(identity, text.trim());
    return [ownLemmas.get(identity)!];
  };
  const accepted = new Map<string, readonly string[]>();
  for (const [word, texts] of house.accept) if (texts.length > 0) accepted.set(word, [...new Set(texts.flatMap(resolve))]);
  const verdict: VerdictFn = (word, index) => {
    if (house.reject.has(word)) return { kind: 'rejected' };
    const known = index !== undefined && index >= 0 ? lexicon.lemmasOfIndex(index) : lexicon.lemmas(word);
    if (house.accept.has(word)) return { kind: 'known', lemmas: accepted.get(word) ?? known ?? resolve(word.toLowerCase()) };
    if (!known) return { kind: 'unknown' };
    // The game's word-form rules (oldfashion, noPlurals) keep the allowed readings; a GM's
    // acceptance above is not filtered: the GM has decided.
    if (forms && formRulesActive(forms)) {
      const allowed = allowedLemmas(word, lexicon.senses(word) ?? [], forms, (f) => lexicon.lemmas(f));
      if (allowed && allowed.length === 0) return { kind: 'known', lemmas: known, formNotAllowed: true };
      if (allowed) return { kind: 'known', lemmas: allowed };
    }
    return { kind: 'known', lemmas: known };
  };
  // As above: neither rejected nor accepted by the GM, and not in the lexicon.
  verdict.isUnknown = (word) => !house.reject.has(word) && !house.accept.has(word) && !lexicon.has(word);
  const formRules = forms !== undefined && formRulesActive(forms);
  verdict.lexiconAlone = (word) => !formRules && !house.reject.has(word) && !house.accept.has(word);
  return verdict;
}
