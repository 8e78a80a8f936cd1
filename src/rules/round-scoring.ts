import { formatField } from './field.js';
import { type AnalysedWord, analyseEntry, type DictionaryUsed, type JudgeContext, judgeAnalysed, relevantJokers, type WordJudgement } from './judge.js';
import { assignRanks } from './ranking.js';
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
  /** The player's stable id in the game (players[].id), when the player has one: an address may change, the id does not. */
  id?: string;
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
  /** The dictionary that judged, so a verdict can be reproduced (absent for ad-hoc checks). */
  dictionary?: DictionaryUsed;
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
  return !s || s.size === 0 || (s.size === 1 && s.has(player));
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

/** Who counted each word, from every player's judged words. */
function countedUse(judged: readonly (readonly WordJudgement[])[]): Map<string, Set<number>> {
  const counted = new Map<string, Set<number>>();
  judged.forEach((words, i) => words.forEach((j) => j.status === 'counted' && addUse(counted, j.word!, i)));
  return counted;
}

/**
 * The best joker letter for one player who did not declare one, the others' judgements as
 * they stand: the letter giving the highest round score under the round's rules, ties to
 * the alphabetically first. A letter no word needs scores what no joker at all scores.
 */
function bestResponse(analysed: readonly AnalysedWord[], player: number, ctx: JudgeContext, use: WordUse): { letter: string | null; judged: WordJudgement[] } {
  const relevant = relevantJokers(analysed);
  if (relevant.length === 0) return { letter: null, judged: judgeAnalysed(analysed, null, ctx) }; // no word passes over the star
  const scoreWith = (letter: string | null) => {
    const judged = judgeAnalysed(analysed, letter, ctx);
    return { judged, total: totals(scoreWords(judged, player, ctx.rules, use)).total };
  };
  const base = scoreWith(null);
  let best: { letter: string; judged: WordJudgement[]; total: number } | null = null;
  for (let code = 65; code <= 90; code++) {
    const letter = String.fromCharCode(code);
    const r = relevant.includes(letter) ? scoreWith(letter) : base;
    if (!best || r.total > best.total) best = { letter, judged: r.judged, total: r.total };
  }
  return { letter: best!.letter, judged: best!.judged };
}

/** How many rounds of best responses the undeclared players get before the letters stand. */
const MAX_JOKER_PASSES = 20;

/**
 * Jokers for the players who did not declare one (SPEC 1: the letter that gives the player
 * the highest round score). The declared players' letters are fixed; the undeclared ones
 * are settled among themselves by best responses: each in turn (in entry order) takes its
 * best letter against everyone's current judgements, until a whole pass changes nothing,
 * so that no player ends with a letter another letter beats for them under the final
 * result. Where the score does not depend on the others' letters (originality by what was
 * submitted, no uniqueOnly) one pass is that fixed point. docs/rules.md has the details.
 */
function chooseJokers(analysed: readonly AnalysedWord[][], declared: readonly (string | null)[], ctx: JudgeContext, submitted: WordUse['submitted']) {
  const judged = analysed.map((words, i) => judgeAnalysed(words, declared[i] ?? null, ctx));
  const jokers = [...declared];
  const undeclared = declared.flatMap((d, i) => (d === null ? [i] : []));
  const interacts = ctx.rules.uniqueOnly || ctx.rules.originality === 'counted';
  const counted = countedUse(judged);
  /** Player i's counted words as they now stand, kept up to date word by word. */
  const recount = (i: number, before: readonly WordJudgement[], after: readonly WordJudgement[]) => {
    for (const j of before) if (j.status === 'counted') counted.get(j.word!)?.delete(i);
    for (const j of after) if (j.status === 'counted') addUse(counted, j.word!, i);
  };
  for (let pass = 0; pass < (interacts ? MAX_JOKER_PASSES : 1); pass++) {
    let changed = false;
    for (const i of undeclared) {
      const r = bestResponse(analysed[i]!, i, ctx, { submitted, counted });
      if (pass > 0 && r.letter === jokers[i]) continue;
      changed ||= r.letter !== jokers[i];
      jokers[i] = r.letter;
      recount(i, judged[i]!, r.judged);
      judged[i] = r.judged;
    }
    if (!changed) break;
  }
  return { jokers, judged };
}

/** Scores one round: every entry judged, jokers fixed, originality and ranks worked out. */
export function scoreRound(round: number, entries: readonly PlayerEntry[], ctx: JudgeContext): RoundResult {
  const hasStar = ctx.field.cells.includes(STAR);
  const analysed = entries.map((p) => analyseEntry(p.entry, ctx));
  const use: WordUse = { submitted: new Map(), counted: new Map() };
  analysed.forEach((words, i) => words.forEach((a) => a.word && addUse(use.submitted, a.word, i)));

  const declared = entries.map((p) => p.entry.joker ?? null);
  const chosen = hasStar
    ? chooseJokers(analysed, declared, ctx, use.submitted)
    : { jokers: declared.map(() => null), judged: analysed.map((words) => judgeAnalysed(words, null, ctx)) };
  const judged = chosen.judged;
  const jokers = chosen.jokers.map((joker, i) => ({ joker, declared: declared[i] !== null }));
  use.counted = countedUse(judged);

  const players = entries.map((p, i): ScoredPlayer => {
    const words = scoreWords(judged[i]!, i, ctx.rules, use);
    return { email: p.email, name: p.name, joker: jokers[i]!.joker, jokerDeclared: jokers[i]!.declared, words, ...totals(words), rank: 0 };
  });
  players.sort((a, b) => b.total - a.total || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
  return { round, field: formatField(ctx.field), rules: { ...ctx.rules }, ...(ctx.dictionary ? { dictionary: ctx.dictionary } : {}), players: assignRanks(players) };
}
