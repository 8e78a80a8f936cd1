import { describe, expect, it } from 'vitest';
import { type RoundTotals, rollingRanking } from '../../src/rules/ranking.js';

const round = (n: number, totals: Record<string, number>): RoundTotals => ({
  round: n,
  players: Object.entries(totals).map(([name, total]) => ({ email: `${name.toLowerCase()}@example.test`, name, total })),
});

describe('rolling ranking', () => {
  it('sums the last 7 scored rounds, shares ranks and shows movement', () => {
    const rounds = [
      round(1, { Alice: 100, Bob: 10 }), // falls out of the window after round 8
      round(2, { Alice: 10, Bob: 20, Carol: 30 }),
      round(3, { Bob: 10 }), round(4, { Bob: 10 }), round(5, { Bob: 10 }), round(6, { Bob: 10 }), round(7, { Bob: 10 }),
      round(8, { Carol: 40 }),
    ];
    const r = rollingRanking(rounds, 7);
    expect(r.map((x) => [x.name, x.total, x.rank, x.previousRank, x.movement, x.roundsPlayed])).toEqual([
      ['Bob', 70, 1, 2, 1, 6],
      ['Carol', 70, 1, 3, 2, 2],
      ['Alice', 10, 3, 1, -2, 1],
    ]);
    expect(r[1]!.scores.map((s) => s.total)).toEqual([30, null, null, null, null, null, 40]);
  });
  it('drops a player with no round in the window and marks newcomers', () => {
    const r = rollingRanking([round(1, { Alice: 5 }), round(2, { Bob: 7 })], 1);
    expect(r.map((x) => [x.name, x.rank, x.previousRank, x.movement])).toEqual([['Bob', 1, null, null]]);
  });
  it('works on rounds given in any order', () => {
    const a = rollingRanking([round(2, { A: 1 }), round(1, { A: 5, B: 3 })], 1);
    expect(a.map((x) => x.name)).toEqual(['A']);
  });
});
