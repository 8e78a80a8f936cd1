import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { rollingRanking, type RankingRow, type RoundTotals } from '../rules/ranking.js';
import type { RoundResult } from '../rules/round-scoring.js';
import { type SeasonRow, type SeasonSpan, seasonOf, seasonStandings } from '../rules/season.js';
import { writeCacheFile } from '../store/verified-write.js';
import { UserError } from '../user-error.js';
import { unrankedEmails } from './computer-addresses.js';
import type { Game } from './game.js';
import { identities } from './player-lookup.js';
import { readRound, roundNumbers } from './rounds.js';
import { readStateFile, settledIdentity } from './state-files.js';

const require = createRequire(import.meta.url);

// The scored rounds as read back, the rolling ranking and the season standings: what
// `ranking` (and the newsletter, the site) show. Nothing here judges a word, so the judge and
// the dictionary stay unloaded for them.

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

/** What the ranking and the season standings need of a scored round's results. */
export interface RoundStanding {
  round: number;
  players: { email: string; id?: string; name: string; total: number; rank: number }[];
}

/**
 * scoredRounds() as far as the ranking and the season need it: each round's totals, from
 * .postboggle-totals.cache while its results.json is the file they were taken from (by its
 * identity, as the state memo knows files: state-files.ts). A results.json holds every word
 * of every player (2.4 MB a round at 1,000 players); the totals are a fortieth of that, so
 * `ranking` reads seven rounds' totals where it read and parsed 17 MB. Any other file (new,
 * rescored, edited) is read and checked as before and its totals kept anew; the cache is a
 * shortcut only (deleted, damaged or unwritable: every results.json is read).
 */
export function scoredStandings(game: Game): RoundStanding[] {
  const who = identities(game.settings);
  const path = join(game.layout.dir, TOTALS_FILE);
  let cache: TotalsCache = { v: TOTALS_VERSION, files: {} };
  try {
    const read = JSON.parse(readFileSync(path, 'utf8')) as TotalsCache;
    if (read?.v === TOTALS_VERSION && read.files && typeof read.files === 'object') cache = read;
  } catch { /* none yet, or damaged */ }
  let changed = false;
  const kept: TotalsCache['files'] = {};
  const rounds = roundNumbers(game.layout).filter((n) => existsSync(game.layout.results(n)) && readRound(game.layout, n).state !== 'void').map((n) => {
    const file = game.layout.results(n);
    const key = relative(game.layout.dir, file);
    let identity = '';
    try { identity = settledIdentity(statSync(file, { bigint: true })); } catch { /* read below, which says what is wrong */ }
    const known = cache.files[key];
    if (identity && known?.id === identity) {
      kept[key] = known;
      return { round: known.round, players: known.players.map(([email, id, name, total, rank]) => ({ email, ...(id ? { id } : {}), name, total, rank })) };
    }
    const r = readResults(game.layout, n);
    const standing: RoundStanding = { round: r.round, players: r.players.map((p) => ({ email: p.email, ...(p.id ? { id: p.id } : {}), name: p.name, total: p.total, rank: p.rank })) };
    // Kept only for a file settled before it was read and the same after (not replaced meanwhile).
    let after = '';
    try { after = settledIdentity(statSync(file, { bigint: true })); } catch { /* not kept */ }
    if (identity && after === identity) kept[key] = { id: identity, round: standing.round, players: standing.players.map((p) => [p.email, p.id ?? '', p.name, p.total, p.rank]) };
    changed = true;
    return standing;
  });
  if (changed || Object.keys(kept).length !== Object.keys(cache.files).length) writeCacheFile(path, JSON.stringify({ v: TOTALS_VERSION, files: kept }));
  return rounds.map((r) => asPlayersNow(r, who));
}

const TOTALS_FILE = '.postboggle-totals.cache';
const TOTALS_VERSION = 1;
interface TotalsCache {
  v: number;
  /** By results.json (relative to the game): its identity when read, its round and each player's [email, id, name, total, rank]. */
  files: Record<string, { id: string; round: number; players: [string, string, string, number, number][] }>;
}

/** A round's results with each player under their current address and name. */
export function asPlayersNow<R extends RoundStanding>(r: R, who: ReturnType<typeof identities>): R {
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

/**
 * The rolling ranking over the scored rounds up to `upTo` (default: all); `scored` saves
 * reading them again; `remember`: through .postboggle-ranking.cache (rememberedRanking).
 */
export function gameRanking(game: Game, window: number, upTo?: number, scored?: readonly RoundStanding[], opts: { remember?: boolean } = {}): { rows: RankingRow[]; rounds: number[] } {
  const results = (scored ?? scoredStandings(game)).filter((r) => upTo === undefined || r.round <= upTo);
  // Computer players are in the ranking only when the GM ranks them (a benchmark).
  const unranked = unrankedEmails(game.settings, results.flatMap((r) => r.players.map((p) => p.email)));
  const totals: RoundTotals[] = results.map((r) => ({ round: r.round, players: r.players.filter((p) => !unranked.has(p.email.toLowerCase())) }));
  const rows = opts.remember ? rememberedRanking(game.layout.dir, totals, window) : rollingRanking(totals, window);
  return { rows, rounds: results.map((r) => r.round).slice(-window) };
}

/**
 * rollingRanking, kept in .postboggle-ranking.cache under a SHA-256 of exactly what it is
 * computed from: the totals, the window, and what decides the collation of equal totals by
 * name (the locale from the environment, ICU's version). Sorting players with equal totals
 * by name starts ICU's collator, some 15-25 ms of a `ranking` that otherwise takes about as
 * long as Node's own start; the same inputs always give the same rows, so a hit is the
 * answer, and anything else (a rescore, a renamed player, another window) is computed anew.
 * One entry (the latest); a cache that cannot be read or written changes nothing.
 */
function rememberedRanking(dir: string, totals: readonly RoundTotals[], window: number): RankingRow[] {
  const env = process.env;
  const inputs = JSON.stringify([RANKING_CACHE_VERSION, window, process.versions.icu ?? '', [env.LC_ALL, env.LC_COLLATE, env.LC_MESSAGES, env.LANG, env.LANGUAGE].map((v) => v ?? ''), totals.map((r) => [r.round, r.players.map((p) => [p.email, p.name, p.total])])]);
  const key = (require('node:crypto') as typeof import('node:crypto')).createHash('sha256').update(inputs).digest('hex');
  const path = join(dir, RANKING_FILE);
  try {
    const cached = JSON.parse(readFileSync(path, 'utf8')) as { key?: unknown; rows?: unknown };
    if (cached?.key === key && Array.isArray(cached.rows)) return cached.rows as RankingRow[];
  } catch { /* none yet, or damaged: computed below */ }
  const rows = rollingRanking(totals, window);
  writeCacheFile(path, JSON.stringify({ key, rows }));
  return rows;
}

const RANKING_FILE = '.postboggle-ranking.cache';
const RANKING_CACHE_VERSION = 1;

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
export function gameSeason(game: Game, upTo?: number, scored?: readonly RoundStanding[]): GameSeason | null {
  const s = game.settings.season;
  if (!s) return null;
  const all = (scored ?? scoredStandings(game)).filter((r) => upTo === undefined || r.round <= upTo);
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
