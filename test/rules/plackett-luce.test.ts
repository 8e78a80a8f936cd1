import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRESH_SKILL, plackettLuce, type Skill } from '../../src/rules/plackett-luce.js';
import { computeRatings, DEFAULT_RATING_OPTIONS, type RatedRound } from '../../src/rules/ratings.js';

// The Plackett-Luce update against rounds that the openskill library (5.0.1, default
// options, single players ranked by score) rated itself: mu and sigma within 1e-9.
// scripts/openskill-fixture.ts wrote the file.

interface Fixture {
  library: string;
  fresh: Skill;
  rounds: { players: [number, number][]; scores: number[]; rated: [number, number][] }[];
  season: { playing: number[]; scores: number[]; after: [number, number][] }[];
}
const fixture = JSON.parse(readFileSync(new URL('../fixtures/ratings/openskill-5.0.1.json', import.meta.url), 'utf8')) as Fixture;
const skill = ([mu, sigma]: [number, number]): Skill => ({ mu, sigma });
const near = (got: Skill, [mu, sigma]: [number, number], what: string) => {
  expect(Math.abs(got.mu - mu), `${what}: mu ${got.mu} against ${mu}`).toBeLessThanOrEqual(1e-9);
  expect(Math.abs(got.sigma - sigma), `${what}: sigma ${got.sigma} against ${sigma}`).toBeLessThanOrEqual(1e-9);
};

describe('Plackett-Luce as openskill rates', () => {
  it('rates every round of the reference as the library did, ties and all', () => {
    expect(fixture.library).toBe('openskill@5.0.1');
    expect(fixture.rounds.length).toBeGreaterThanOrEqual(90);
    fixture.rounds.forEach((r, c) => {
      plackettLuce(r.players.map(skill), r.scores).forEach((got, i) => near(got, r.rated[i]!, `round ${c}, player ${i}`));
    });
  });

  it('starts a newcomer where the library does and follows its season round by round', () => {
    expect(FRESH_SKILL).toEqual(fixture.fresh);
    const rounds: RatedRound[] = fixture.season.map((r, k) => ({
      round: k + 1, period: String(k + 1),
      players: r.playing.map((i, j) => ({ email: `p${i}@x.test`, name: `P${i}`, total: r.scores[j]! })),
    }));
    for (let upTo = 1; upTo <= rounds.length; upTo++) {
      const ours = new Map(computeRatings(rounds.slice(0, upTo), { ...DEFAULT_RATING_OPTIONS, system: 'openskill' }).map((p) => [p.email, p]));
      const r = fixture.season[upTo - 1]!;
      r.playing.forEach((i, j) => {
        const p = ours.get(`p${i}@x.test`)!;
        near({ mu: p.mu!, sigma: p.sigma! }, r.after[j]!, `after round ${upTo}, player ${i}`);
        expect(p.rating).toBeCloseTo(p.mu! - 3 * p.sigma!, 12);
      });
    }
  });

  it('does not depend on the order the players are given in', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(fc.record({ mu: fc.double({ min: -20, max: 80, noNaN: true }), sigma: fc.double({ min: 0.05, max: 12, noNaN: true }) }), fc.integer({ min: 0, max: 12 })), { minLength: 1, maxLength: 120 }),
      fc.integer(),
      (ps, seed) => {
        const order = ps.map((_, i) => i).sort((a, b) => ((a * 7919 + seed) % 97) - ((b * 7919 + seed) % 97) || a - b);
        const straight = plackettLuce(ps.map(([s]) => s), ps.map(([, t]) => t));
        const shuffled = plackettLuce(order.map((i) => ps[i]![0]), order.map((i) => ps[i]![1]));
        order.forEach((i, k) => near(shuffled[k]!, [straight[i]!.mu, straight[i]!.sigma], `player ${i}`));
      },
    ), { numRuns: 200 });
  });
});
