// Shared vocabulary of the rules engine. Everything in src/rules is pure: no I/O, no clock,
// no randomness other than the seeded generator in rng.ts.

export type Language = 'de' | 'en' | 'fr' | 'it';

/** A die face on the field: one letter A–Z, the two-letter face QU, or the joker star. */
export type Face = string;
export const STAR: Face = '*';
export const QU: Face = 'QU';

export interface Field {
  /** Side length: 5 (default) or 4. */
  readonly size: number;
  /** Row-major faces, size*size of them. */
  readonly cells: readonly Face[];
}

export type ScoringScheme = 'letters' | 'boggle' | 'oldfashion' | 'paroliere';
export type Originality = 'submitted' | 'counted' | 'off';

export interface Rules {
  language: Language;
  scheme: ScoringScheme;
  originality: Originality;
  uniqueOnly: boolean;
  minLength: number;
  /** Main words per entry; 0 means unlimited. */
  wordsPerEntry: number;
  substitutesPerEntry: number;
  /** Word forms allowed: all, or oldfashion (B@ggle Old Fashion; src/rules/word-forms.ts). */
  words: WordForms;
  /** Plurals are refused (form-not-allowed). */
  noPlurals: boolean;
}

export type WordForms = 'all' | 'oldfashion';

export const DEFAULT_RULES: Rules = {
  language: 'de',
  scheme: 'letters',
  originality: 'submitted',
  uniqueOnly: false,
  minLength: 3,
  wordsPerEntry: 7,
  substitutesPerEntry: 3,
  words: 'all',
  noPlurals: false,
};

/** What the dictionary (plus the GM's house lists) says about one folded word. */
export type DictionaryVerdict =
  | { kind: 'known'; lemmas: readonly string[]; /** a dictionary word whose form the game's word-form rules refuse */ formNotAllowed?: boolean }
  | { kind: 'rejected' } // GM rejected it
  | { kind: 'unknown' }; // not in the dictionary, no GM decision yet

export type WordStatus = 'counted' | 'rejected' | 'unused';
export type RejectReason =
  | 'too-short'
  | 'not-a-word'
  | 'not-on-field'
  | 'joker-conflict'
  | 'not-in-dictionary'
  | 'pending-review'
  | 'same-lemma'
  | 'duplicate'
  | 'over-limit'
  | 'form-not-allowed';

export type WordRole = 'main' | 'substitute';

/** An entry as the player sent it (raw tokens, in order). */
export interface Entry {
  main: readonly string[];
  substitutes: readonly string[];
  /** Declared joker letter, if any (already upper-case A–Z). */
  joker?: string | null;
}
