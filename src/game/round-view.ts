import { parseField } from '../rules/field.js';
import { findPath } from '../rules/paths.js';
import type { RankingRow } from '../rules/ranking.js';
import type { PlayerRating } from '../rules/ratings.js';
import type { RoundResult, ScoredPlayer, ScoredWord } from '../rules/round-scoring.js';
import { roundStats, type RoundStats } from '../rules/round-stats.js';
import { bestEntry, type BestEntry, type FoundWord } from '../rules/solver.js';
import type { Field } from '../rules/types.js';
import { playerId } from '../site/urls.js';
import { fieldView } from '../templates/field-view.js';
import { reasonText, templateLang } from '../templates/i18n.js';
import { fill, type Labels, labels } from '../templates/labels.js';
import type { TemplateLang } from '../templates/render.js';
import { columnWidth, truncateWidth } from '../templates/text-width.js';
import type { Game } from './game.js';
import { changeText, gameRatings, type GameRatings, ratingText } from './ratings.js';
import { asPlayersNow, gameRanking, scoredRounds } from './scoring.js';
import { identities } from './player-lookup.js';

// What the newsletter and the site show of a scored round, computed once: words as the
// players typed them, verdicts in words, the best entry with its paths, statistics, the
// ranking with movement and ratings.

/** Longest word shown: a word on a 5x5 field has at most 26 letters; a longer token is junk and is cut, with "…". */
const SHOWN_WIDTH = 28;
/** Words of the best entry drawn with their paths (an unlimited entry can have hundreds). */
const MAX_PATHS = 12;
/** Names listed in one statistic ("… and 12 more" after them). */
const NAMES_SHOWN = 5;

export interface WordView {
  label: string;
  /** As the player typed it. */
  shown: string;
  word: string | null;
  status: ScoredWord['status'];
  counted: boolean;
  rejected: boolean;
  unused: boolean;
  points: number | null;
  original: boolean;
  /** Why it did not count, or "unused"; empty for a counted word. */
  note: string;
}

export interface PlayerView {
  email: string;
  id: string;
  name: string;
  rank: number;
  total: number;
  letterPoints: number;
  originalityPoints: number;
  joker: string | null;
  jokerChosen: boolean;
  words: WordView[];
  /** Width of the widest word shown, for the text columns. */
  shownWidth: number;
}

export interface Movement {
  /** ▲ 2, ▼ 1, =, or "new". */
  symbol: string;
  /** The same in words, for screen readers. */
  words: string;
  dir: 'up' | 'down' | 'same' | 'new';
}

export interface RankingRowView {
  rank: number;
  email: string;
  id: string;
  name: string;
  total: number;
  roundsPlayed: number;
  movement: Movement;
  scores: { round: number; total: number | null }[];
  scoresText: string;
  rating: string | null;
  ratingChange: string | null;
}

export interface RoundView {
  lang: TemplateLang;
  t: Labels;
  round: number;
  notation: string;
  field: Field;
  view: ReturnType<typeof fieldView>;
  players: PlayerView[];
  byEmail: Map<string, PlayerView>;
  found: FoundWord[];
  best: BestEntry & { paths: { word: string; points: number; path: number[] }[] };
  stats: RoundStats;
  statsView: {
    longest: { words: string; length: number } | null;
    mostOriginal: { names: string; points: number } | null;
    missed: { count: number; words: string };
  };
  foundLongest: string[];
  ranking: { window: number; rounds: number[]; rows: RankingRowView[]; byEmail: Map<string, RankingRowView> };
  ratings: GameRatings | null;
}

/** A token as the player typed it, cut when absurdly long. */
export function shownWord(input: string): string {
  return truncateWidth(input.normalize('NFC').trim(), SHOWN_WIDTH);
}

export function movementOf(m: number | null, t: Labels): Movement {
  if (m === null) return { symbol: t.new!, words: t.newLong!, dir: 'new' };
  if (m > 0) return { symbol: `▲ ${m}`, words: m === 1 ? t.up1! : fill(t.up!, { n: m }), dir: 'up' };
  if (m < 0) return { symbol: `▼ ${-m}`, words: m === -1 ? t.down1! : fill(t.down!, { n: -m }), dir: 'down' };
  return { symbol: '=', words: t.same!, dir: 'same' };
}

function wordViews(p: ScoredPlayer, lang: TemplateLang, t: Labels, rules?: { words?: string; noPlurals?: boolean }): WordView[] {
  // A conflict names the player's own earlier word: shown as that player typed it.
  const typed = new Map(p.words.filter((w) => w.word).map((w) => [w.word!, shownWord(w.input)]));
  return p.words.map((w) => {
    const conflicts = w.conflictsWith?.length ? ` (${w.conflictsWith.map((c) => typed.get(c) ?? c).join(', ')})` : '';
    return {
      label: w.role === 'main' ? `${w.index}.` : `E${w.index}`,
      shown: shownWord(w.input),
      word: w.word,
      status: w.status,
      counted: w.status === 'counted',
      rejected: w.status === 'rejected',
      unused: w.status === 'unused',
      points: w.status === 'counted' ? w.points ?? 0 : null,
      original: w.original === true,
      note: w.status === 'rejected' ? reasonText(lang, w.reason, rules) + conflicts : w.status === 'unused' ? t.unused! : '',
    };
  });
}

