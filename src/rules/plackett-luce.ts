// The Weng-Lin Plackett-Luce rating update of the openskill library (openskill 5.0.1,
// `rate(teams, { score })` with its default options) for a match of single players, in
// O(N log N) instead of the library's O(N²): for every player the library sums over every
// player ranked at or above them, and for every place over every player at or below it
// (with an array built per player). The sums are over a prefix or a suffix of the order by
// score, so they are running sums here. postboggle does not install the library (161 of
// the install's 373 packages, for this one update: docs/ratings.md); rounds the library
// rated are the test's reference (test/fixtures/ratings, written by
// scripts/openskill-fixture.ts). Same constants as openskill's defaults.

const MU = 25;
const SIGMA = MU / 3;
const BETA = SIGMA / 2;
const TAU = MU / 300;
const KAPPA = 1e-4;

export interface Skill {
  mu: number;
  sigma: number;
}

/** A newcomer's skill (openskill's `rating()`). */
export const FRESH_SKILL: Readonly<Skill> = Object.freeze({ mu: MU, sigma: SIGMA });

/** The number shown: the conservative estimate mu − 3 sigma (openskill's `ordinal()`). */
export function ordinal(s: Skill): number {
  return s.mu - 3 * s.sigma;
}

/**
 * The players' skills after one match ranked by score (higher is better, equal scores share a
 * place), in the order given. As openskill: each sigma first grows by the dynamics factor
 * tau (√(σ² + τ²)); c = √Σ(σ² + β²); player i's place group is the players scoring the same;
 * sumQ of a place is Σ e^(μ/c) over the players at or below it; then
 *   Ω_i = 1/a_i − e_i Σ_{places at or above i} 1/sumQ,
 *   Δ_i = e_i Σ 1/sumQ − e_i² Σ 1/sumQ²      (a = the size of a place: its players' terms
 * are equal, so a place contributes 1/sumQ, not a × 1/(sumQ × a)),
 *   μ' = μ + σ²/c × Ω,  σ' = σ √max(1 − σ²/c² × σ/c × Δ, κ).
 */
export function plackettLuce(players: readonly Skill[], scores: readonly number[]): Skill[] {
  const n = players.length;
  const sigSq = Float64Array.from(players, (p) => p.sigma * p.sigma + TAU * TAU);
  let cSq = 0;
  for (let i = 0; i < n; i++) cSq += sigSq[i]! + BETA * BETA;
  const c = Math.sqrt(cSq);
  const e = Float64Array.from(players, (p) => Math.exp(p.mu / c));
  // Best first; a place is a run of equal scores.
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]!);
  // sumQ of each place: the running sum of e from the bottom up, taken at the place's top.
  const sumQ = new Float64Array(n);
  let below = 0;
  for (let end = n; end > 0;) {
    let start = end - 1;
    while (start > 0 && scores[order[start - 1]!] === scores[order[end - 1]!]) start--;
    for (let x = start; x < end; x++) below += e[order[x]!]!;
    for (let x = start; x < end; x++) sumQ[x] = below;
    end = start;
  }
  const out: Skill[] = new Array(n);
  let p1 = 0, p2 = 0;
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && scores[order[end]!] === scores[order[start]!]) end++;
    const q = sumQ[start]!;
    p1 += 1 / q;
    p2 += 1 / (q * q);
    const a = end - start;
    for (let x = start; x < end; x++) {
      const i = order[x]!, ei = e[i]!, s2 = sigSq[i]!;
      const omega = (1 / a - ei * p1) * (s2 / c);
      const delta = (ei * p1 - ei * ei * p2) * (s2 / (c * c)) * (Math.sqrt(s2) / c);
      out[i] = { mu: players[i]!.mu + omega, sigma: Math.sqrt(s2) * Math.sqrt(Math.max(1 - delta, KAPPA)) };
    }
    start = end;
  }
  return out;
}
