import { foldWord } from '../../rules/fold.js';
import { type FormTag, LemmaTable, type PartOfSpeech, tagBits } from '../../rules/lemma.js';
import type { Language } from '../../rules/types.js';

/**
 * Abbreviations (USA, ADAC, z.B., GmbH) and words with a capital inside (LehrerIn) are not
 * words (SPEC 4); neither is anything that does not fold.
 */
const ABBREVIATION = /^[\p{Lu}\d]{2,}$|\.|^.+\p{Lu}/u;

/**
 * Folded form → the lemmas it is a form of, each with what the form is (tags) and which
 * sources say so, gathered from one or more sources while building a dictionary.
 */
export class FormTable {
  readonly lemmas: LemmaTable;
  readonly sourceNames: string[] = [];
  /** folded form → lemma id → tag bits | source bits << 8 */
  readonly map = new Map<string, Map<number, number>>();

  constructor(readonly language: Language) {
    this.lemmas = new LemmaTable(language);
  }

  private sourceBit(name: string): number {
    let i = this.sourceNames.indexOf(name);
    if (i < 0) {
      if (this.sourceNames.length >= 24) throw new Error(`too many dictionary sources (${name})`);
      i = this.sourceNames.push(name) - 1;
    }
    return 1 << (8 + i);
  }

  /** Adds a surface form of a lemma; returns false when the form or the lemma is not a word. */
  add(form: string, lemma: string, pos: PartOfSpeech, tags: readonly FormTag[], source: string): boolean {
    if (ABBREVIATION.test(form) || ABBREVIATION.test(lemma)) return false;
    const folded = foldWord(form, this.language);
    if (!folded) return false;
    const id = this.lemmas.intern(lemma, pos);
    return id !== null && this.addToLemma(form, id, tags, source);
  }

  /** Folded forms by spelling: the sources repeat a form many times (declension tables). */
  private readonly folds = new Map<string, string | null>();

  private fold(form: string): string | null {
    let f = this.folds.get(form);
    if (f === undefined) {
      f = ABBREVIATION.test(form) ? null : foldWord(form, this.language);
      this.folds.set(form, f);
    }
    return f;
  }

  /** Adds a surface form of a lemma already known by id. */
  addToLemma(form: string, id: number, tags: readonly FormTag[], source: string): boolean {
    const folded = this.fold(form);
    if (!folded) return false;
    let senses = this.map.get(folded);
    if (!senses) this.map.set(folded, (senses = new Map()));
    senses.set(id, (senses.get(id) ?? 0) | tagBits(tags) | this.sourceBit(source));
    return true;
  }

  has(form: string): boolean {
    const folded = foldWord(form, this.language);
    return folded !== null && this.map.has(folded);
  }

  /** The lemma keys of a form (printable keys, see LemmaTable). */
  lemmasOf(form: string): string[] | undefined {
    const folded = foldWord(form, this.language);
    const senses = folded ? this.map.get(folded) : undefined;
    return senses ? [...senses.keys()].map((id) => this.lemmas.keys[id]!) : undefined;
  }

  /** The tag bits a form has as a form of one lemma (0 when it is not). */
  tagsOf(form: string, id: number): number {
    const folded = foldWord(form, this.language);
    return folded ? (this.map.get(folded)?.get(id) ?? 0) & 0xff : 0;
  }

  /** The senses of a form: lemma id and part of speech. */
  sensesOf(form: string): { id: number; key: string; pos: PartOfSpeech }[] {
    const folded = foldWord(form, this.language);
    const senses = folded ? this.map.get(folded) : undefined;
    return senses ? [...senses.keys()].map((id) => ({ id, key: this.lemmas.keys[id]!, pos: this.lemmas.pos[id]! })) : [];
  }

  /**
   * Merges lemmas into others (a superlative filed as a word of its own into its adjective):
   * every sense of a `from` lemma becomes a sense of its `to` lemma, with the extra tags.
   */
  mergeLemmas(into: ReadonlyMap<number, { to: number; tags: readonly FormTag[] }>): void {
    if (into.size === 0) return;
    for (const senses of this.map.values()) {
      for (const [id, bits] of [...senses]) {
        const target = into.get(id);
        if (!target) continue;
        senses.delete(id);
        senses.set(target.to, (senses.get(target.to) ?? 0) | bits | tagBits(target.tags));
      }
    }
  }

  /** Drops every form's sense of these lemmas, and forms left without any (names). */
  deleteLemmas(ids: ReadonlySet<number>): void {
    for (const [form, senses] of [...this.map]) {
      for (const id of ids) senses.delete(id);
      if (senses.size === 0) this.map.delete(form);
    }
  }

  /** Drops a form altogether (a name or a misspelling the sources carry). */
  delete(form: string): void {
    const folded = foldWord(form, this.language);
    if (folded) this.map.delete(folded);
  }
}

/**
 * The forms of a nested JSON inflection table with the path of keys leading to each. A
 * two-string array under a finite verb tense is [stem, separable prefix] ("arbeite ab"; the
 * word on its own is "abarbeite"); any other array lists alternatives (two past
 * participles: gesandt, gesendet).
 */
export function* leaves(node: unknown, separable = false, path: string[] = []): Generator<{ form: string; path: string[] }> {
  if (typeof node === 'string') yield { form: node, path };
  else if (Array.isArray(node)) {
    if (separable && node.length === 2 && typeof node[0] === 'string' && typeof node[1] === 'string' && !node[1].includes(' ')) {
      yield { form: node[1] + node[0], path };
    } else for (const x of node) yield* leaves(x, separable, path);
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) yield* leaves(v, separable, [...path, k]);
  }
}
