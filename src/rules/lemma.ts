import { foldWord } from './fold.js';
import type { Language } from './types.js';

// What a lemma is, the same everywhere (built dictionaries, a game's word list, the GM's
// house lists): a word's identity is its folded lemma text plus, where a dictionary knows
// it, its part of speech. So Fluss and Fluß are one word (FLUSS, noun), Reise and reise in
// a word list are one word, while the noun Weg and the adverb weg, or the verb sein and the
// possessive sein, are two.

/** Parts of speech a dictionary may give a lemma; '' when the source does not say. */
export const PARTS_OF_SPEECH = ['', 'N', 'V', 'ADJ', 'ADV', 'PRON', 'DET', 'PREP', 'CONJ', 'INTJ', 'PART', 'NUM'] as const;
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export const POS_NAMES: Record<PartOfSpeech, string> = {
  '': 'word', N: 'noun', V: 'verb', ADJ: 'adjective', ADV: 'adverb', PRON: 'pronoun', DET: 'determiner',
  PREP: 'preposition', CONJ: 'conjunction', INTJ: 'interjection', PART: 'particle', NUM: 'numeral',
};

/**
 * What a form is of its lemma, as bits: the Old Fashion and no-plurals variants filter by
 * them. `base` is the lemma's own form (a noun's nominative singular, an adjective's plain
 * form, a verb's infinitive); `infl` any other inflected form.
 */
export const FORM_TAGS = ['base', 'inf', 'pp', 'plural', 'fem', 'comp', 'sup', 'infl'] as const;
export type FormTag = (typeof FORM_TAGS)[number];

const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

export function tagBits(tags: readonly FormTag[]): number {
  let bits = 0;
  for (const t of tags) bits |= 1 << FORM_TAGS.indexOf(t);
  return bits;
}

export function tagsOf(bits: number): FormTag[] {
  return FORM_TAGS.filter((_, i) => bits & (1 << i));
}

/**
 * The lemma text under a printed key: LemmaTable's decorations (a homonym's superscript, the
 * part of speech in brackets, a tie-breaking number) taken off again.
 */
export function lemmaText(key: string): string {
  return key.replace(/ \(.*\)$| \d+$|[⁰¹²³⁴⁵⁶⁷⁸⁹]+$/, '');
}

/** The identity of a lemma: folded text and part of speech (null when the text is not a word). */
export function lemmaIdentity(text: string, pos: PartOfSpeech, language: Language): string | null {
  const folded = foldWord(text.trim(), language);
  return folded === null ? null : pos ? `${folded}/${pos}` : folded;
}

/**
 * Gives every lemma one printable key, unique in its dictionary: the first spelling seen for
 * its identity (Fluss before Fluß when the builder adds the current spelling first), with
 * the part of speech added in brackets where two lemmas would otherwise print alike.
 */
export class LemmaTable {
  private readonly byIdentity = new Map<string, number>();
  readonly keys: string[] = [];
  readonly pos: PartOfSpeech[] = [];
  private readonly printed = new Map<string, number>();

  constructor(readonly language: Language) {}

  /** The id of a lemma if the table has it. */
  find(text: string, pos: PartOfSpeech = ''): number | undefined {
    if (this.sealed) throw new Error('the lemma table is sealed');
    const identity = this.identityOf(text, pos);
    return identity === null ? undefined : this.byIdentity.get(identity);
  }

  /** A lemma's identity; "Bank#2" (the second of two words spelt alike) has its own. */
  private identityOf(text: string, pos: PartOfSpeech): string | null {
    const homonym = /^(.+)#(\d)$/.exec(text);
    const folded = lemmaIdentity(homonym ? homonym[1]! : text, pos, this.language);
    return folded === null ? null : homonym ? `${folded}#${homonym[2]}` : folded;
  }

  /**
   * The id of a lemma, added if new; null when the text is not a word. "Bank#2" names the
   * second of two words spelt alike (printed Bank², as dictionaries number homonyms).
   */
  intern(text: string, pos: PartOfSpeech = ''): number | null {
    if (this.sealed) throw new Error('the lemma table is sealed');
    const cacheKey = `${text}\t${pos}`;
    const cached = this.interned.get(cacheKey);
    if (cached !== undefined) return cached;
    const id = this.internUncached(text, pos);
    this.interned.set(cacheKey, id);
    return id;
  }

  /**
   * Lets go of the lookups, keeping the keys and parts of speech: a dictionary build calls it
   * before writing, when no lemma is added any more (the lookups of a German build are tens
   * of megabytes). Later lookups fail loudly.
   */
  seal(): void {
    this.byIdentity.clear();
    this.printed.clear();
    this.interned.clear();
    this.sealed = true;
  }

  private sealed = false;

  /** Empties the cache of interned spellings (a builder's phase that interned many is over). */
  clearCache(): void {
    this.interned.clear();
  }

  /** Ids by text and part of speech as given: builders intern the same lemma many times. */
  private readonly interned = new Map<string, number | null>();

  private internUncached(text: string, pos: PartOfSpeech): number | null {
    const identity = this.identityOf(text, pos);
    if (identity === null) return null;
    const homonym = /^(.+)#(\d)$/.exec(text);
    const base = homonym ? homonym[1]! : text;
    const known = this.byIdentity.get(identity);
    if (known !== undefined) return known;
    const display = base.trim().normalize('NFC') + (homonym ? SUPERSCRIPT[Number(homonym[2])] : '');
    const key = this.printed.has(display) ? `${display} (${POS_NAMES[pos]})` : display;
    const id = this.keys.length;
    this.keys.push(this.printed.has(key) ? `${key} ${id}` : key);
    this.pos.push(pos);
    this.printed.set(this.keys[id]!, id);
    if (!this.printed.has(display)) this.printed.set(display, id);
    this.byIdentity.set(identity, id);
    return id;
  }
}
