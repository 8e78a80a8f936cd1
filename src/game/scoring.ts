import { existsSync } from 'node:fs';
import { rollingRanking, type RankingRow, type RoundTotals } from '../rules/ranking.js';
import { type SeasonRow, type SeasonSpan, seasonOf, seasonStandings } from '../rules/season.js';
import { type RoundResult, scoreRound } from '../rules/round-scoring.js';
import { UserError } from '../user-error.js';
import { now } from './clock.js';
import { unrankedEmails } from './computer-addresses.js';
import { isLate } from './deadline.js';
import type { Game } from './game.js';
import { readJsonIfExists, writeJson } from './json-files.js';
import { identities } from './player-lookup.js';
import { pendingWords } from './review.js';
import { refreshEntriesCopy } from './round-journal.js';
import { readEntries, readRound, roundNumbers, type RoundRecord, writeRound } from './rounds.js';
import { readStateFile } from './state-files.js';

/**
 * Scores a round and writes results.json (SPEC 8). Words awaiting review block it unless
 * rejectPending, so that no verdict is final before the GM has decided.
 */
export async function scoreAndSave(game: Game, round: RoundRecord, rejectPending: boolean, early = false): Promise<RoundResult & { dictionaryChanged?: string }> {
  if (round.state === 'void') throw new UserError(`round ${round.round} is void (cancelled): it is not scored`);
  if (round.state === 'open' && !early && !isLate(now(), round.deadline, game.settings.schedule.grace)) {
    // Scoring closes the round: entries that come later would be refused.
    throw new UserError(`round ${round.round} is open until ${round.deadline} (plus grace ${game.settings.schedule.grace}); score it after that, or pass --early to close it now`);
  }
  const file = readEntries(game.layout, round.round);
  const entries = file.entries;
  // The GM's copy is brought up to date for the scored round (ingest leaves a large round's to later runs).
  refreshEntriesCopy(game.layout, round.round, file);
  const ctx = await game.judgeContext(round, rejectPending);
  if (!rejectPending) {
    const pending = pendingWords(entries, ctx);
    if (pending.length > 0) {
      throw new UserError(`round ${round.round} has ${pending.length} word(s) awaiting review (${pending.slice(0, 5).map((p) => p.word).join(', ')}${pending.length > 5 ? ', …' : ''}): decide with postboggle judge accept|reject, or score with --reject-pending`);
    }
  }
  const scored = scoreRound(round.round, entries.map((e) => ({ email: e.email, name: e.name, entry: e })), ctx);
  // Each row carries the player's stable id, so that a later change of address keeps it theirs.
  const who = identities(game.settings);
  const result = { ...scored, players: scored.players.map((p) => { const id = who.get(p.email)?.id; return id ? { ...p, id } : p; }) };
  // An earlier results file is only compared with: a damaged one is replaced, not a reason to stop.
  let before: RoundResult | undefined;
  try { before = readJsonIfExists<RoundResult>(game.layout.results(round.round)); } catch { before = undefined; }
  writeJson(game.layout.results(round.round), result);
  const changed = dictionaryChange(before?.dictionary, result.dictionary);
  if (round.state !== 'scored') writeRound(game.layout, { ...round, state: 'scored', scoredAt: now().toISOString() });
  return changed ? { ...result, dictionaryChanged: changed } : result;
}

/** What differs between the dictionary of an earlier scoring and this one, if anything. */
function dictionaryChange(before: RoundResult['dictionary'], now: RoundResult['dictionary']): string | undefined {
  if (!before || !now) return undefined;
  if (before.hash !== now.hash) return `the dictionary changed since the last scoring (build ${before.hash} → ${now.hash}; ${before.sources.join(', ')} → ${now.sources.join(', ')}): verdicts may differ`;
  if (before.house !== now.house) return 'the house lists changed since the last scoring (judge decisions): verdicts may differ';
  return undefined;
}

/**
 * The results of every scored round, void rounds left out (they do not count), each
 * player under their current address and name (a player who changed address or name
 * since is one player: see players.ts).
 */
export function scoredRounds(game: Game, known?: RoundResult): RoundResult[] {
  const who = identities(game.settings);
  // `known`: a round's results the caller holds, as read from its file (100,000 players:
  // some 250 MB of JSON, not to be read and held twice).
  const read = (n: number) => (known?.round === n ? known : readResults(game.layout, n));
  return roundNumbers(game.layout).filter((n) => existsSync(game.layout.results(n)) && readRound(game.layout, n).state !== 'void').map((n) => asPlayersNow(read(n), who));
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
