// Ratings over many rounds (docs/ratings.md). Elo as the Italian Paroliere rates its
// players: a round of N players is N(N-1)/2 pairwise matches, the higher round score wins
// each match, equal scores draw. Pure: the game layer reads the results files and hands
// the rounds in, so ratings are always recomputed, never the only copy of anything.

import { FRESH_SKILL, ordinal, plackettLuce } from './plackett-luce.js';

export type RatingSystem = 'elo' | 'openskill';

export interface RatingOptions {
  system: RatingSystem;
  /** Elo K-factor: the most a rating moves in one round (perMatch: in one pairwise match). */
  k: number;
  /** K per pairwise match, summed over the round (the Paroliere's way), instead of K per round. */
  perMatch: boolean;
  /** Rating of a player's first round (Elo). */
  initial: number;
  /** A player with fewer rated rounds than this is provisional (docs/ratings.md). */
  provisionalRounds: number;
}

export const DEFAULT_RATING_OPTIONS: RatingOptions = { system: 'elo', k: 32, perMatch: false, initial: 1500, provisionalRounds: 5 };

export interface RatedRound {
  round: number;
  /** Rounds with the same period are rated together, from the ratings before the period. */
  period: string;
  players: readonly { email: string; name: string; total: number }[];
}

export interface PlayerRating {
  email: string;
  name: string;
  /** Elo rating, or openskill's ordinal (mu - 3 sigma). */
  rating: number;
  /** Rounds this player was rated in. */
  rounds: number;
  provisional: boolean;
  /** Change in the latest rating period (0 when the player did not play in it). */
  change: number;
  /** The rating after each period the player played in, tagged with the period's last round. */
  history: { round: number; rating: number }[];
  /** openskill only. */
  mu?: number;
  sigma?: number;
}

export interface EloPlayer {
  rating: number;
  provisional: boolean;
  total: number;
}

/** Expected score of a player rated `a` against one rated `b`: 1 / (1 + 10^((b - a) / 400)). */
export function expectedScore(a: number, b: number): number {
  return 1 / (1 + 10 ** ((b - a) / 400));
}

/**
 * The Elo change of each player from one round's pairwise matches, all reckoned from the
 * ratings the players brought into the round. Match i–j: actual score 1, ½ or 0 by round
 * totals; change K_i × (actual − expected) / D with D = N − 1 (or 1 when perMatch). A
 * provisional player has K doubled; a match moves an established player only against an
 * established opponent (a newcomer's rating does not yet say what a win over them is worth).
 *
 * Up to PAIRWISE_MAX players every pair is reckoned (eloRoundChangesPairwise: the numbers
 * of small games stay what they always were, to the bit); above, the same sums in O(N log N
 * + N·n) (eloRoundChangesFast, within 1e-10 rating points of the pairwise sums: docs/ratings.md).
 */
export function eloRoundChanges(players: readonly EloPlayer[], k: number, perMatch: boolean): number[] {
  return players.length <= PAIRWISE_MAX ? eloRoundChangesPairwise(players, k, perMatch) : eloRoundChangesFast(players, k, perMatch);
}

/** Rounds up to this many players are rated pair by pair (2 million pairs: a few ms). */
export const PAIRWISE_MAX = 2000;

/** The definition, pair by pair: O(N²) (a round of 100,000 players is 5 billion matches). */
export function eloRoundChangesPairwise(players: readonly EloPlayer[], k: number, perMatch: boolean): number[] {
  const n = players.length;
  const sum = new Float64Array(n);
  // q = 10^(R/400), so that expected(i, j) = q_i / (q_i + q_j): one division per pair.
  // Typed arrays: a round of 10,000 players is 50 million matches.
  const q = Float64Array.from(players, (p) => 10 ** (p.rating / 400));
  const total = Float64Array.from(players, (p) => p.total);
  const prov = Uint8Array.from(players, (p) => (p.provisional ? 1 : 0));
  for (let i = 0; i < n; i++) {
    const qi = q[i]!, ti = total[i]!, pi = prov[i]!;
    let si = 0;
    for (let j = i + 1; j < n; j++) {
      const tj = total[j]!;
      const diff = (ti > tj ? 1 : ti < tj ? 0 : 0.5) - qi / (qi + q[j]!);
      const pj = prov[j]!;
      if (pi || !pj) si += diff;
      if (pj || !pi) sum[j]! -= diff;
    }
    sum[i]! += si;
  }
  const divisor = perMatch || n < 2 ? 1 : n - 1;
  return players.map((p, i) => ((p.provisional ? 2 * k : k) * sum[i]!) / divisor);
}

