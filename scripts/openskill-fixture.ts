// Writes test/fixtures/ratings/openskill-5.0.1.json: rounds rated by the openskill library
// itself, the reference that src/rules/plackett-luce.ts is tested against
// (test/rules/plackett-luce.test.ts). postboggle does not install openskill (docs/ratings.md
// says why); to write the file again:
//   npm install --no-save openskill@5.0.1 && npm run build && node dist/scripts/openskill-fixture.js
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/package-root.js';
import { packageVersion } from '../src/dict/build/package-dir.js';

interface Skill { mu: number; sigma: number }
interface OpenSkill {
  rate(teams: Skill[][], options: { score: number[] }): Skill[][];
  rating(): Skill;
}
const openskill = createRequire(import.meta.url)('openskill') as OpenSkill;
const version = packageVersion('openskill');

// A seeded generator (mulberry32): the same cases every time the file is written.
let seed = 20261124;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const between = (lo: number, hi: number) => lo + random() * (hi - lo);
const round = (x: number, digits: number) => Number(x.toFixed(digits));
/** Outputs to 12 significant digits: the test allows 1e-9. */
const short = (x: number) => Number(x.toPrecision(12));

// Single rounds: 2 to 40 players, skills anywhere a season reaches, scores from a narrow
// range (many ties) or a wide one.
const rounds = Array.from({ length: 90 }, (_, c) => {
  const n = c < 10 ? c + 2 : 2 + Math.floor(random() * 39);
  const spread = random() < 0.5 ? 4 : 60;
  const players = Array.from({ length: n }, () => [round(between(-20, 80), 2), round(between(0.05, 12), 3)] as [number, number]);
  const scores = Array.from({ length: n }, () => Math.floor(random() * spread));
  const rated = openskill.rate(players.map(([mu, sigma]) => [{ mu, sigma }]), { score: scores }).map((t) => [short(t[0]!.mu), short(t[0]!.sigma)]);
  return { players, scores, rated };
});

// A season: 40 players, 12 rounds, each round a random two thirds of them, from the
// library's fresh rating; the skills after every round.
const fresh = openskill.rating();
const state = new Map<number, Skill>();
const season = Array.from({ length: 12 }, () => {
  const playing = Array.from({ length: 40 }, (_, i) => i).filter(() => random() < 2 / 3);
  const scores = playing.map(() => Math.floor(random() * 50));
  const after = openskill.rate(playing.map((i) => [state.get(i) ?? fresh]), { score: scores });
  playing.forEach((i, k) => state.set(i, after[k]![0]!));
  return { playing, scores, after: playing.map((i) => [short(state.get(i)!.mu), short(state.get(i)!.sigma)]) };
});

const file = join(PACKAGE_ROOT, 'test', 'fixtures', 'ratings', `openskill-${version}.json`);
writeFileSync(file, `${JSON.stringify({ library: `openskill@${version}`, fresh, rounds, season })}\n`);
process.stdout.write(`${file}: ${rounds.length} rounds, a season of ${season.length}\n`);
