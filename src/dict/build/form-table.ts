import { foldWord } from '../../rules/fold.js';
import { type FormTag, LemmaTable, type PartOfSpeech, tagBits } from '../../rules/lemma.js';
import type { Language } from '../../rules/types.js';

/**
 * Abbreviations (USA, ADAC, z.B., GmbH) and words with a capital inside (LehrerIn) are not
 * words (SPEC 4); neither is anything that does not fold.
 */
const ABBREVIATION = /^[\p{Lu}\d]{2,}$|\.|^.+\p{Lu}/u;

/**
 * The senses of one form: lemma id → tag bits | source bits << 8. Most forms have one, kept
 * as a single number (id · 2³² + bits) instead of a Map: a Map a form took a tenth of a
 * German build's memory.
 */
type Senses = number | Map<number, number>;
const ONE = 2 ** 32;
/** A sense's tag bits (its source bits are above them). */
export const TAG_MASK = 0xff;

function* sensesEntries(s: Senses): Generator<[number, number]> {
  if (typeof s === 'number') yield [Math.floor(s / ONE), s % ONE];
  else yield* s;
}

function encodeSenses(entries: Iterable<[number, number]>): Senses | undefined {
  const list = [...entries];
  if (list.length === 0) return undefined;
  if (list.length === 1) return list[0]![0] * ONE + (list[0]![1] >>> 0);
  return new Map(list.map(([id, bits]) => [id, bits >>> 0]));
}

/** Where a merge ends: a lemma merged into one that is merged itself goes on to the last (at most 8 steps). */
function finalTarget(into: ReadonlyMap<number, { to: number }>, to: number): number {
  for (let hops = 0; into.has(to) && hops < 8; hops++) to = into.get(to)!.to;
  return to;
}

/**
 * Folded form → the lemmas it is a form of, each with what the form is (tags) and which
 * sources say so, gathered from one or more sources while building a dictionary.
 */
