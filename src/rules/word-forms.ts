// Word-form variants (docs/word-forms.md): which inflected forms a game allows, from the
// per-form tags of the dictionary (src/rules/lemma.ts FORM_TAGS).
//
// `oldfashion` (B@ggle « Old Fashion » rooms): no conjugations, feminines or plurals. A verb
// counts only as its infinitive or past participle; a plural or feminine counts only when it
// is not just one letter added to another form of the same word (nombreuse yes: nombreux
// needs more than an added e; plaisante no: plaisant + e; nombreuses no: nombreuse + s). The
// same reading in German: the dictionary form (Grundform) of nouns and adjectives, verbs as
// infinitive and past participle, plurals only when not one added letter (Häuser yes, Tage
// no), no other inflection (case endings, declined adjectives, comparative, superlative).
//
// `noPlurals` (the Java Boggle variant): a form that is only a plural does not count.
//
// A form with several lemmas counts when one of its readings is allowed, with that reading's
// lemmas only (plaisant: the noun, not the conjugated plaire).
import { FORM_TAGS } from './lemma.js';
import type { LemmaSense } from './lexicon.js';
import type { WordForms } from './types.js';

const bit = (t: (typeof FORM_TAGS)[number]) => 1 << FORM_TAGS.indexOf(t);
const BASE = bit('base'), INF = bit('inf'), PP = bit('pp'), PLURAL = bit('plural'), FEM = bit('fem');

export interface FormRules {
  words: WordForms;
  noPlurals: boolean;
}

export const formRulesActive = (r: FormRules) => r.words !== 'all' || r.noPlurals;

type SenseVerdict = 'allowed' | 'weak' | 'one-letter' | 'refused';

/**
 * What the rules say of one reading (sense) of `word`: `allowed` (a base form, an
 * infinitive), `weak` (a past participle, or a plural or feminine that is more than one
 * added letter), `one-letter` (a plural or feminine that is one letter added to another
 * form of the same word), `refused`. `lemmasOf` gives the lemmas of another form.
 */
export function senseVerdict(word: string, sense: LemmaSense, rules: FormRules, lemmasOf: (form: string) => readonly string[] | undefined): SenseVerdict {
  const t = sense.tags;
  if (t === 0) return 'allowed'; // a word list's form: nothing known about it
  if (rules.noPlurals && (t & PLURAL) && !(t & (BASE | INF))) return 'refused';
  if (rules.words !== 'oldfashion' || (t & (BASE | INF))) return 'allowed';
  if (sense.pos === 'V' && !(t & PP)) return 'refused'; // a conjugated form
  if (t & (PLURAL | FEM)) {
    const shorter = word.length > 1 ? lemmasOf(word.slice(0, -1)) : undefined;
    return shorter?.includes(sense.lemma) ? 'one-letter' : 'weak';
  }
  if (t & PP) return 'weak'; // a past participle, masculine singular
  return 'refused'; // any other inflection (case endings, comparative, superlative)
}

/**
 * The lemmas under which `word` is allowed (empty: the form is not allowed), or null when
 * the rules allow every form. A base form or infinitive reading always counts; otherwise a
 * one-added-letter plural or feminine reading vetoes the weak ones: plaisante is plaisant +
 * e even though, accents aside, it is also the participle plaisanté.
 */
export function allowedLemmas(word: string, senses: readonly LemmaSense[], rules: FormRules, lemmasOf: (form: string) => readonly string[] | undefined): string[] | null {
  if (!formRulesActive(rules)) return null;
  const judged = senses.map((s) => ({ s, v: senseVerdict(word, s, rules, lemmasOf) }));
  const strong = judged.some((j) => j.v === 'allowed');
  const vetoed = !strong && judged.some((j) => j.v === 'one-letter');
  if (vetoed) return [];
  return [...new Set(judged.filter((j) => j.v === 'allowed' || j.v === 'weak').map((j) => j.s.lemma))];
}
