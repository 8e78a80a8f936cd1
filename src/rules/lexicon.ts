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

export class Lexicon {
  /**
   * @param store folded forms, sorted by code unit, no duplicates
   * @param lemmasAt the lemmas of form i (a form without a lemma is its own lemma)
   */
  constructor(
    readonly store: FormStore,
    private readonly lemmasAt: (i: number) => readonly string[],
  ) {}

  static fromMap(map: ReadonlyMap<string, readonly string[]>): Lexicon {
    const forms = [...map.keys()].sort(compareCodeUnits);
    const lemmas = forms.map((f) => {
      const l = map.get(f)!;
      return l.length > 0 ? l : [f.toLowerCase()];
    });
    return new Lexicon(new ArrayForms(forms), (i) => lemmas[i]!);
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

  /** Whether form i is exactly `length` letters long (its prefix of that length is all of it). */
  endsAt(i: number, length: number): boolean {
    return i < this.store.size && this.store.codeAt(i, length) === -1;
  }

  /**
   * Narrows [lo, hi) — forms sharing a prefix of length `depth` — to those whose next
   * letter is `code`. Returns [lo, hi) of the narrower range (empty when lo === hi).
   */
  narrow(lo: number, hi: number, depth: number, code: number): [number, number] {
    const store = this.store;
    let a = lo, b = hi;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (store.codeAt(mid, depth) < code) a = mid + 1;
      else b = mid;
    }
    let c = a, d = hi;
    while (c < d) {
      const mid = (c + d) >>> 1;
      if (store.codeAt(mid, depth) <= code) c = mid + 1;
      else d = mid;
    }
    return [a, c];
  }
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
