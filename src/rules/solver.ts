import type { VerdictFn } from './adjudication.js';
import { jokerOptions, onFieldAtAll } from './paths.js';
import type { Lexicon } from './lexicon.js';
import { LemmaMatcher } from './lemma-matching.js';
import { walkField, type Walked } from './field-walk.js';
import { wordPoints } from './schemes.js';
import { type Field, type ScoringScheme, STAR } from './types.js';

export interface FoundWord {
  word: string;
  lemmas: readonly string[];
  /** Traceable without the star: fits every joker letter. */
  plain: boolean;
  /** Otherwise the joker letters it needs (one of them), sorted (a word without the star: one shared empty list). */
  letters: readonly string[];
}

const NO_LETTERS: readonly string[] = Object.freeze([]);

const A = 65;
const ALL_LETTERS = (1 << 26) - 1;
/** In a found word's joker bits: traced without the star (bits 0–25 are joker letters). */
const PLAIN = 1 << 26;
const LETTERS = Array.from({ length: 26 }, (_, c) => String.fromCharCode(A + c));

/**
 * Every dictionary word of at least minLength letters on the field, for every joker letter
 * at once: one walk of the field and the dictionary's graph together, the star taking each
 * child letter of the record it is reached from (src/rules/trie.ts; the walk itself is
 * field-walk.wat). The words come out sorted (by form index, which is sorted order), each
 * spelled once from the walk.
 */
export function solveField(field: Field, lexicon: Lexicon, minLen: number, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  return foundWords(field, lexicon, minLen, walkField(field, lexicon.trie().records, minLen), house);
}

/**
 * A found word whose lemmas are the lexicon's, read when first asked for: a field has some
 * 2,000 words, and reading all their lemmas (the sense index and the lemma lines of the
 * dictionary, 11 MB for German) costs a fresh process more than the walk; `solve` prints
 * the lemmas of its best entry only, a few dozen words. (An own property, so the word
 * prints, compares and copies as before.)
 */
function withLexiconLemmas(word: string, lexicon: Lexicon, form: number, plain: boolean, letters: readonly string[]): FoundWord {
  let lemmas: readonly string[] | undefined;
  return { word, get lemmas() { return (lemmas ??= lexicon.lemmasOfIndex(form)); }, plain, letters };
}

/** The words the walk found, in sorted order, with their lemmas; then the house lists'. */
function foundWords(field: Field, lexicon: Lexicon, minLen: number, walked: Walked, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  const { count, text, spellEnd } = walked;
  // Sorted by form index (the forms' sorted order), each key carrying its slot.
  const order = new Float64Array(count);
  for (let s = 0; s < count; s++) order[s] = walked.form[s]! * count + s;
  order.sort();
  const out: FoundWord[] = [];
  for (let k = 0; k < count; k++) {
    const s = order[k]! % count;
    const bits = walked.bits[s]!, form = walked.form[s]!;
    const word = text.slice(s === 0 ? 0 : spellEnd[s - 1]!, spellEnd[s]!);
    let lemmas: readonly string[] | null = null;
    if (house && !house.verdict.lexiconAlone?.(word)) {
      const v = house.verdict(word, form);
      if (v.kind !== 'known' || v.formNotAllowed) continue; // rejected by the GM, or a form the game refuses
      lemmas = v.lemmas;
    }
    const plain = (bits & PLAIN) !== 0;
    let letters = NO_LETTERS;
    if (!plain) {
      const list: string[] = [];
      for (let rest = bits; rest !== 0; rest &= rest - 1) list.push(LETTERS[31 - Math.clz32(rest & -rest)]!);
      letters = list;
    }
    out.push(lemmas ? { word, lemmas, plain, letters } : withLexiconLemmas(word, lexicon, form, plain, letters));
  }
  if (!house) return out;
  // The GM's house lists: accepted words the dictionary lacks are traced one by one.
  let extra = false;
  for (const word of house.accepted) {
    if (word.length < minLen || lexicon.indexOf(word) >= 0) continue;
    const options = jokerOptions(field, word);
    if (!onFieldAtAll(options)) continue;
    const v = house.verdict(word);
    if (v.kind !== 'known' || v.formNotAllowed) continue;
    out.push({ word, lemmas: v.lemmas, plain: options.plain, letters: options.plain ? NO_LETTERS : options.letters });
    extra = true;
  }
  return extra ? out.sort((x, y) => (x.word < y.word ? -1 : x.word > y.word ? 1 : 0)) : out;
}

/** The found words a player with this joker letter may use. */
export function wordsForJoker(found: readonly FoundWord[], joker: string | null): FoundWord[] {
  return found.filter((w) => w.plain || (joker !== null && w.letters.includes(joker)));
}

export interface BestEntry {
  joker: string | null;
  words: { word: string; lemma: string; points: number }[];
  points: number;
}

