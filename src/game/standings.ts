import { existsSync } from 'node:fs';
import { rollingRanking, type RankingRow, type RoundTotals } from '../rules/ranking.js';
import type { RoundResult } from '../rules/round-scoring.js';
import { type SeasonRow, type SeasonSpan, seasonOf, seasonStandings } from '../rules/season.js';
import { UserError } from '../user-error.js';
import { unrankedEmails } from './computer-addresses.js';
import type { Game } from './game.js';
import { identities } from './player-lookup.js';
import { readRound, roundNumbers } from './rounds.js';
import { readStateFile } from './state-files.js';

// The scored rounds as read back, the rolling ranking and the season standings: what
// `ranking` (and the newsletter, the site) show. Nothing here judges a word, so the judge and
// the dictionary stay unloaded for them.

/**
 * The results of every scored round, void rounds left out (they do not count), each
 * player under their current address and name (a player who changed address or name
 * since is one player: see players.ts).
 */
export function scoredRounds(game: Game): RoundResult[] {
  const who = identities(game.settings);
  return roundNumbers(game.layout).filter((n) => existsSync(game.layout.results(n)) && readRound(game.layout, n).state !== 'void').map((n) => asPlayersNow(readResults(game.layout, n), who));
}

/** A round's results with each player under their current address and name. */
export function asPlayersNow(r: RoundResult, who: ReturnType<typeof identities>): RoundResult {
  return { ...r, players: r.players.map((p) => { const now = who.get(p.email, p.id); return now ? { ...p, email: now.email, name: now.name } : p; }) };
}

/** rounds/NNN/results.json, checked. */
export function readResults(layout: Game['layout'], n: number): RoundResult {
  try {
    return readStateFile<RoundResult>(layout, layout.results(n), 'results');
  } catch (e) {
    throw new UserError(`${(e as Error).message}; postboggle score ${n} writes it anew from the entries`);
  }
}

/** The rolling ranking over the scored rounds up to `upTo` (default: all); `scored` saves reading them again. */
export function gameRanking(game: Game, window: number, upTo?: number, scored?: readonly RoundResult[]): { rows: RankingRow[]; rounds: number[] } {
  const results = (scored ?? scoredRounds(game)).filter((r) => upTo === undefined || r.round <= upTo);
  // Computer players are in the ranking only when the GM ranks them (a benchmark).
  const unranked = unrankedEmails(game.settings, results.flatMap((r) => r.players.map((p) => p.email)));
  const totals: RoundTotals[] = results.map((r) => ({ round: r.round, players: r.players.filter((p) => !unranked.has(p.email.toLowerCase())) }));
  const rows = rollingRanking(totals, window);
  return { rows, rounds: results.map((r) => r.round).slice(-window) };
}

export interface GameSeason extends SeasonSpan {
  /** Rounds of the season scored so far. */
  scored: number[];
  /** Every round of the season is scored: the standings are final. */
  complete: boolean;
  standings: SeasonRow[];
}

/**
 * The season of round `upTo` (default: the latest scored round), with its standings over
 * the season's scored rounds; null when the game has no seasons. Unranked computer
 * players are left out, as in the ranking.
 */
export function gameSeason(game: Game, upTo?: number, scored?: readonly RoundResult[]): GameSeason | null {
  const s = game.settings.season;
  if (!s) return null;
  const all = (scored ?? scoredRounds(game)).filter((r) => upTo === undefined || r.round <= upTo);
  const latest = upTo ?? all[all.length - 1]?.round;
  if (latest === undefined) return null;
  const span = seasonOf(latest, s.rounds, s.firstRound);
  if (!span) return null;
  const inSeason = all.filter((r) => r.round >= span.first && r.round <= span.last);
  const unranked = unrankedEmails(game.settings, inSeason.flatMap((r) => r.players.map((p) => p.email)));
  const standings = seasonStandings(inSeason.map((r) => ({ round: r.round, players: r.players.filter((p) => !unranked.has(p.email.toLowerCase())) })));
  const numbers = inSeason.map((r) => r.round);
  return { ...span, scored: numbers, complete: numbers.includes(span.last) && numbers.length === span.last - span.first + 1, standings };
}
