import type { VerdictFn } from './adjudication.js';
import type { DictionaryIdentity } from './lexicon.js';
import { foldWord } from './fold.js';
import { LemmaMatcher } from './lemma-matching.js';
import { type JokerOptions, jokerOptions, onFieldAtAll, onFieldWith } from './paths.js';
import type { DictionaryVerdict, Entry, Field, RejectReason, Rules, WordRole, WordStatus } from './types.js';

export interface JudgeContext {
  field: Field;
  rules: Rules;
  verdict: VerdictFn;
  /** Final scoring with --reject-pending: words awaiting review count as not in the dictionary. */
  rejectPending?: boolean;
  /** Which dictionary (and house lists) judged: written into results.json. */
  dictionary?: DictionaryUsed;
}

/** The dictionary behind a verdict: its identity and a hash of the GM's house lists. */
export interface DictionaryUsed extends DictionaryIdentity {
  house: string;
}

/** One token of an entry with everything about it that does not depend on the joker letter. */
export interface AnalysedWord {
  input: string;
  /** Folded form, or null when the token is not a word (bad characters). */
  word: string | null;
  role: WordRole;
  /** 1-based position within its role (main 1–7, substitute 1–3). */
  index: number;
  /** The first reason that does not depend on the joker, if any. */
  early?: RejectReason;
  options?: JokerOptions;
  verdict?: DictionaryVerdict;
}

export interface WordJudgement {
  input: string;
  word: string | null;
  role: WordRole;
  index: number;
  status: WordStatus;
  reason?: RejectReason;
  conflictsWith?: string[];
  lemmas?: string[];
}

/**
 * What a word is on a field, whoever sent it: the paths it can take (per joker letter) and
 * the dictionary's verdict. A round's entries repeat the same words over and over, so each
 * is worked out once per context (the field, rules and verdict of one judging run).
 */
interface WordFacts {
  options: JokerOptions;
  verdict?: DictionaryVerdict;
}
const factsByContext = new WeakMap<JudgeContext, { field: Field; verdict: VerdictFn; language: string; minLength: number; folded: Map<string, string | null>; facts: Map<string, WordFacts>; unknown: Map<string, boolean>; mayAwait: Map<string, boolean> }>();

function memoOf(ctx: JudgeContext) {
  let memo = factsByContext.get(ctx);
  if (!memo || memo.field !== ctx.field || memo.verdict !== ctx.verdict || memo.language !== ctx.rules.language || memo.minLength !== ctx.rules.minLength) {
    memo = { field: ctx.field, verdict: ctx.verdict, language: ctx.rules.language, minLength: ctx.rules.minLength, folded: new Map(), facts: new Map(), unknown: new Map(), mayAwait: new Map() };
    factsByContext.set(ctx, memo);
  }
  return memo;
}

/**
 * Folds, numbers and checks each token for what needs neither the field nor the dictionary
 * (limits, characters, duplicates, length): `early` is set on those that fail.
 */
function tokensOf(entry: Entry, ctx: JudgeContext, memo: ReturnType<typeof memoOf>): AnalysedWord[] {
  const { rules } = ctx;
  const seen = new Set<string>();
  const out: AnalysedWord[] = [];
  const add = (input: string, role: WordRole, index: number, overLimit: boolean) => {
    const word = foldedOf(input, ctx, memo);
    const a: AnalysedWord = { input, word, role, index };
    if (overLimit) a.early = 'over-limit';
    else if (word === null) a.early = 'not-a-word';
    else if (seen.has(word)) a.early = 'duplicate';
    else if (word.length < rules.minLength) a.early = 'too-short';
    if (word !== null && !overLimit) seen.add(word);
    out.push(a);
  };
  // Main words first, then substitutes, each numbered from 1 within its role.
  for (let i = 0; i < entry.main.length; i++) add(entry.main[i]!, 'main', i + 1, rules.wordsPerEntry > 0 && i >= rules.wordsPerEntry);
  for (let i = 0; i < entry.substitutes.length; i++) add(entry.substitutes[i]!, 'substitute', i + 1, i >= rules.substitutesPerEntry);
  return out;
}

/** The paths of a word on the field and, when it is on the field at all, the dictionary's verdict (once per word and context). */
function factsOf(word: string, ctx: JudgeContext, memo: ReturnType<typeof memoOf>): WordFacts {
  let facts = memo.facts.get(word);
  if (!facts) {
    const options = jokerOptions(ctx.field, word);
    facts = onFieldAtAll(options) ? { options, verdict: ctx.verdict(word) } : { options };
    memo.facts.set(word, facts);
  }
  return facts;
}

/** Adds a token's field and dictionary facts (or 'not-on-field'). */
function withFacts(a: AnalysedWord, facts: WordFacts): AnalysedWord {
  a.options = facts.options;
  if (!facts.verdict) a.early = 'not-on-field';
  else a.verdict = facts.verdict;
  return a;
}

/** Folds, numbers and checks each token (limits, characters, duplicates, length, field, dictionary). */
export function analyseEntry(entry: Entry, ctx: JudgeContext): AnalysedWord[] {
  const memo = memoOf(ctx);
  return tokensOf(entry, ctx, memo).map((a) => (a.early || a.word === null ? a : withFacts(a, factsOf(a.word, ctx, memo))));
}

