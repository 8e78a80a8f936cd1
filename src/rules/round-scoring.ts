import { formatField } from './field.js';
import { type AnalysedWord, analyseEntry, type JudgeContext, judgeAnalysed, relevantJokers, type WordJudgement } from './judge.js';
import { wordPoints } from './schemes.js';
import type { Entry, Rules } from './types.js';
import { STAR } from './types.js';

export interface PlayerEntry {
  email: string;
  name: string;
  entry: Entry;
}

export interface ScoredWord extends WordJudgement {
  points?: number;
  original?: boolean;
}

export interface ScoredPlayer {
  email: string;
  name: string;
  joker: string | null;
  jokerDeclared: boolean;
  words: ScoredWord[];
  letterPoints: number;
  originalityPoints: number;
  total: number;
  rank: number;
}

export interface RoundResult {
  round: number;
  field: string;
  rules: Rules;
  players: ScoredPlayer[];
}

/** Who sent (listed anywhere) and who had counted each folded word. */
interface WordUse {
  submitted: Map<string, Set<number>>;
  counted: Map<string, Set<number>>;
}

function addUse(map: Map<string, Set<number>>, word: string, player: number) {
  let s = map.get(word);
  if (!s) map.set(word, (s = new Set()));
  s.add(player);
}

function onlyBy(map: Map<string, Set<number>>, word: string, player: number): boolean {
  const s = map.get(word);
  return !s || (s.size === 1 && s.has(player));
}

function scoreWords(judged: readonly WordJudgement[], player: number, rules: Rules, use: WordUse): ScoredWord[] {
  return judged.map((j) => {
    if (j.status !== 'counted') return { ...j };
    const word = j.word!;
    const shared = rules.uniqueOnly && !onlyBy(use.counted, word, player);
    const points = shared ? 0 : wordPoints(word.length, rules.scheme);
    if (rules.originality === 'off') return { ...j, points };
    const original = onlyBy(rules.originality === 'counted' ? use.counted : use.submitted, word, player);
    return { ...j, points, original };
  });
}

function totals(words: readonly ScoredWord[]) {
  const letterPoints = words.reduce((s, w) => s + (w.points ?? 0), 0);
  const originalityPoints = words.filter((w) => w.original).length;
  return { letterPoints, originalityPoints, total: letterPoints + originalityPoints };
}

/**
 * The joker letter for a player who did not declare one: the letter giving the highest
 * round score, ties to the alphabetically first. Other players' choices are not known yet
 * while choosing, so originality is reckoned against what the others *sent* (which does not
 * depend on their jokers) and uniqueOnly is left out of the choice (docs/rules.md).
 */
function chooseJoker(analysed: readonly AnalysedWord[], player: number, ctx: JudgeContext, submitted: WordUse['submitted']): string | null {
  const relevant = relevantJokers(analysed);
  if (relevant.length === 0) return null; // no word passes over the star
  const use: WordUse = { submitted, counted: submitted };
  const rules: Rules = { ...ctx.rules, uniqueOnly: false, originality: ctx.rules.originality === 'off' ? 'off' : 'submitted' };
  const scoreWith = (letter: string | null) => totals(scoreWords(judgeAnalysed(analysed, letter, ctx), player, rules, use)).total;
  // A letter no word needs scores what no joker at all scores.
  const base = scoreWith(null);
  let best: { letter: string; total: number } | null = null;
  for (let code = 65; code <= 90; code++) {
    const letter = String.fromCharCode(code);
    const total = relevant.includes(letter) ? scoreWith(letter) : base;
    if (!best || total > best.total) best = { letter, total };
  }
  return best!.letter;
}

/** Ranks by total, equal totals sharing a rank (1, 2, 2, 4). */
export function assignRanks<T extends { total: number; rank: number }>(rows: T[]): T[] {
  rows.forEach((r, i) => {
    r.rank = i > 0 && rows[i - 1]!.total === r.total ? rows[i - 1]!.rank : i + 1;
  });
  return rows;
}

/** Scores one round: every entry judged, jokers fixed, originality and ranks worked out. */
export function scoreRound(round: number, entries: readonly PlayerEntry[], ctx: JudgeContext): RoundResult {
  const hasStar = ctx.field.cells.includes(STAR);
  const analysed = entries.map((p) => analyseEntry(p.entry, ctx));
  const use: WordUse = { submitted: new Map(), counted: new Map() };
  analysed.forEach((words, i) => words.forEach((a) => a.word && addUse(use.submitted, a.word, i)));

  const jokers = entries.map((p, i) => {
    const declared = p.entry.joker ?? null;
    if (!hasStar) return { joker: null, declared: declared !== null };
    if (declared !== null) return { joker: declared, declared: true };
    return { joker: chooseJoker(analysed[i]!, i, ctx, use.submitted), declared: false };
  });
  const judged = analysed.map((words, i) => judgeAnalysed(words, jokers[i]!.joker, ctx));
  judged.forEach((words, i) => words.forEach((j) => j.status === 'counted' && addUse(use.counted, j.word!, i)));

  const players = entries.map((p, i): ScoredPlayer => {
    const words = scoreWords(judged[i]!, i, ctx.rules, use);
    return { email: p.email, name: p.name, joker: jokers[i]!.joker, jokerDeclared: jokers[i]!.declared, words, ...totals(words), rank: 0 };
  });
  players.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  return { round, field: formatField(ctx.field), rules: { ...ctx.rules }, players: assignRanks(players) };
}
