import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chebyshevPoints, eloRoundChanges, eloRoundChangesFast, type EloPlayer, PAIRWISE_MAX } from '../../src/rules/ratings.js';
import { eloRoundChanges as pairwise } from './elo-pairwise-reference.js';

// The fast Elo (no pair looked at) against the pairwise definition kept verbatim in
// test/rules/elo-pairwise-reference.ts: every change within 1e-9 rating points.

const TOLERANCE = 1e-9;

function maxDiff(a: readonly number[], b: readonly number[]): number {
  expect(a.length).toBe(b.length);
  return a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i]!)), 0);
}

const player = (spread: number) => fc.record({
  rating: fc.double({ min: 1500 - spread / 2, max: 1500 + spread / 2, noNaN: true }),
  provisional: fc.boolean(),
  total: fc.integer({ min: 0, max: 40 }),
});

const round = fc.integer({ min: 0, max: 6000 }).chain((spread) => fc.tuple(
  fc.array(player(spread), { minLength: 1, maxLength: 300 }),
  fc.constantFrom(8, 32, 64),
  fc.boolean(),
));

describe('Elo without the pairs', () => {
  it('gives every player the pairwise change within 1e-9 points (spreads up to 6,000 points, provisional players, draws, K per match)', () => {
    fc.assert(fc.property(round, ([players, k, perMatch]) => {
      expect(maxDiff(eloRoundChangesFast(players, k, perMatch), pairwise(players, k, perMatch))).toBeLessThanOrEqual(TOLERANCE);
    }), { numRuns: 150 });
  });

  it('holds on rounds with no established or no provisional player, one rating for all, or one player', () => {
    const cases: EloPlayer[][] = [
      [{ rating: 1500, provisional: false, total: 3 }],
      Array.from({ length: 50 }, (_, i) => ({ rating: 1500, provisional: i % 2 === 0, total: i % 7 })),
      Array.from({ length: 50 }, (_, i) => ({ rating: 1000 + 97 * i, provisional: true, total: i % 5 })),
      Array.from({ length: 50 }, (_, i) => ({ rating: 1000 + 97 * i, provisional: false, total: (i * 13) % 11 })),
      // a spread far beyond what Elo makes (20,000 points): more points, same bound
      Array.from({ length: 80 }, (_, i) => ({ rating: -8500 + 250 * i, provisional: i % 3 === 0, total: (i * 7) % 9 })),
    ];
    for (const ps of cases) for (const perMatch of [false, true]) {
      expect(maxDiff(eloRoundChangesFast(ps, 32, perMatch), pairwise(ps, 32, perMatch))).toBeLessThanOrEqual(TOLERANCE);
    }
  });

  it('is taken above PAIRWISE_MAX players (and the pairs, to the bit, up to it)', () => {
    const make = (n: number) => Array.from({ length: n }, (_, i) => ({ rating: 1200 + ((i * 7919) % 2400) / 3, provisional: i % 5 === 0, total: (i * 31) % 47 }));
    const small = make(PAIRWISE_MAX);
    expect(eloRoundChanges(small, 32, false)).toEqual(pairwise(small, 32, false));
    const big = make(PAIRWISE_MAX + 1);
    const fast = eloRoundChanges(big, 32, false);
    expect(fast).toEqual(eloRoundChangesFast(big, 32, false));
    expect(maxDiff(fast, pairwise(big, 32, false))).toBeLessThanOrEqual(TOLERANCE);
  });

  it('interpolates E within the proven bound: chebyshevPoints is enough for spreads up to 8,000 points', () => {
    // g(x - y) for y on the interval, interpolated at the points chebyshevPoints gives,
    // checked on a fine grid of x and y against the bound eps asked for.
    const g = (d: number) => 1 / (1 + 10 ** (-d / 400));
    for (const spread of [1, 100, 1000, 3000, 8000]) for (const eps of [1e-9, 1e-13]) {
      const h = spread / 2, m = chebyshevPoints(h, eps);
      const t = Array.from({ length: m }, (_, a) => h * Math.cos((Math.PI * a) / (m - 1)));
      const w = t.map((_, a) => (a % 2 ? -1 : 1) * (a === 0 || a === m - 1 ? 0.5 : 1));
      let worst = 0;
      for (let xi = 0; xi <= 8; xi++) {
        const x = -h + (spread * xi) / 8;
        for (let yi = 0; yi <= 150; yi++) {
          const y = -h + (spread * (yi + 0.37)) / 151;
          let num = 0, den = 0;
          for (let a = 0; a < m; a++) { const r = w[a]! / (y - t[a]!); num += r * g(x - t[a]!); den += r; }
          worst = Math.max(worst, Math.abs(num / den - g(x - y)));
        }
      }
      expect(worst).toBeLessThanOrEqual(eps);
    }
  });
});