export function playerView(p: ScoredPlayer, lang: TemplateLang, t: Labels, rules?: { words?: string; noPlurals?: boolean }): PlayerView {
  const words = wordViews(p, lang, t, rules);
  return {
    email: p.email, id: playerId(p.email), name: p.name, rank: p.rank, total: p.total, letterPoints: p.letterPoints,
    originalityPoints: p.originalityPoints, joker: p.joker, jokerChosen: p.joker !== null && !p.jokerDeclared, words,
    shownWidth: columnWidth(words.map((w) => w.shown), 12),
  };
}

export function rankingRowView(r: RankingRow, t: Labels, ratings: Map<string, PlayerRating> | null, system: 'elo' | 'openskill' | null): RankingRowView {
  const rating = ratings?.get(r.email.toLowerCase());
  return {
    rank: r.rank, email: r.email, id: playerId(r.email), name: r.name, total: r.total, roundsPlayed: r.roundsPlayed,
    movement: movementOf(r.movement, t),
    scores: r.scores,
    scoresText: r.scores.map((x) => (x.total === null ? '–' : String(x.total))).join(' · '),
    rating: rating && system ? ratingText(rating, system) : null,
    ratingChange: rating && system ? changeText(rating.change, system) : null,
  };
}

/**
 * Everything shown of a scored round (the expensive parts, solving and ratings, once).
 * Without `ranking` (the site's round pages) the ranking and ratings are left empty.
 */
export async function roundView(game: Game, result: RoundResult, opts: { ranking?: boolean } = {}): Promise<RoundView> {
  const withRanking = opts.ranking ?? true;
  // Players under their current address and name (a player re-addressed since is found).
  const asRead = result;
  result = asPlayersNow(result, identities(game.settings));
  const lang = templateLang(game.settings.language);
  const t = labels(game.layout.dir, lang);
  const field = parseField(result.field);
  const rules = result.rules;
  const found = await game.solve(field, rules.minLength);
  const best = bestEntry(field, found, rules.scheme, rules.wordsPerEntry);
  const players = result.players.map((p) => playerView(p, lang, t, rules));
  const byEmail = new Map(players.map((p) => [p.email.toLowerCase(), p]));
  const stats = roundStats(result, found);
  const nameOf = (email: string) => byEmail.get(email.toLowerCase())?.name ?? email;
  // At most a few names in a line, whatever the number of players.
  const names = (emails: readonly string[]) => emails.slice(0, NAMES_SHOWN).map(nameOf).join(', ') + (emails.length > NAMES_SHOWN ? ` ${fill(t.andMore!, { n: emails.length - NAMES_SHOWN })}` : '');
  // The longest word as its first finder typed it.
  const typedBy = (word: string, email: string) => byEmail.get(email.toLowerCase())?.words.find((w) => w.word === word)?.shown ?? word;
  const window = game.settings.rules.window;
  const scored = withRanking ? scoredRounds(game, asRead) : [];
  const ranking = withRanking ? gameRanking(game, window, result.round, scored) : { rows: [], rounds: [] };
  const ratings = withRanking ? gameRatings(game, result.round, scored) : null;
  const ratingMap = ratings ? new Map(ratings.players.map((p) => [p.email.toLowerCase(), p])) : null;
  const rows = ranking.rows.map((r) => rankingRowView(r, t, ratingMap, ratings?.options.system ?? null));
  return {
    lang, t, round: result.round, notation: result.field, field, view: fieldView(result.field), players, byEmail, found,
    best: { ...best, paths: best.words.slice(0, MAX_PATHS).map((w) => ({ word: w.word, points: w.points, path: findPath(field, w.word, null) ?? findPath(field, w.word, best.joker) ?? [] })) },
    stats,
    statsView: {
      longest: stats.longest ? {
        words: stats.longest.words.slice(0, NAMES_SHOWN).map((w) => `${typedBy(w.word, w.by[0]!)} (${names(w.by)})`).join('; '),
        length: stats.longest.length,
      } : null,
      mostOriginal: stats.mostOriginal ? { names: names(stats.mostOriginal.emails), points: stats.mostOriginal.points } : null,
      missed: { count: stats.missed.count, words: stats.missed.longest.join(', ') },
    },
    foundLongest: [...found].sort((a, b) => b.word.length - a.word.length || (a.word < b.word ? -1 : 1)).slice(0, 10).map((w) => w.word),
    ranking: { window, rounds: ranking.rounds, rows, byEmail: new Map(rows.map((r) => [r.email.toLowerCase(), r])) },
    ratings,
  };
}