/**
 * Found words with their points and the joker letters they fit (bits 0–25; all of them, and
 * PLAIN, for a word traced without the star), best first (equal points: the alphabetically first word).
 */
interface Ranked { w: FoundWord; points: number; jokers: number }
function ranked(found: readonly FoundWord[], scheme: ScoringScheme): Ranked[] {
  const jokersOf = (w: FoundWord) => (w.plain ? ALL_LETTERS | PLAIN : w.letters.reduce((m, l) => m | (1 << (l.charCodeAt(0) - A)), 0));
  const list = found.map((w) => ({ w, points: wordPoints(w.word.length, scheme), jokers: jokersOf(w) }));
  let alphabetical = true;
  for (let i = 1; i < found.length && alphabetical; i++) alphabetical = found[i - 1]!.word < found[i]!.word;
  if (!alphabetical) return list.sort((x, y) => y.points - x.points || (x.w.word < y.w.word ? -1 : 1));
  // As the solver gives them (sorted by word): grouped by points, each group keeps that order.
  const groups = new Map<number, Ranked[]>();
  for (const r of list) {
    const g = groups.get(r.points);
    if (g) g.push(r);
    else groups.set(r.points, [r]);
  }
  return [...groups.keys()].sort((a, b) => b - a).flatMap((p) => groups.get(p)!);
}

/** The greedy entry over ranked words usable with this joker letter (see bestEntryFor). */
function entryFrom(candidates: readonly Ranked[], joker: string | null, limit: number): BestEntry {
  const matcher = new LemmaMatcher();
  const kept: Ranked[] = [];
  const bit = joker === null ? PLAIN : 1 << (joker.charCodeAt(0) - A);
  for (const c of candidates) {
    if (limit > 0 && kept.length >= limit) break;
    if ((c.jokers & bit) === 0) continue; // with no joker letter, only words without the star
    if (c.points > 0 && matcher.add(c.w.lemmas)) kept.push(c);
  }
  const words = kept.map((k, i) => ({ word: k.w.word, lemma: matcher.assigned(i), points: k.points }));
  return { joker, words, points: words.reduce((s, w) => s + w.points, 0) };
}

/**
 * The highest-scoring entry for one joker letter: at most `limit` words (0 = no limit) with
 * distinct lemmas. Sets of words that can be given distinct lemmas form a (transversal)
 * matroid, and so do those sets cut to `limit` words, so taking words greedily by points is
 * optimal. Equal points go to the alphabetically first word, so the result is reproducible.
 */
export function bestEntryFor(found: readonly FoundWord[], joker: string | null, scheme: ScoringScheme, limit: number): BestEntry {
  return entryFrom(ranked(found, scheme), joker, limit);
}

/** The best entry over every joker letter (ties: the alphabetically first letter); the words are ranked once for all letters. */
export function bestEntry(field: Field, found: readonly FoundWord[], scheme: ScoringScheme, limit: number): BestEntry {
  const candidates = ranked(found, scheme);
  if (!field.cells.includes(STAR)) return entryFrom(candidates, null, limit);
  // A letter's entry scores at most its `limit` best words' points (lemmas aside): letters are
  // tried from the highest such bound down, and the rest skipped once none can beat (or, on
  // equal points, come alphabetically before) the best so far. Most fields need two or three
  // letters of the 26, and so read the lemmas of a few dozen words only.
  const bound = new Array<number>(26).fill(0), taken = new Array<number>(26).fill(0);
  for (const c of candidates) {
    if (c.points <= 0) continue;
    for (let rest = c.jokers & ALL_LETTERS; rest !== 0; rest &= rest - 1) {
      const l = 31 - Math.clz32(rest & -rest);
      if (limit > 0 && taken[l]! >= limit) continue;
      taken[l]!++;
      bound[l]! += c.points;
    }
  }
  const letters = Array.from({ length: 26 }, (_, l) => l).sort((x, y) => bound[y]! - bound[x]! || x - y);
  let best: BestEntry | null = null;
  for (const l of letters) {
    const letter = String.fromCharCode(A + l);
    if (best && (bound[l]! < best.points || (bound[l] === best.points && letter > best.joker!))) break;
    const e = entryFrom(candidates, letter, limit);
    if (!best || e.points > best.points || (e.points === best.points && letter < best.joker!)) best = e;
  }
  return best!;
}

/** How many found words each joker letter A–Z allows (words without the star count for every letter). */
export function countsByJoker(found: readonly FoundWord[]): Record<string, number> {
  const counts = new Array<number>(26).fill(0);
  let plain = 0;
  for (const w of found) {
    if (w.plain) plain++;
    else for (const l of w.letters) counts[l.charCodeAt(0) - A]!++;
  }
  return Object.fromEntries(counts.map((n, c) => [String.fromCharCode(A + c), n + plain]));
}
