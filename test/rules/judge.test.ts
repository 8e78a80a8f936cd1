import { describe, expect, it } from 'vitest';
import { judgeEntry } from '../../src/rules/judge.js';
import { scoreRound } from '../../src/rules/round-scoring.js';
import { seedContext } from '../helpers.js';

const by = (words: { word: string | null; status: string; reason?: string }[]) =>
  Object.fromEntries(words.map((w) => [w.word ?? '?', w.reason ?? w.status]));

describe('judging an entry on the seed example field', () => {
  it('counts gurren, Gras and Emaille with joker A and Besen without the joker; gurre is the same lemma', () => {
    const ctx = seedContext();
    const words = judgeEntry({ main: ['gurren', 'gurre', 'Gras', 'Emaille', 'Besen'], substitutes: [], joker: 'A' }, 'A', ctx);
    expect(by(words)).toEqual({ GURREN: 'counted', GURRE: 'same-lemma', GRAS: 'counted', EMAILLE: 'counted', BESEN: 'counted' });
    expect(words[1]!.conflictsWith).toEqual(['GURREN']);
  });

  it('gives every reason code of SPEC 8', () => {
    const ctx = seedContext({ wordsPerEntry: 7, substitutesPerEntry: 3 });
    const entry = {
      main: ['Gras', 'ab', 'Zar-Reich', 'Wolke', 'gurren', 'gurren', 'Rumba', 'Emaille', 'Besen'],
      substitutes: ['gurre', 'Ferne', 'Elle', 'Kur'],
      joker: 'E',
    };
    const words = judgeEntry(entry, 'E', ctx);
    expect(words.map((w) => [w.input, w.status, w.reason])).toEqual([
      ['Gras', 'rejected', 'joker-conflict'], // needs A as the joker
      ['ab', 'rejected', 'too-short'],
      ['Zar-Reich', 'rejected', 'not-a-word'],
      ['Wolke', 'rejected', 'not-on-field'],
      ['gurren', 'counted', undefined],
      ['gurren', 'rejected', 'duplicate'],
      ['Rumba', 'rejected', 'not-on-field'],
      ['Emaille', 'rejected', 'over-limit'],
      ['Besen', 'rejected', 'over-limit'],
      ['gurre', 'rejected', 'same-lemma'],
      ['Ferne', 'counted', undefined],
      ['Elle', 'counted', undefined],
      ['Kur', 'rejected', 'over-limit'],
    ]);
  });

  it('separates GM rejections, words awaiting review and --reject-pending', () => {
    const ctx = seedContext();
    const unknown = judgeEntry({ main: ['Zalew'], substitutes: [] }, null, ctx); // traced along row 5, not in the list
    expect(unknown[0]!.reason).toBe('pending-review');
    expect(judgeEntry({ main: ['Zalew'], substitutes: [] }, null, { ...ctx, rejectPending: true })[0]!.reason).toBe('not-in-dictionary');
    const rejected = judgeEntry({ main: ['Zalew'], substitutes: [] }, null, { ...ctx, verdict: () => ({ kind: 'rejected' }) });
    expect(rejected[0]!.reason).toBe('not-in-dictionary');
  });

  it('replaces each invalid main word by the next valid substitute, leaving the rest unused', () => {
    const ctx = seedContext({ wordsPerEntry: 3 });
    const words = judgeEntry({ main: ['gurren', 'Wolke', 'Besen'], substitutes: ['Xylofon', 'Ferne', 'Elle'] }, null, ctx);
    expect(words.map((w) => w.status)).toEqual(['counted', 'rejected', 'counted', 'rejected', 'counted', 'unused']);
  });

  it('assigns distinct lemmas in entry order: reise and reisen both count, a third form does not', () => {
    const ctx = seedContext();
    const words = judgeEntry({ main: ['reise', 'reisen', 'Reis'], substitutes: [] }, 'I', ctx);
    expect(words.map((w) => w.status)).toEqual(['counted', 'counted', 'counted']);
    const three = judgeEntry({ main: ['Ferne', 'fern'], substitutes: [] }, null, ctx);
    expect(three.map((w) => w.status)).toEqual(['counted', 'counted']); // Ferne takes "Ferne", fern "fern"
  });
});

describe('choosing the joker', () => {
  it('takes the declared letter even when another would score more', () => {
    const r = scoreRound(1, [{ email: 'a@x.test', name: 'A', entry: { main: ['Emaille', 'Eis'], substitutes: [], joker: 'S' } }], seedContext());
    expect(r.players[0]!.joker).toBe('S');
    expect(r.players[0]!.jokerDeclared).toBe(true);
    expect(r.players[0]!.words.map((w) => w.status)).toEqual(['rejected', 'counted']);
  });
  it('picks the letter giving the highest score when none is declared', () => {
    const r = scoreRound(1, [{ email: 'a@x.test', name: 'A', entry: { main: ['Emaille', 'Eis', 'reisen'], substitutes: [] } }], seedContext());
    // A: Emaille only (7 + 1 original); I: Eis and reisen (3 + 6 + 2 original).
    expect(r.players[0]!.joker).toBe('I');
    expect(r.players[0]!.total).toBe(11);
    expect(r.players[0]!.jokerDeclared).toBe(false);
  });
  it('breaks ties with the alphabetically first letter', () => {
    const r = scoreRound(1, [{ email: 'a@x.test', name: 'A', entry: { main: ['Eis'], substitutes: [] } }], seedContext({ originality: 'off' }));
    expect(r.players[0]!.joker).toBe('I'); // I and S both trace EIS
  });
  it('takes the alphabetically first of all letters when the star cannot help (SPEC: ties → first letter)', () => {
    const ctx = seedContext({ originality: 'off' });
    const withUnknown = { ...ctx, verdict: (w: string) => (w === 'EIS' ? { kind: 'rejected' as const } : ctx.verdict(w)) };
    const r = scoreRound(1, [{ email: 'a@x.test', name: 'A', entry: { main: ['Eis', 'Besen'], substitutes: [] } }], withUnknown);
    expect(r.players[0]!.joker).toBe('A'); // EIS (needs I or S) is rejected anyway: every letter scores the same
  });
  it('leaves the joker unset when no word passes over the star', () => {
    const r = scoreRound(1, [{ email: 'a@x.test', name: 'A', entry: { main: ['Besen'], substitutes: [] } }], seedContext());
    expect(r.players[0]!.joker).toBeNull();
  });
});