export class FormTable {
  readonly lemmas: LemmaTable;
  readonly sourceNames: string[] = [];
  private readonly store = new Map<string, Senses>();
  /** Which four and five letters the folded forms start with, a bit each (26⁴ and 26⁵ bits, 1.5 MB; see mayStartWith). */
  private readonly starts4 = new Uint8Array(26 ** 4 / 8);
  private readonly starts5 = new Uint8Array(Math.ceil(26 ** 5 / 8));

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
    if (id === null) return false;
    this.addFolded(folded, id, tags, source);
    return true;
  }

  /** Folded forms by spelling: the sources repeat a form many times (declension tables). */
  private readonly folds = new Map<string, string | null>();

  private fold(form: string): string | null {
    let f = this.folds.get(form);
    if (f === undefined) {
      f = ABBREVIATION.test(form) ? null : foldWord(form, this.language);
      // Bounded: a cache of every spelling ever added took a fifth of a build's memory.
      if (this.folds.size >= 50_000) this.folds.clear();
      this.folds.set(form, f);
    }
    return f;
  }

  /** Adds a surface form of a lemma already known by id. */
  addToLemma(form: string, id: number, tags: readonly FormTag[], source: string): boolean {
    const folded = this.fold(form);
    if (!folded) return false;
    this.addFolded(folded, id, tags, source);
    return true;
  }

  /** addToLemma for a form whose folded spelling the caller has (foldWord(form)): not folded again. */
  addToLemmaFolded(form: string, folded: string, id: number, tags: readonly FormTag[], source: string): boolean {
    if (ABBREVIATION.test(form)) return false;
    this.addFolded(folded, id, tags, source);
    return true;
  }

  private addFolded(folded: string, id: number, tags: readonly FormTag[], source: string): void {
    this.addBits(folded, id, (tagBits(tags) | this.sourceBit(source)) >>> 0);
  }

  /** Adds a folded form of a lemma with its tag and source bits (as formsOfLemmas gives them). */
  addBits(folded: string, id: number, add: number): void {
    const cur = this.store.get(folded);
    if (cur === undefined) {
      this.store.set(folded, id * ONE + add);
      if (folded.length >= 4) {
        const k = fourLetters(folded, 0);
        this.starts4[k >> 3]! |= 1 << (k & 7);
      }
      if (folded.length >= 5) {
        const k = fourLetters(folded, 0) * 26 + folded.charCodeAt(4) - 65;
        this.starts5[k >> 3]! |= 1 << (k & 7);
      }
    }
    else if (typeof cur === 'number') {
      const oldId = Math.floor(cur / ONE), oldBits = cur % ONE;
      this.store.set(folded, oldId === id ? id * ONE + ((oldBits | add) >>> 0) : new Map([[oldId, oldBits], [id, add]]));
    } else cur.set(id, ((cur.get(id) ?? 0) | add) >>> 0);
  }

  /** Every folded form. */
  forms(): IterableIterator<string> {
    return this.store.keys();
  }

  /** The senses of a folded form: lemma id → tag bits | source bits << 8. */
  sensesOfFolded(folded: string): Map<number, number> | undefined {
    const s = this.store.get(folded);
    return s === undefined ? undefined : new Map(sensesEntries(s));
  }

  /**
   * Lets go of what only adding needed (the folding cache, the lemma lookups) before the
   * table is written: no form or lemma can be added after.
   */
  seal(): void {
    this.folds.clear();
    this.lemmas.seal();
  }

  /** Forms and senses as writeCompact reads them. */
  compactInput(): { keys(): IterableIterator<string>; get(form: string): ReadonlyMap<number, number> | undefined; sensesList(form: string): [number, number][]; sensesCount(form: string): number; release(): void } {
    // The forms are handed over sorted by code units, as writeCompact sorts them: its sort is
    // then one pass over them.
    return {
      keys: () => [...this.store.keys()].sort()[Symbol.iterator](),
      get: (f) => this.sensesOfFolded(f),
      // Without a Map a form: writing a German dictionary asks for 700,000 forms' senses.
      sensesCount: (f) => {
        const s = this.store.get(f)!;
        return typeof s === 'number' ? 1 : s.size;
      },
      sensesList: (f) => {
        const s = this.store.get(f)!;
        return typeof s === 'number' ? [[Math.floor(s / ONE), s % ONE]] : [...s];
      },
      release: () => this.store.clear(),
    };
  }

  /** The lemma ids of a folded form (undefined when the form is not known). */
  idsOfFolded(folded: string): number[] | undefined {
    const s = this.store.get(folded);
    return s === undefined ? undefined : typeof s === 'number' ? [Math.floor(s / ONE)] : [...s.keys()];
  }

  /** The tag bits a folded form has as a form of one lemma (0 when it is not). */
  tagBitsOf(folded: string, id: number): number {
    const s = this.store.get(folded);
    if (s === undefined) return 0;
    if (typeof s === 'number') return Math.floor(s / ONE) === id ? s % ONE & TAG_MASK : 0;
    return (s.get(id) ?? 0) & TAG_MASK;
  }

  /**
   * False when no folded form starts with the first five letters of `folded` from `at` (four
   * when four are left): a quick test before looking up a slice of a folded word (a
   * compound's last parts; half of them or more are no form). True when fewer than four
   * letters are left.
   */
  mayStartWith(folded: string, at: number): boolean {
    const left = folded.length - at;
    if (left < 4) return true;
    const k = fourLetters(folded, at);
    if (left === 4) return (this.starts4[k >> 3]! & (1 << (k & 7))) !== 0;
    const k5 = k * 26 + folded.charCodeAt(at + 4) - 65;
    return (this.starts5[k5 >> 3]! & (1 << (k5 & 7))) !== 0;
  }

  hasFolded(folded: string): boolean {
    return this.store.has(folded);
  }

  has(form: string): boolean {
    const folded = foldWord(form, this.language);
    return folded !== null && this.store.has(folded);
  }

  private ids(form: string): number[] | undefined {
    const folded = foldWord(form, this.language);
    const s = folded ? this.store.get(folded) : undefined;
    return s === undefined ? undefined : typeof s === 'number' ? [Math.floor(s / ONE)] : [...s.keys()];
  }

  /** The lemma keys of a form (printable keys, see LemmaTable). */
  lemmasOf(form: string): string[] | undefined {
    return this.ids(form)?.map((id) => this.lemmas.keys[id]!);
  }

  /** The tag bits a form has as a form of one lemma (0 when it is not). */
  tagsOf(form: string, id: number): number {
    const folded = foldWord(form, this.language);
    const s = folded ? this.store.get(folded) : undefined;
    if (s === undefined) return 0;
    for (const [sid, bits] of sensesEntries(s)) if (sid === id) return bits & TAG_MASK;
    return 0;
  }

  /** The senses of a form: lemma id and part of speech. */
  sensesOf(form: string): { id: number; key: string; pos: PartOfSpeech }[] {
    return (this.ids(form) ?? []).map((id) => ({ id, key: this.lemmas.keys[id]!, pos: this.lemmas.pos[id]! }));
  }

  /**
   * Merges lemmas into others (a superlative filed as a word of its own into its adjective):
   * every sense of a `from` lemma becomes a sense of its `to` lemma, with the extra tags
   * (and of that lemma's `to`, where it is merged too).
   */
  mergeLemmas(into: ReadonlyMap<number, { to: number; tags: readonly FormTag[]; replaceTags?: boolean }>): void {
    if (into.size === 0) return;
    for (const [form, s] of this.store) {
      if (typeof s === 'number' && !into.has(Math.floor(s / ONE))) continue;
      const entries = [...sensesEntries(s)];
      if (!entries.some(([id]) => into.has(id))) continue;
      const merged = new Map<number, number>();
      for (const [id, bits] of entries) {
        const target = into.get(id);
        const to = target ? finalTarget(into, target.to) : id;
        // (A form's own tags go where they would be wrong for the new lemma: an adverb's base.)
        const kept = target?.replaceTags ? bits & ~TAG_MASK : bits;
        merged.set(to, (merged.get(to) ?? 0) | kept | (target ? tagBits(target.tags) : 0));
      }
      this.store.set(form, encodeSenses(merged)!);
    }
  }

  /** The bit of each named source in a sense's bits (0 for a source that added nothing). */
  sourceMask(names: readonly string[]): number {
    let mask = 0;
    for (const name of names) {
      const i = this.sourceNames.indexOf(name);
      if (i >= 0) mask |= 1 << (8 + i);
    }
    return mask >>> 0;
  }

  /** For each lemma id: how many forms it has, and its senses' tag and source bits together. */
  lemmaCensus(): LemmaCensus {
    const forms = new Uint32Array(this.lemmas.keys.length), bits = new Uint32Array(this.lemmas.keys.length);
    for (const s of this.store.values()) {
      for (const [id, b] of sensesEntries(s)) {
        forms[id]!++;
        bits[id]! |= b;
      }
    }
    return { forms, bits };
  }

  /** Every form of these lemmas, folded, with its tag and source bits. */
  formsOfLemmas(ids: ReadonlySet<number>): Map<number, [string, number][]> {
    const out = new Map<number, [string, number][]>();
    for (const [form, s] of this.store) {
      if (typeof s === 'number' && !ids.has(Math.floor(s / ONE))) continue;
      for (const [id, bits] of sensesEntries(s)) {
        if (!ids.has(id)) continue;
        let list = out.get(id);
        if (!list) out.set(id, (list = []));
        list.push([form, bits]);
      }
    }
    return out;
  }

  /** Drops these lemmas as deleteLemmas does, and gives their forms as formsOfLemmas does (to file them anew). */
  takeLemmas(ids: ReadonlySet<number>): Map<number, [string, number][]> {
    const forms = this.formsOfLemmas(ids);
    this.deleteLemmas(ids);
    return forms;
  }

  /** Drops every form's sense of these lemmas, and forms left without any (names). */
  deleteLemmas(ids: ReadonlySet<number>): void {
    // (Deleting or replacing the current entry while iterating a Map is safe.)
    for (const [form, s] of this.store) {
      if (typeof s === 'number') {
        if (ids.has(Math.floor(s / ONE))) this.store.delete(form);
        continue;
      }
      const entries = [...s];
      if (!entries.some(([id]) => ids.has(id))) continue;
      const kept = encodeSenses(entries.filter(([id]) => !ids.has(id)));
      if (kept === undefined) this.store.delete(form);
      else this.store.set(form, kept);
    }
  }

  /** Drops one reading of a form (a lemma a source's rules gave it wrongly); the form stays while it has another. */
  deleteSense(form: string, id: number): void {
    const folded = foldWord(form, this.language);
    const s = folded === null ? undefined : this.store.get(folded);
    if (s === undefined) return;
    const kept = encodeSenses([...sensesEntries(s)].filter(([i]) => i !== id));
    if (kept === undefined) this.store.delete(folded!);
    else this.store.set(folded!, kept);
  }

  /** Drops a form altogether (a name or a misspelling the sources carry). */
  delete(form: string): void {
    const folded = foldWord(form, this.language);
    if (folded) this.store.delete(folded);
  }
}