// The fast way. Whom a player's matches count against: a provisional player all others, an
// established one the other established players (the rule above, read per player). So
// player i's sum is  Σ_j S_ij − Σ_j E(i, j)  over one of two sets (everyone, or the
// established), and each part is a sum over a set that is the same for many players:
//   Σ_j S_ij: wins + ½ draws, counted from the set's totals sorted (two binary searches);
//   Σ_j E(i, j) = Σ_j g(R_i − R_j) − ½ (the j = i term is exactly ½), g(d) = 1/(1+10^(−d/400)),
// a sum of one smooth function of the difference, which a polynomial interpolation in
// both variables at n Chebyshev points t_a of the round's rating range separates:
//   g(x − y) ≈ Σ_a Σ_b L_a(x) g(t_a − t_b) L_b(y),   so   Σ_j g(x − R_j) ≈ Σ_a L_a(x) V_a,
//   V_a = Σ_b g(t_a − t_b) W_b,   W_b = Σ_j L_b(R_j)
// (L the Lagrange basis, evaluated in barycentric form). n comes from a proven bound
// (chebyshevPoints), chosen so that the change of any player is within 1e-10 rating points
// of the exact sums; the pairwise reference is kept in test/ and compared by fast-check.

/** g(d) = E of a player rated d points above the opponent. */
const g = (d: number) => 1 / (1 + 10 ** (-d / 400));

/** c in g(d) = 1/(1+e^(−c·d)): g has its poles at d = ±iπ/c (545.8 rating points off the real line). */
const C = Math.LN10 / 400;

/** Error allowed in any player's change from the interpolation (the float rounding is far below). */
export const ELO_FAST_TOLERANCE = 1e-10;

/**
 * How many Chebyshev points interpolate g(x − y) in y (and in x) over an interval of
 * half-width h to within eps, by the bound for functions analytic in a Bernstein ellipse
 * E_ρ (Trefethen, Approximation Theory and Approximation Practice, Theorem 8.2):
 * |f − p| ≤ 4Mρ^(−m)/(ρ − 1) for the interpolant of degree m at m + 1 Chebyshev points, M the
 * largest |f| in E_ρ. g is analytic in the strip |Im d| < π/c; inside |Im d| ≤ βπ/c
 * |1 + e^(−c·d)| ≥ 1 (β ≤ ½) or ≥ sin βπ (β > ½), so M ≤ 1 or 1/sin βπ; the ellipse of
 * semi-minor axis βπ/c has ρ = (b + √(b² + h²))/h. The best β of a grid is taken.
 */
export function chebyshevPoints(h: number, eps: number): number {
  let best = Infinity;
  for (let beta = 0.05; beta < 0.999; beta += 0.01) {
    const b = (beta * Math.PI) / C;
    const rho = (b + Math.sqrt(b * b + h * h)) / h;
    const m = beta <= 0.5 ? 1 : 1 / Math.sin(beta * Math.PI);
    const degree = Math.ceil(Math.log((4 * m) / ((rho - 1) * eps)) / Math.log(rho));
    best = Math.min(best, Math.max(degree, 1) + 1);
  }
  return best;
}

/** Upper bound of the Lebesgue constant of n Chebyshev points: 1 + (2/π) ln n. */
const lebesgue = (n: number) => 1 + (2 / Math.PI) * Math.log(n);

