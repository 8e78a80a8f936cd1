// The in-memory dictionary the rules work on: sorted folded forms, each with its lemma(s).
// A sorted array answers both "is this a word" and "does any word start with this" by
// binary search, which is all the solver needs, and it loads without any build step.

export class Lexicon {
  /**
   * @param forms folded forms, sorted by code unit, no duplicates
   * @param lemmasAt the lemmas of forms[i] (a form without a lemma is its own lemma)
   */
  constructor(
    readonly forms: readonly string[],
    private readonly lemmasAt: (i: number) => readonly string[],
  ) {}

  static fromMap(map: ReadonlyMap<string, readonly string[]>): Lexicon {
    const forms = [...map.keys()].sort(compareCodeUnits);
    const lemmas = forms.map((f) => {
      const l = map.get(f)!;
      return l.length > 0 ? l : [f.toLowerCase()];
    });
    return new Lexicon(forms, (i) => lemmas[i]!);
  }

  get size(): number {
    return this.forms.length;
  }

  indexOf(word: string): number {
    let lo = 0, hi = this.forms.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.forms[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.forms.length && this.forms[lo] === word ? lo : -1;
  }

  has(word: string): boolean {
    return this.indexOf(word) >= 0;
  }

  lemmas(word: string): readonly string[] | undefined {
    const i = this.indexOf(word);
    return i >= 0 ? this.lemmasAt(i) : undefined;
  }

  lemmasOfIndex(i: number): readonly string[] {
    return this.lemmasAt(i);
  }

  /**
   * Narrows [lo, hi) — forms sharing a prefix of length `depth` — to those whose next
   * letter is `code`. Returns [lo, hi) of the narrower range (empty when lo === hi).
   */
  narrow(lo: number, hi: number, depth: number, code: number): [number, number] {
    const at = (i: number) => {
      const c = this.forms[i]!.charCodeAt(depth);
      return Number.isNaN(c) ? -1 : c;
    };
    let a = lo, b = hi;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (at(mid) < code) a = mid + 1;
      else b = mid;
    }
    let c = a, d = hi;
    while (c < d) {
      const mid = (c + d) >>> 1;
      if (at(mid) <= code) c = mid + 1;
      else d = mid;
    }
    return [a, c];
  }
}

export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