/**
 * The words of an entry that await the GM's decision: those analyseEntry finds on the field,
 * otherwise valid, and unknown to the dictionary and the house lists (verdict 'unknown'),
 * analysed as it does. A word the verdict can tell known or rejected cheaply
 * (VerdictFn.isUnknown: one look-up down the dictionary's graph) is not traced on the field
 * and its lemmas are not read: `review` asks this of every word of a round, and most are
 * known.
 */
export function awaitingReview(entry: Entry, ctx: JudgeContext): AnalysedWord[] {
  const memo = memoOf(ctx);
  const isUnknown = ctx.verdict.isUnknown;
  // Most entries of a round hold no such word: an entry none of whose tokens folds to a word
  // long enough that the verdict cannot tell known or rejected is not analysed at all (the
  // tokens of a round repeat, so each is looked at once).
  if (isUnknown && !entry.main.some((t) => mayAwaitReview(t, ctx, memo, isUnknown)) && !entry.substitutes.some((t) => mayAwaitReview(t, ctx, memo, isUnknown))) return [];
  const out: AnalysedWord[] = [];
  for (const a of tokensOf(entry, ctx, memo)) {
    if (a.early || a.word === null) continue;
    const known = memo.facts.get(a.word);
    if (!known && isUnknown && !unknownOf(a.word, memo, isUnknown)) continue;
    withFacts(a, known ?? factsOf(a.word, ctx, memo));
    if (!a.early && a.verdict?.kind === 'unknown') out.push(a);
  }
  return out;
}

/** Whether a token may be a word awaiting review: it folds to a word of the minimum length that the verdict does not know. */
function mayAwaitReview(input: string, ctx: JudgeContext, memo: ReturnType<typeof memoOf>, isUnknown: (word: string) => boolean): boolean {
  let may = memo.mayAwait.get(input);
  if (may === undefined) {
    const word = foldedOf(input, ctx, memo);
    may = word !== null && word.length >= ctx.rules.minLength && unknownOf(word, memo, isUnknown);
    memo.mayAwait.set(input, may);
  }
  return may;
}

/** A token folded (null: not a word), once per token and context. */
function foldedOf(input: string, ctx: JudgeContext, memo: ReturnType<typeof memoOf>): string | null {
  let word = memo.folded.get(input);
  if (word === undefined) memo.folded.set(input, (word = foldWord(input, ctx.rules.language)));
  return word;
}

/** Whether the verdict cannot tell a word known or rejected (VerdictFn.isUnknown), once per word and context. */
function unknownOf(word: string, memo: ReturnType<typeof memoOf>, isUnknown: (word: string) => boolean): boolean {
  let unknown = memo.unknown.get(word);
  if (unknown === undefined) memo.unknown.set(word, (unknown = isUnknown(word)));
  return unknown;
}

/** Judges an analysed entry for one joker letter (null: the star stands for nothing). */
export function judgeAnalysed(words: readonly AnalysedWord[], joker: string | null, ctx: JudgeContext): WordJudgement[] {
  const limit = ctx.rules.wordsPerEntry;
  const matcher = new LemmaMatcher();
  const kept: { word: string; lemmas: readonly string[] }[] = [];
  return words.map((a) => {
    // (Built key by key, not by spreading: scoring judges each entry once per joker letter
    // it might take, and the spreads were most of its time. The key order is results.json's.)
    const reject = (reason: RejectReason, extra?: Partial<WordJudgement>): WordJudgement => {
      const j: WordJudgement = { input: a.input, word: a.word, role: a.role, index: a.index, status: 'rejected', reason };
      return extra ? Object.assign(j, extra) : j;
    };
    if (a.early) return reject(a.early);
    if (!onFieldWith(a.options!, joker)) return reject('joker-conflict');
    const v = a.verdict!;
    if (v.kind === 'rejected') return reject('not-in-dictionary');
    if (v.kind === 'unknown') return reject(ctx.rejectPending ? 'not-in-dictionary' : 'pending-review');
    if (v.formNotAllowed) return reject('form-not-allowed', { lemmas: [...v.lemmas] });
    const lemmas = [...v.lemmas];
    if (!matcher.add(lemmas)) {
      const conflictsWith = kept.filter((k) => k.lemmas.some((l) => lemmas.includes(l))).map((k) => k.word);
      return reject('same-lemma', { conflictsWith, lemmas });
    }
    kept.push({ word: a.word!, lemmas });
    const status: WordStatus = limit > 0 && kept.length > limit ? 'unused' : 'counted';
    return { input: a.input, word: a.word, role: a.role, index: a.index, status, lemmas };
  });
}

export function judgeEntry(entry: Entry, joker: string | null, ctx: JudgeContext): WordJudgement[] {
  return judgeAnalysed(analyseEntry(entry, ctx), joker, ctx);
}

/** Joker letters that change anything for this entry: those some of its words need. */
export function relevantJokers(words: readonly AnalysedWord[]): string[] {
  const letters = new Set<string>();
  for (const a of words) if (!a.early && a.options && !a.options.plain) a.options.letters.forEach((l) => letters.add(l));
  return [...letters].sort();
}
