/** One scored round as the ranking needs it. */
export interface RoundTotals {
  round: number;
  players: readonly { email: string; name: string; total: number }[];
}

export interface RankingRow {
  rank: number;
  /** Rank in the ranking before the latest round (null: not ranked then). */
  previousRank: number | null;
  /** Places gained since then (positive = up), null for newcomers. */
  movement: number | null;
  email: string;
  name: string;
  total: number;
  roundsPlayed: number;
  /** One per round of the window, oldest first; null where the player had no entry. */
  scores: { round: number; total: number | null }[];
}

/** Ranks by total, equal totals sharing a rank (1, 2, 2, 4). */
export function assignRanks<T extends { total: number; rank: number }>(rows: T[]): T[] {
  rows.forEach((r, i) => {
    r.rank = i > 0 && rows[i - 1]!.total === r.total ? rows[i - 1]!.rank : i + 1;
  });
  return rows;
}

function rankWindow(rounds: readonly RoundTotals[]): RankingRow[] {
  const rows = new Map<string, RankingRow>();
  rounds.forEach((r) => {
    for (const p of r.players) {
      const key = p.email.toLowerCase();
      let row = rows.get(key);
      if (!row) {
        row = { rank: 0, previousRank: null, movement: null, email: p.email, name: p.name, total: 0, roundsPlayed: 0, scores: rounds.map((x) => ({ round: x.round, total: null })) };
        rows.set(key, row);
      }
      row.name = p.name; // the latest name wins
      row.total += p.total;
      row.roundsPlayed++;
      row.scores.find((s) => s.round === r.round)!.total = p.total;
    }
  });
  const sorted = [...rows.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  return assignRanks(sorted);
}

/**
 * The rolling ranking: totals over the last `window` scored rounds, with each player's rank
 * in the ranking as it stood before the latest round. A player with no round in the window
 * is not listed.
 */
export function rollingRanking(rounds: readonly RoundTotals[], window = 7): RankingRow[] {
  const ordered = [...rounds].sort((a, b) => a.round - b.round);
  const current = rankWindow(ordered.slice(-window));
  const before = ordered.length > 1 ? rankWindow(ordered.slice(0, -1).slice(-window)) : [];
  const previous = new Map(before.map((r) => [r.email.toLowerCase(), r.rank]));
  for (const row of current) {
    const prev = previous.get(row.email.toLowerCase());
    row.previousRank = prev ?? null;
    row.movement = prev === undefined ? null : prev - row.rank;
  }
  return current;
}