/** For each lemma id: its number of forms, and its senses' tag and source bits together. */
export interface LemmaCensus { forms: Uint32Array; bits: Uint32Array }

/** Four folded letters (A–Z) from `at` as a number below 26⁴. */
function fourLetters(folded: string, at: number): number {
  return (((folded.charCodeAt(at) - 65) * 26 + folded.charCodeAt(at + 1) - 65) * 26 + folded.charCodeAt(at + 2) - 65) * 26 + folded.charCodeAt(at + 3) - 65;
}

/**
 * The forms of a nested JSON inflection table with the path of keys leading to each. A
 * two-string array under a finite verb tense is [stem, separable prefix] ("arbeite ab"; the
 * word on its own is "abarbeite"); any other array lists alternatives (two past
 * participles: gesandt, gesendet).
 */
export function leaves(node: unknown, separable = false): { form: string; path: string[] }[] {
  const out: { form: string; path: string[] }[] = [];
  eachLeaf(node, separable, (form, path) => out.push({ form, path: path.slice() }));
  return out;
}

/**
 * leaves() as a walk: `visit` gets each form, in the same order, with the path of keys to
 * it (the walk's own stack, valid only during the call). A German build walks millions of
 * forms, most of them repeated (an adjective's declension): copying a path for each, or
 * collecting them in a generator, took a tenth of its time.
 */
export function eachLeaf(node: unknown, separable: boolean, visit: (form: string, path: readonly string[]) => void): void {
  const path: string[] = [];
  const walk = (n: unknown) => {
    if (typeof n === 'string') visit(n, path);
    else if (Array.isArray(n)) {
      if (separable && n.length === 2 && typeof n[0] === 'string' && typeof n[1] === 'string' && !n[1].includes(' ')) {
        visit(n[1] + n[0], path);
      } else for (const x of n) walk(x);
    } else if (n && typeof n === 'object') {
      for (const k in n) {
        if (!Object.hasOwn(n, k)) continue;
        path.push(k);
        walk((n as Record<string, unknown>)[k]);
        path.pop();
      }
    }
  };
  walk(node);
}
