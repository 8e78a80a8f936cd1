import { foldWord } from '../../rules/fold.js';
import type { Language } from '../../rules/types.js';

/** Abbreviations (USA, ADAC, z.B.) are not words (SPEC 4); neither is anything that does not fold. */
const ABBREVIATION = /^[\p{Lu}\d]{2,}$|\./u;

/** Folded form → lemmas, gathered from one or more sources while building a dictionary. */
export class FormTable {
  readonly map = new Map<string, Set<string>>();
  constructor(readonly language: Language) {}

  /** Adds a surface form with its lemma; returns false when the form is not a word. */
  add(form: string, lemma: string): boolean {
    if (ABBREVIATION.test(form) || ABBREVIATION.test(lemma)) return false;
    const folded = foldWord(form, this.language);
    if (!folded) return false;
    let set = this.map.get(folded);
    if (!set) this.map.set(folded, (set = new Set()));
    set.add(lemma);
    return true;
  }

  has(form: string): boolean {
    const folded = foldWord(form, this.language);
    return folded !== null && this.map.has(folded);
  }

  lemmasOf(form: string): Set<string> | undefined {
    const folded = foldWord(form, this.language);
    return folded ? this.map.get(folded) : undefined;
  }
}

/** Every string leaf of a nested JSON inflection table (arrays are [stem, separable prefix]). */
export function* leaves(node: unknown): Generator<string> {
  if (typeof node === 'string') yield node;
  else if (Array.isArray(node)) {
    if (node.length === 2 && typeof node[0] === 'string' && typeof node[1] === 'string' && !node[1].includes(' ')) {
      // "arbeite ab" in a main clause; the joined form "abarbeite" is the word on its own.
      yield node[1] + node[0];
    } else for (const x of node) yield* leaves(x);
  } else if (node && typeof node === 'object') {
    for (const v of Object.values(node)) yield* leaves(v);
  }
}
