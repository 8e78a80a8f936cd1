import { createRequire } from 'node:module';

// Ratings over many rounds (docs/ratings.md). Elo as the Italian Paroliere rates its
// players: a round of N players is N(N-1)/2 pairwise matches, the higher round score wins
// each match, equal scores draw. Pure: the game layer reads the results files and hands
// the rounds in, so ratings are always recomputed, never the only copy of anything.

export type RatingSystem = 'elo' | 'openskill';

// openskill is loaded only by a game that chose it (it costs ~400 ms to load).
type OpenSkill = typeof import('openskill');
let openskillLib: OpenSkill | undefined;
const openskill = (): OpenSkill => (openskillLib ??= createRequire(import.meta.url)('openskill') as OpenSkill);

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
 */
export function eloRoundChanges(players: readonly EloPlayer[], k: number, perMatch: boolean): number[] {
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
  const os = opts.system === 'openskill' ? openskill() : null;
  const fresh = os ? os.rating() : { mu: 0, sigma: 0 };
  const get = (p: { email: string; name: string }) => {
    const key = p.email.toLowerCase();
    let s = state.get(key);
    if (!s) {
      s = { email: p.email, name: p.name, rating: os ? os.ordinal(fresh) : opts.initial, rounds: 0, mu: fresh.mu, sigma: fresh.sigma, change: 0, history: [] };
      state.set(key, s);
    }
    s.name = p.name; // the latest name wins
    return s;
  };
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
        const rated = os.rate(players.map((s) => [{ mu: s.mu, sigma: s.sigma }]), { score: r.players.map((p) => p.total) });
        players.forEach((s, i) => {
          const next = rated[i]![0]!;
          const before = os.ordinal({ mu: s.mu, sigma: s.sigma });
          s.mu = next.mu;
          s.sigma = next.sigma;
          delta.set(s, (delta.get(s) ?? 0) + os.ordinal(next) - before);
        });
      } else {
        players.forEach((s) => delta.set(s, delta.get(s) ?? 0));
      }
      players.forEach((s) => roundsIn.set(s, (roundsIn.get(s) ?? 0) + 1));
    }
    const lastRound = group[group.length - 1]!.round;
    for (const s of state.values()) s.change = 0;
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
