import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeVerdict } from '../../src/rules/adjudication.js';
import { analyseEntry, type JudgeContext } from '../../src/rules/judge.js';
import { pendingWords, type PendingWord } from '../../src/game/review.js';
import type { StoredEntry } from '../../src/game/rounds.js';
import { seedContext, seedLexicon } from '../helpers.js';

/** pendingWords as it was before it skipped the words the dictionary knows: every word analysed in full. */
function referencePendingWords(entries: readonly StoredEntry[], ctx: JudgeContext): PendingWord[] {
  const byWord = new Map<string, PendingWord>();
  for (const e of entries) {
    for (const a of analyseEntry(e, ctx)) {
      if (a.early || !a.word || a.verdict?.kind !== 'unknown') continue;
      let p = byWord.get(a.word);
      if (!p) byWord.set(a.word, (p = { word: a.word, senders: [] }));
      p.senders.push({ email: e.email, name: e.name, input: a.input });
    }
  }
  return [...byWord.values()].sort((a, b) => (a.word < b.word ? -1 : 1));
}

// Tokens for the seed field FERNC/BSREO/EM*RU/NLIGK/ZALEW: dictionary words (on the field,
// over the star, off it), words the dictionary lacks (on the field, over the star, off it),
// too short, not words, and spellings that fold alike.
const TOKENS = ['gurren', 'Gras', 'Emaille', 'Besen', 'reisen', 'Reis', 'Ferne', 'Kur', 'Krug', 'Zar', 'Sessel', 'Bier',
  'ferse', 'fernc', 'sreor', 'esmi', 'lagi', 'Zala', 'kurn', 'breo', 'Nlig', 'bsre', 'Wolke', 'Rumba', 'qqq',
  'ab', 'Zar-Reich', 'x1', 'Öse', 'OESE', 'FERSE', 'Ferse'];
const HOUSE = ['FERSE', 'KURN', 'BREO', 'GRAS', 'LAGI', 'WOLKE'];

describe('the words awaiting review', () => {
  it('are those a full analysis of every word finds, whether or not the verdict can tell unknown words cheaply', () => {
    const entryArb = fc.record({ main: fc.array(fc.constantFrom(...TOKENS), { maxLength: 9 }), substitutes: fc.array(fc.constantFrom(...TOKENS), { maxLength: 4 }) });
    const ruleArb = fc.record({ minLength: fc.constantFrom(3, 4, 5), wordsPerEntry: fc.constantFrom(7, 3, 0), substitutesPerEntry: fc.constantFrom(3, 1) });
    let withPending = 0;
    fc.assert(fc.property(fc.array(entryArb, { maxLength: 12 }), ruleArb, fc.subarray(HOUSE), fc.subarray(HOUSE), (list, rules, accept, reject) => {
      const entries = list.map((e, i): StoredEntry => ({ ...e, email: `p${i}@example.test`, name: `P${i}`, receivedAt: '', messageId: '', source: '', replaced: [] }));
      const verdict = makeVerdict(seedLexicon(), { accept: new Map(accept.map((w) => [w, []])), reject: new Set(reject) });
      const ctx = (): JudgeContext => ({ ...seedContext(rules), verdict });
      const expected = referencePendingWords(entries, ctx());
      if (expected.length > 0) withPending++;
      expect(pendingWords(entries, ctx())).toEqual(expected);
      // A verdict without the cheap question is asked in full.
      const plain: JudgeContext = { ...ctx(), verdict: (w, i) => verdict(w, i) };
      expect(pendingWords(entries, plain)).toEqual(expected);
      // With the context's words already analysed (scoring asks after the receipts did).
      const warm = ctx();
      entries.forEach((e) => analyseEntry(e, warm));
      expect(pendingWords(entries, warm)).toEqual(expected);
    }), { numRuns: 300 });
    expect(withPending).toBeGreaterThan(100); // the comparison compares something
  });
});
