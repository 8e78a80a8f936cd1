import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeRatings, DEFAULT_RATING_OPTIONS, eloRoundChanges, expectedScore, type RatedRound } from '../../src/rules/ratings.js';

const elo = { ...DEFAULT_RATING_OPTIONS, k: 32, provisionalRounds: 0 };

describe('Elo over the pairwise matches of a round', () => {
  // Hand-computed: A 1500 scores 30, B 1600 scores 20, C 1400 scores 20 (B and C draw).
  //   E(A,B) = 1/(1+10^(100/400)) = 0.359935   A wins:  +0.640065
  //   E(A,C) = 1/(1+10^(-100/400)) = 0.640065  A wins:  +0.359935   sum A = +1.000000
  //   E(B,C) = 1/(1+10^(-200/400)) = 0.759747  draw:    B −0.259747, C +0.259747
  //   sum B = −0.640065 − 0.259747 = −0.899812; sum C = −0.359935 + 0.259747 = −0.100188
  //   K 32 for the round, spread over N−1 = 2 matches: A +16.00, B −14.40, C −1.60
  const round = [
    { rating: 1500, provisional: false, total: 30 },
    { rating: 1600, provisional: false, total: 20 },
    { rating: 1400, provisional: false, total: 20 },
  ];

  it('matches a hand-computed 3-player round', () => {
    expect(expectedScore(1500, 1600)).toBeCloseTo(0.359935, 6);
    const [a, b, c] = eloRoundChanges(round, 32, false);
    expect(a).toBeCloseTo(16.0, 2);
    expect(b).toBeCloseTo(-14.397, 2);
    expect(c).toBeCloseTo(-1.603, 2);
  });

  it('with K per match (the Paroliere\'s sum) the changes double for three players', () => {
    const [a, b, c] = eloRoundChanges(round, 32, true);
    expect(a).toBeCloseTo(32.0, 2);
    expect(b).toBeCloseTo(-28.794, 2);
    expect(c).toBeCloseTo(-3.206, 2);
  });

  it('moves a provisional player with double K, and established players not against them', () => {
    const [a, b, c] = eloRoundChanges([round[0]!, round[1]!, { ...round[2]!, provisional: true }], 32, false);
    expect(a).toBeCloseTo(32 * 0.640065 / 2, 2); // only the match against B counts for A
    expect(b).toBeCloseTo(-32 * 0.640065 / 2, 2);
    expect(c).toBeCloseTo(64 * -0.100188 / 2, 2);
  });

  it('is zero-sum among established players, and a round never moves a rating by more than K', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ rating: fc.integer({ min: 800, max: 2400 }), total: fc.integer({ min: 0, max: 60 }) }), { minLength: 1, maxLength: 12 }),
      (ps) => {
        const changes = eloRoundChanges(ps.map((p) => ({ ...p, provisional: false })), 32, false);
        expect(changes.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 6);
        for (const c of changes) expect(Math.abs(c)).toBeLessThanOrEqual(32 + 1e-9);
      },
    ));
  });
});

describe('ratings over rounds', () => {
  const r = (round: number, period: string, totals: Record<string, number>): RatedRound =>
    ({ round, period, players: Object.entries(totals).map(([name, total]) => ({ email: `${name.toLowerCase()}@x.test`, name, total })) });

  it('starts everyone at the initial rating and equal players stay equal', () => {
    const out = computeRatings([r(1, '1', { Ann: 10, Bob: 10 })], elo);
    expect(out.map((p) => p.rating)).toEqual([1500, 1500]);
    expect(out[0]!.history).toEqual([{ round: 1, rating: 1500 }]);
  });

  it('per round: the second round starts from the first round\'s ratings', () => {
    const out = computeRatings([r(1, '1', { Ann: 20, Bob: 10 }), r(2, '2', { Ann: 20, Bob: 10 })], elo);
    const ann = out.find((p) => p.name === 'Ann')!;
    // Round 1: +16 (expected 0.5). Round 2: Ann 1516 vs Bob 1484: expected 0.546, +32 × 0.454.
    expect(ann.history[0]!.rating).toBeCloseTo(1516, 6);
    expect(ann.rating).toBeCloseTo(1516 + 32 * (1 - expectedScore(1516, 1484)), 6);
    expect(ann.change).toBeCloseTo(32 * (1 - expectedScore(1516, 1484)), 6);
  });

  it('per day: rounds of one day are rated from the ratings before the day and applied together', () => {
    const out = computeRatings([r(1, 'd1', { Ann: 20, Bob: 10 }), r(2, 'd1', { Ann: 20, Bob: 10 })], elo);
    const ann = out.find((p) => p.name === 'Ann')!;
    expect(ann.rating).toBeCloseTo(1532, 6);
    expect(ann.history).toEqual([{ round: 2, rating: 1532 }]);
    expect(ann.rounds).toBe(2);
  });

  it('marks players provisional until they have played provisionalRounds rounds; absent players keep their rating', () => {
    const rounds = [r(1, '1', { Ann: 20, Bob: 10 }), r(2, '2', { Ann: 20, Cid: 10 }), r(3, '3', { Ann: 5, Cid: 10 })];
    const out = computeRatings(rounds, { ...elo, provisionalRounds: 2 });
    const by = (n: string) => out.find((p) => p.name === n)!;
    expect(by('Ann').provisional).toBe(false);
    expect(by('Bob').provisional).toBe(true);
    expect(by('Bob').change).toBe(0);
    expect(by('Bob').history).toHaveLength(1);
    expect(by('Cid').rounds).toBe(2);
  });

  it('openskill: the winner of a round rises above the loser', () => {
    const out = computeRatings([r(1, '1', { Ann: 20, Bob: 10, Cid: 15 })], { ...elo, system: 'openskill' });
    expect(out.map((p) => p.name)).toEqual(['Ann', 'Cid', 'Bob']);
    expect(out[0]!.mu).toBeGreaterThan(25);
  });
});
