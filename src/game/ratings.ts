import { DateTime } from 'luxon';
import { computeRatings, type PlayerRating, type RatedRound, type RatingOptions } from '../rules/ratings.js';
import type { RoundResult } from '../rules/round-scoring.js';
import type { Game } from './game.js';
import { unrankedEmails } from './computer-addresses.js';
import { readRound } from './rounds.js';
import { scoredRounds } from './scoring.js';

export interface GameRatings {
  options: RatingOptions & { period: 'round' | 'day' };
  /** Rounds rated, oldest first. */
  rounds: number[];
  players: PlayerRating[];
}

/**
 * Ratings recomputed from the results files of the scored rounds up to `upTo` (default:
 * all), never stored: a rescored round changes every rating after it. null when the game
 * has ratings off.
 */
export function gameRatings(game: Game, upTo?: number, scored?: readonly RoundResult[]): GameRatings | null {
  const r = game.settings.ratings;
  if (r.system === 'off') return null;
  const zone = game.settings.schedule.timezone;
  const results = (scored ?? scoredRounds(game)).filter((x) => upTo === undefined || x.round <= upTo);
  const unranked = unrankedEmails(game.settings, results.flatMap((x) => x.players.map((p) => p.email)));
  const rounds: RatedRound[] = results.map((x) => ({
    round: x.round,
    // Per day: the calendar day of the round's deadline in the game's zone.
    period: r.period === 'day' ? DateTime.fromISO(readRound(game.layout, x.round).deadline).setZone(zone).toISODate() ?? String(x.round) : String(x.round),
    players: x.players.filter((p) => !unranked.has(p.email.toLowerCase())),
  }));
  const options = { system: r.system, k: r.k, perMatch: r.perMatch, initial: r.initial, provisionalRounds: r.provisionalRounds, period: r.period };
  return { options, rounds: rounds.map((x) => x.round), players: computeRatings(rounds, options) };
}

/** A rating as shown: Elo as a whole number, openskill's ordinal with one decimal; "?" while provisional. */
export function ratingText(p: Pick<PlayerRating, 'rating' | 'provisional'>, system: 'elo' | 'openskill'): string {
  return (system === 'elo' ? String(Math.round(p.rating)) : p.rating.toFixed(1)) + (p.provisional ? '?' : '');
}

/** A change as shown: +12, −3, ±0. */
export function changeText(change: number, system: 'elo' | 'openskill'): string {
  const v = system === 'elo' ? Math.round(change) : Math.round(change * 10) / 10;
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '±0';
}
