// "One inflected form per lemma" (SPEC 1): two words conflict only if they cannot be given
// distinct lemmas. Words are added in the player's order; each new word is kept only if a
// matching word → lemma exists for it together with every word kept before (Kuhn's
// augmenting paths: earlier words may switch to another of their lemmas to make room).

export class LemmaMatcher {
  private readonly lemmasOf: (readonly string[])[] = [];
  private readonly ownerOf = new Map<string, number>();
  private readonly lemmaOf: string[] = [];

  /** Tries to keep a word with these lemmas; returns false (and changes nothing) if it cannot. */
  add(lemmas: readonly string[]): boolean {
    const id = this.lemmasOf.length;
    this.lemmasOf.push(lemmas);
    if (this.augment(id, new Set())) return true;
    this.lemmasOf.pop();
    return false;
  }

  /** The lemma currently assigned to the i-th kept word. */
  assigned(i: number): string {
    return this.lemmaOf[i]!;
  }

  get size(): number {
    return this.lemmasOf.length;
  }

  private augment(word: number, visited: Set<string>): boolean {
    for (const lemma of this.lemmasOf[word]!) {
      if (visited.has(lemma)) continue;
      visited.add(lemma);
      const owner = this.ownerOf.get(lemma);
      if (owner === undefined || this.augment(owner, visited)) {
        this.ownerOf.set(lemma, word);
        this.lemmaOf[word] = lemma;
        return true;
      }
    }
    return false;
  }
}
