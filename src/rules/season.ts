// Seasons: a fixed run of N rounds with final standings (docs/seasons.md). Pure.
import type { RoundTotals } from './ranking.js';

export interface SeasonSpan {
  season: number;
  first: number;
  last: number;
}

/** The season a round belongs to: season 1 is rounds first … first+N-1, and so on (null before the first). */
export function seasonOf(round: number, roundsPerSeason: number, first = 1): SeasonSpan | null {
  if (round < first) return null;
  const season = Math.floor((round - first) / roundsPerSeason) + 1;
  const start = first + (season - 1) * roundsPerSeason;
  return { season, first: start, last: start + roundsPerSeason - 1 };
}

export interface SeasonRow {
  rank: number;
  email: string;
  name: string;
  total: number;
  roundsPlayed: number;
  /** Best single round score. */
  best: number;
  /** Rounds the player won (rank 1 of the round, shared or not). */
  wins: number;
  scores: { round: number; total: number | null }[];
}

/**
 * Standings over the season's scored rounds. Order, the tie-breaks in turn: more points in
 * all; more rounds played (a correspondence season rewards taking part); the better single
 * round; more round wins. Players equal on all four share the rank (1, 2, 2, 4) and are
 * listed by name.
 */
export function seasonStandings(rounds: readonly (RoundTotals & { players: readonly { email: string; name: string; total: number; rank?: number }[] })[]): SeasonRow[] {
  const ordered = [...rounds].sort((a, b) => a.round - b.round);
  const rows = new Map<string, SeasonRow>();
  for (const r of ordered) {
    for (const p of r.players) {
      const key = p.email.toLowerCase();
      let row = rows.get(key);
      if (!row) {
        row = { rank: 0, email: p.email, name: p.name, total: 0, roundsPlayed: 0, best: 0, wins: 0, scores: ordered.map((x) => ({ round: x.round, total: null })) };
        rows.set(key, row);
      }
      row.name = p.name;
      row.total += p.total;
      row.roundsPlayed++;
      row.best = Math.max(row.best, p.total);
      if (p.rank === 1) row.wins++;
      row.scores.find((s) => s.round === r.round)!.total = p.total;
    }
  }
  const key = (r: SeasonRow) => [r.total, r.roundsPlayed, r.best, r.wins];
  const cmp = (a: SeasonRow, b: SeasonRow) => {
    const ka = key(a), kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!;
    return 0;
  };
  const sorted = [...rows.values()].sort((a, b) => cmp(a, b) || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  sorted.forEach((row, i) => { row.rank = i > 0 && cmp(sorted[i - 1]!, row) === 0 ? sorted[i - 1]!.rank : i + 1; });
  return sorted;
}
