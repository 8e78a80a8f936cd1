import { describe, expect, it } from 'vitest';
import { type PlayerEntry, scoreRound } from '../../src/rules/round-scoring.js';
import { wordPoints } from '../../src/rules/schemes.js';
import { parseWordList } from '../../src/dict/word-list.js';
import { makeVerdict } from '../../src/rules/adjudication.js';
import { parseField } from '../../src/rules/field.js';
import { seedContext } from '../helpers.js';

describe('scoring schemes', () => {
  it('letters: one point a letter', () => {
    expect([3, 4, 7, 12].map((n) => wordPoints(n, 'letters'))).toEqual([3, 4, 7, 12]);
  });
  it('boggle: 3–4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11', () => {
    expect([2, 3, 4, 5, 6, 7, 8, 15].map((n) => wordPoints(n, 'boggle'))).toEqual([0, 1, 1, 2, 3, 5, 11, 11]);
  });
  it('oldfashion: as boggle, then 9: 20, 10: 50, 11: 100, 12: 150, 13: 200, 14+: 250', () => {
    expect([3, 7, 8, 9, 10, 11, 12, 13, 14, 20].map((n) => wordPoints(n, 'oldfashion'))).toEqual([1, 5, 11, 20, 50, 100, 150, 200, 250, 250]);
  });
  it('paroliere: 4: 1 … 8: 8, +2 a letter to 16 letters: 24', () => {
    expect([3, 4, 5, 6, 7, 8, 9, 12, 16, 17, 25].map((n) => wordPoints(n, 'paroliere'))).toEqual([0, 1, 2, 3, 5, 8, 10, 16, 24, 24, 24]);
  });
});

const alice: PlayerEntry = { email: 'alice@example.test', name: 'Alice', entry: { main: ['gurren', 'gurre', 'Gras', 'Emaille'], substitutes: ['Besen'], joker: 'A' } };
const bob: PlayerEntry = { email: 'bob@example.test', name: 'Bob', entry: { main: ['gurren', 'Ferne', 'Wolke'], substitutes: ['Gras'] } };
const carol: PlayerEntry = { email: 'carol@example.test', name: 'Carol', entry: { main: ['Besen', 'Elle', 'Ferne'], substitutes: [] } };

describe('a round with three players', () => {
  it('scores letters plus an originality point for words nobody else sent (submitted)', () => {
    const r = scoreRound(3, [alice, bob, carol], seedContext());
    const a = r.players.find((p) => p.name === 'Alice')!;
    // counted: gurren 6 (Bob sent it), Gras 4 (Bob listed it as a substitute), Emaille 7 (original), Besen 5 (Carol sent it)
    expect(a.words.filter((w) => w.status === 'counted').map((w) => [w.word, w.points, w.original])).toEqual([
      ['GURREN', 6, false], ['GRAS', 4, false], ['EMAILLE', 7, true], ['BESEN', 5, false],
    ]);
    expect([a.letterPoints, a.originalityPoints, a.total]).toEqual([22, 1, 23]);
    expect(r.field).toBe('FERNC/BSREO/EM*RU/NLIGK/ZALEW');
    expect(r.rules.scheme).toBe('letters');
  });
  it('with originality "counted", a word only listed (not counted) elsewhere stays original', () => {
    const r = scoreRound(3, [alice, bob, carol], seedContext({ originality: 'counted' }));
    const a = r.players.find((p) => p.name === 'Alice')!;
    // Bob's Gras is an unneeded substitute... Bob's Wolke is invalid, so Gras fills in: it is counted for Bob too.
    const bobR = r.players.find((p) => p.name === 'Bob')!;
    expect(bobR.words.find((w) => w.word === 'GRAS')!.status).toBe('counted');
    expect(a.words.find((w) => w.word === 'GRAS')!.original).toBe(false);
    expect(a.originalityPoints).toBe(1);
  });
  it('with originality "off" there are no originality marks', () => {
    const r = scoreRound(3, [alice, bob, carol], seedContext({ originality: 'off' }));
    expect(r.players.every((p) => p.originalityPoints === 0 && p.words.every((w) => w.original === undefined))).toBe(true);
  });
  it('uniqueOnly: a word counted by two players scores 0 for both', () => {
    const r = scoreRound(3, [alice, bob, carol], seedContext({ uniqueOnly: true, originality: 'off' }));
    const a = r.players.find((p) => p.name === 'Alice')!;
    expect(a.words.find((w) => w.word === 'GURREN')!.points).toBe(0);
    expect(a.words.find((w) => w.word === 'EMAILLE')!.points).toBe(7);
  });
  it('equal totals share a rank, and the next rank skips (1, 2, 3, 3)', () => {
    const dave: PlayerEntry = { email: 'dave@example.test', name: 'Dave', entry: { main: ['Besen', 'Elle', 'Ferne'], substitutes: [] } };
    const r = scoreRound(3, [alice, bob, carol, dave], seedContext());
    expect(r.players.map((p) => [p.name, p.total, p.rank])).toEqual([
      ['Alice', 23, 1], ['Bob', 15, 2], ['Carol', 14, 3], ['Dave', 14, 3],
    ]);
  });
});

