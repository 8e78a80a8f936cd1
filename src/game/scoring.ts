import { type RoundResult, scoreRound } from '../rules/round-scoring.js';
import { UserError } from '../user-error.js';
import { now } from './clock.js';
import { isLate } from './deadline.js';
import type { Game } from './game.js';
import { readJsonIfExists, writeJson } from './json-files.js';
import { identities } from './player-lookup.js';
import { pendingWords } from './review.js';
import { refreshEntriesCopy } from './round-journal.js';
import { readEntries, type RoundRecord, writeRound } from './rounds.js';

// Reading the scored rounds and ranking them is standings.ts (the ranking command loads it
// without the judge); re-exported here for the modules that score and rank.
export { asPlayersNow, gameRanking, type GameSeason, gameSeason, readResults, scoredRounds } from './standings.js';

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