/** The same changes as eloRoundChangesPairwise, without looking at every pair. */
export function eloRoundChangesFast(players: readonly EloPlayer[], k: number, perMatch: boolean): number[] {
  const n = players.length;
  const divisor = perMatch || n < 2 ? 1 : n - 1;
  const rating = Float64Array.from(players, (p) => p.rating);
  const prov = Uint8Array.from(players, (p) => (p.provisional ? 1 : 0));
  const allTotals = Float64Array.from(players, (p) => p.total).sort();
  const estTotals = Float64Array.from(players.filter((p) => !p.provisional), (p) => p.total).sort();
  // Σ_j S_ij over a set holding player i: the players below, and half the others level.
  const actual = (sorted: Float64Array, t: number) => {
    const below = lowerBound(sorted, t);
    return below + 0.5 * (upperBound(sorted, t) - below - 1);
  };
  let lo = Infinity, hi = -Infinity;
  for (const r of rating) { lo = Math.min(lo, r); hi = Math.max(hi, r); }
  // The interpolation interval: the round's ratings, and at least 2 points wide (a spread of
  // a few ulps would make the nodes collide; a wider interval than the data is as good).
  const mid = lo + (hi - lo) / 2, half = Math.max((hi - lo) / 2, 1);
  const expAll = new Float64Array(n), expEst = new Float64Array(n);
  if (lo === hi) {
    // Everyone rated alike: every E is ½ exactly.
    const estCount = estTotals.length;
    for (let i = 0; i < n; i++) { expAll[i] = 0.5 * n; expEst[i] = 0.5 * estCount; }
  } else {
    // The error of one player's sum is at most N × (1 + Λ) × eps (docs/ratings.md); with
    // K_i ≤ 2K and D the divisor, eps is chosen for ELO_FAST_TOLERANCE (not below 1e-17:
    // double precision ends there, for the pairwise sums as well).
    const kMax = 2 * k;
    const eps = Math.max((ELO_FAST_TOLERANCE * divisor) / (kMax * n * (1 + lebesgue(100_000))), 1e-17);
    const m = chebyshevPoints(half, eps);
    const t = new Float64Array(m), w = new Float64Array(m);
    for (let a = 0; a < m; a++) {
      t[a] = mid + half * Math.cos((Math.PI * a) / (m - 1));
      w[a] = (a % 2 ? -1 : 1) * (a === 0 || a === m - 1 ? 0.5 : 1);
    }
    const basis = new Float64Array(m);
    // L_b(y) for all b into basis (barycentric form; a node hit exactly is 1 there, 0 elsewhere).
    const lagrange = (y: number) => {
      let s = 0;
      for (let b = 0; b < m; b++) {
        const r = w[b]! / (y - t[b]!);
        // y on a node (or so near that w/d overflows): the interpolant's value is the node's.
        if (!Number.isFinite(r)) { basis.fill(0); basis[b] = 1; return; }
        basis[b] = r;
        s += r;
      }
      const inv = 1 / s;
      for (let b = 0; b < m; b++) basis[b]! *= inv;
    };
    const wAll = new Float64Array(m), wEst = new Float64Array(m);
    for (let j = 0; j < n; j++) {
      lagrange(rating[j]!);
      if (prov[j]) for (let b = 0; b < m; b++) wAll[b]! += basis[b]!;
      else for (let b = 0; b < m; b++) { wAll[b]! += basis[b]!; wEst[b]! += basis[b]!; }
    }
    const vAll = new Float64Array(m), vEst = new Float64Array(m);
    for (let a = 0; a < m; a++) {
      let sa = 0, se = 0;
      for (let b = 0; b < m; b++) {
        const e = g(t[a]! - t[b]!);
        sa += e * wAll[b]!;
        se += e * wEst[b]!;
      }
      vAll[a] = sa;
      vEst[a] = se;
    }
    for (let i = 0; i < n; i++) {
      lagrange(rating[i]!);
      const v = prov[i] ? vAll : vEst;
      let s = 0;
      for (let a = 0; a < m; a++) s += basis[a]! * v[a]!;
      if (prov[i]) expAll[i] = s; else expEst[i] = s;
    }
  }
  return players.map((p, i) => {
    const sum = p.provisional ? actual(allTotals, p.total) - (expAll[i]! - 0.5) : actual(estTotals, p.total) - (expEst[i]! - 0.5);
    return ((p.provisional ? 2 * k : k) * sum) / divisor;
  });
}

/** The number of values in sorted below x. */
function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) { const m = (lo + hi) >>> 1; if (sorted[m]! < x) lo = m + 1; else hi = m; }
  return lo;
}

