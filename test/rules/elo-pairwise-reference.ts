import type { EloPlayer } from '../../src/rules/ratings.js';

// eloRoundChanges as it was before it learnt to skip the pairs (kept verbatim, as the
// reference the fast way is compared with: test/rules/elo-fast.test.ts).

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