describe('undeclared jokers under the final rules', () => {
  const words = (text: string) => parseWordList(text, 'de').lexicon;
  it('gives an undeclared player the letter that scores best against what the others counted (originality counted)', () => {
    // Yvonne declares E and sends aenr, aeno; Xaver declares nothing and sends aenr, aeno, eecnorgi.
    const ctx = { ...seedContext({ originality: 'counted' }), verdict: makeVerdict(words('AENR\nAENO\nEECNORGI\n')) };
    const yvonne: PlayerEntry = { email: 'y@example.test', name: 'Yvonne', entry: { main: ['aenr', 'aeno'], substitutes: [], joker: 'E' } };
    const xaver: PlayerEntry = { email: 'x@example.test', name: 'Xaver', entry: { main: ['aenr', 'aeno', 'eecnorgi'], substitutes: [] } };
    const r = scoreRound(1, [yvonne, xaver], ctx);
    const x = r.players.find((p) => p.name === 'Xaver')!;
    expect(x.joker).toBe('A');
    expect(x.total).toBe(10);
    // No other letter would have scored more for him under the final result.
    for (let c = 65; c <= 90; c++) {
      const other = scoreRound(1, [yvonne, { ...xaver, entry: { ...xaver.entry, joker: String.fromCharCode(c) } }], ctx);
      expect(other.players.find((p) => p.name === 'Xaver')!.total).toBeLessThanOrEqual(10);
    }
  });
  it('settles undeclared players among themselves at a fixed point (uniqueOnly)', () => {
    const ctx = { ...seedContext({ uniqueOnly: true }), verdict: makeVerdict(words('AENR\nAENO\nEECNORGI\n')) };
    const p = (name: string, main: string[]): PlayerEntry => ({ email: `${name}@example.test`, name, entry: { main, substitutes: [] } });
    const r = scoreRound(1, [p('a', ['aenr', 'aeno']), p('b', ['aenr', 'aeno', 'eecnorgi'])], ctx);
    for (const player of r.players) {
      for (let c = 65; c <= 90; c++) {
        const entries = r.players.map((q) => p(q.name, q.name === 'a' ? ['aenr', 'aeno'] : ['aenr', 'aeno', 'eecnorgi']))
          .map((e) => ({ ...e, entry: { ...e.entry, joker: e.name === player.name ? String.fromCharCode(c) : r.players.find((q) => q.name === e.name)!.joker } }));
        expect(scoreRound(1, entries, ctx).players.find((q) => q.name === player.name)!.total).toBeLessThanOrEqual(player.total);
      }
    }
  });
});

describe('a game word list: one rule for lemma identity', () => {
  it('a form without a lemma is its own lemma, compared folded with explicit lemmas', () => {
    const ctx = { ...seedContext(), field: parseField('REISN/XXXEX/GRASE/XXXXX/XXXXX'), verdict: makeVerdict(parseWordList('Reise\nReisen\tReise\n', 'de').lexicon) };
    const r = scoreRound(1, [{ email: 'a@example.test', name: 'A', entry: { main: ['Reise', 'Reisen'], substitutes: [] } }], { ...ctx, rules: { ...ctx.rules, originality: 'off' } });
    const a = r.players[0]!;
    expect(a.words.map((w) => [w.word, w.status, w.reason ?? null])).toEqual([['REISE', 'counted', null], ['REISEN', 'rejected', 'same-lemma']]);
    expect(a.total).toBe(5);
  });
});