/** The number of values in sorted at or below x. */
function upperBound(sorted: Float64Array, x: number): number {
  let lo = 0, hi = sorted.length;
  while (lo < hi) { const m = (lo + hi) >>> 1; if (sorted[m]! <= x) lo = m + 1; else hi = m; }
  return lo;
}

interface State {
  email: string;
  name: string;
  rating: number;
  rounds: number;
  mu: number;
  sigma: number;
  change: number;
  history: { round: number; rating: number }[];
}

/** Rounds grouped by period, in round order (a period's rounds need not be adjacent numbers). */
function periods(rounds: readonly RatedRound[]): RatedRound[][] {
  const ordered = [...rounds].sort((a, b) => a.round - b.round);
  const groups: RatedRound[][] = [];
  for (const r of ordered) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.period === r.period) last.push(r);
    else groups.push([r]);
  }
  return groups;
}

/**
 * Everyone's rating after the given rounds. Elo: within a period every round is rated from
 * the ratings at the period's start and the changes are added at its end (the Paroliere
 * publishes once a day). openskill (Plackett-Luce) rates round after round; the period does
 * not apply to it.
 */
export function computeRatings(rounds: readonly RatedRound[], opts: RatingOptions = DEFAULT_RATING_OPTIONS): PlayerRating[] {
  const state = new Map<string, State>();
  const os = opts.system === 'openskill';
  const fresh = os ? FRESH_SKILL : { mu: 0, sigma: 0 };
  const get = (p: { email: string; name: string }) => {
    const key = p.email.toLowerCase();
    let s = state.get(key);
    if (!s) {
      s = { email: p.email, name: p.name, rating: os ? ordinal(fresh) : opts.initial, rounds: 0, mu: fresh.mu, sigma: fresh.sigma, change: 0, history: [] };
      state.set(key, s);
    }
    s.name = p.name; // the latest name wins
    return s;
  };
  let changed: State[] = [];
  const groups = opts.system === 'elo' ? periods(rounds) : [...rounds].sort((a, b) => a.round - b.round).map((r) => [r]);
  for (const group of groups) {
    const delta = new Map<State, number>();
    const roundsIn = new Map<State, number>();
    for (const r of group) {
      const players = r.players.map((p) => get(p));
      if (opts.system === 'elo') {
        const changes = eloRoundChanges(players.map((s, i) => ({
          rating: s.rating, provisional: s.rounds < opts.provisionalRounds, total: r.players[i]!.total,
        })), opts.k, opts.perMatch);
        players.forEach((s, i) => delta.set(s, (delta.get(s) ?? 0) + changes[i]!));
      } else if (os && players.length > 1) {
        const rated = plackettLuce(players.map((s) => ({ mu: s.mu, sigma: s.sigma })), r.players.map((p) => p.total));
        players.forEach((s, i) => {
          const next = rated[i]!;
          const before = ordinal(s);
          s.mu = next.mu;
          s.sigma = next.sigma;
          delta.set(s, (delta.get(s) ?? 0) + ordinal(next) - before);
        });
      } else {
        players.forEach((s) => delta.set(s, delta.get(s) ?? 0));
      }
      players.forEach((s) => roundsIn.set(s, (roundsIn.get(s) ?? 0) + 1));
    }
    const lastRound = group[group.length - 1]!.round;
    // Only the last period's players have a change to clear (not everyone ever rated: a
    // season of many rounds would go over every player once a period).
    for (const s of changed) s.change = 0;
    changed = [...delta.keys()];
    for (const [s, d] of delta) {
      s.rating += d;
      s.change = d;
      s.rounds += roundsIn.get(s)!;
      s.history.push({ round: lastRound, rating: s.rating });
    }
  }
  return [...state.values()]
    .map((s): PlayerRating => ({
      email: s.email, name: s.name, rating: s.rating, rounds: s.rounds, provisional: s.rounds < opts.provisionalRounds,
      change: s.change, history: s.history, ...(opts.system === 'openskill' ? { mu: s.mu, sigma: s.sigma } : {}),
    }))
    .sort((a, b) => b.rating - a.rating || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}
