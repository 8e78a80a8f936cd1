import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plackettLuce } from '../../src/rules/plackett-luce.js';
import { computeRatings, DEFAULT_RATING_OPTIONS, OPENSKILL_LIBRARY_MAX, type RatedRound } from '../../src/rules/ratings.js';

const openskill = createRequire(import.meta.url)('openskill') as typeof import('openskill');

// The O(N log N) Plackett-Luce update against openskill's own rate() (default options,
// single players ranked by score): mu and sigma within 1e-9.

const skill = fc.record({ mu: fc.double({ min: -20, max: 80, noNaN: true }), sigma: fc.double({ min: 0.05, max: 12, noNaN: true }) });

describe('Plackett-Luce without the pairs', () => {
  it('gives what openskill gives, ties and all', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(skill, fc.integer({ min: 0, max: 12 })), { minLength: 1, maxLength: 120 }),
      (ps) => {
        const skills = ps.map(([s]) => s), scores = ps.map(([, t]) => t);
        const lib = openskill.rate(skills.map((s) => [s]), { score: scores }).map((t) => t[0]!);
        const fast = plackettLuce(skills, scores);
        lib.forEach((l, i) => {
          expect(Math.abs(fast[i]!.mu - l.mu)).toBeLessThanOrEqual(1e-9);
          expect(Math.abs(fast[i]!.sigma - l.sigma)).toBeLessThanOrEqual(1e-9);
        });
      },
    ), { numRuns: 200 });
  });

  it('takes over above OPENSKILL_LIBRARY_MAX players, and the ratings stay the library\'s', () => {
    const n = OPENSKILL_LIBRARY_MAX + 1;
    const round = (r: number): RatedRound => ({
      round: r, period: String(r),
      players: Array.from({ length: n }, (_, i) => ({ email: `p${i}@x.test`, name: `P${i}`, total: (i * 7 + r * 13) % 41 })),
    });
    const opts = { ...DEFAULT_RATING_OPTIONS, system: 'openskill' as const };
    const rounds = [round(1), round(2)];
    const ours = computeRatings(rounds, opts);
    // The library's way, round by round (what computeRatings did for every size).
    const state = new Map<string, { mu: number; sigma: number }>();
    for (const r of rounds) {
      const before = r.players.map((p) => state.get(p.email) ?? openskill.rating());
      const after = openskill.rate(before.map((s) => [s]), { score: r.players.map((p) => p.total) });
      r.players.forEach((p, i) => state.set(p.email, after[i]![0]!));
    }
    expect(ours).toHaveLength(n);
    for (const p of ours) {
      const s = state.get(p.email)!;
      expect(Math.abs(p.mu! - s.mu)).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(p.sigma! - s.sigma)).toBeLessThanOrEqual(1e-9);
    }
  });
});
