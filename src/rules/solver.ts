import type { VerdictFn } from './adjudication.js';
import { neighbours } from './field.js';
import { jokerOptions, onFieldAtAll } from './paths.js';
import type { Lexicon } from './lexicon.js';
import { LemmaMatcher } from './lemma-matching.js';
import { wordPoints } from './schemes.js';
import { type Field, QU, type ScoringScheme, STAR } from './types.js';

export interface FoundWord {
  word: string;
  lemmas: readonly string[];
  /** Traceable without the star: fits every joker letter. */
  plain: boolean;
  /** Otherwise the joker letters it needs (one of them), sorted. */
  letters: string[];
}

const A = 65, Z = 90;

/**
 * Every dictionary word of at least minLength letters on the field, for every joker letter
 * at once: one walk of the field and the sorted lexicon together, the star trying each
 * letter as a wildcard.
 */
export function solveField(field: Field, lexicon: Lexicon, minLength: number, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  const adj = neighbours(field.size);
  const used = new Array<boolean>(field.cells.length).fill(false);
  const found = new Map<string, { plain: boolean; letters: Set<string> }>();
  const record = (lo: number, depth: number, joker: string | null) => {
    if (depth < minLength || !lexicon.endsAt(lo, depth)) return;
    const w = lexicon.formAt(lo);
    let f = found.get(w);
    if (!f) found.set(w, (f = { plain: false, letters: new Set() }));
    if (joker === null) f.plain = true;
    else f.letters.add(joker);
  };

  const step = (cell: number, lo: number, hi: number, depth: number, joker: string | null) => {
    const face = field.cells[cell]!;
    if (face === STAR) {
      for (let code = A; code <= Z; code++) {
        const [a, b] = lexicon.narrow(lo, hi, depth, code);
        if (a < b) enter(cell, a, b, depth + 1, String.fromCharCode(code));
      }
      return;
    }
    let [a, b] = lexicon.narrow(lo, hi, depth, face.charCodeAt(0));
    let d = depth + 1;
    if (face === QU && a < b) {
      [a, b] = lexicon.narrow(a, b, d, 85 /* U */);
      d++;
    }
    if (a < b) enter(cell, a, b, d, joker);
  };

  const enter = (cell: number, lo: number, hi: number, depth: number, joker: string | null) => {
    record(lo, depth, joker);
    used[cell] = true;
    for (const next of adj[cell]!) if (!used[next]) step(next, lo, hi, depth, joker);
    used[cell] = false;
  };

  for (let cell = 0; cell < field.cells.length; cell++) step(cell, 0, lexicon.size, 0, null);

  // The GM's house lists: accepted words the dictionary lacks are traced one by one.
  if (house) {
    for (const word of house.accepted) {
      if (found.has(word) || word.length < minLength) continue;
      const options = jokerOptions(field, word);
      if (onFieldAtAll(options)) found.set(word, { plain: options.plain, letters: new Set(options.letters) });
    }
  }
  const out: FoundWord[] = [];
  for (const [word, f] of found) {
    const v = house ? house.verdict(word) : null;
    if (v && v.kind !== 'known') continue; // rejected by the GM
    out.push({ word, lemmas: v?.kind === 'known' ? v.lemmas : lexicon.lemmas(word) ?? [word], plain: f.plain, letters: f.plain ? [] : [...f.letters].sort() });
  }
  return out.sort((x, y) => (x.word < y.word ? -1 : x.word > y.word ? 1 : 0));
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
 * The highest-scoring entry for one joker letter: at most `limit` words (0 = no limit) with
 * distinct lemmas. Sets of words that can be given distinct lemmas form a (transversal)
 * matroid, and so do those sets cut to `limit` words, so taking words greedily by points is
 * optimal. Equal points go to the alphabetically first word, so the result is reproducible.
 */
export function bestEntryFor(found: readonly FoundWord[], joker: string | null, scheme: ScoringScheme, limit: number): BestEntry {
  const candidates = wordsForJoker(found, joker)
    .map((w) => ({ w, points: wordPoints(w.word.length, scheme) }))
    .sort((x, y) => y.points - x.points || (x.w.word < y.w.word ? -1 : 1));
  const matcher = new LemmaMatcher();
  const kept: { w: FoundWord; points: number }[] = [];
  for (const c of candidates) {
    if (limit > 0 && kept.length >= limit) break;
    if (c.points > 0 && matcher.add(c.w.lemmas)) kept.push(c);
  }
  const words = kept.map((k, i) => ({ word: k.w.word, lemma: matcher.assigned(i), points: k.points }));
  return { joker, words, points: words.reduce((s, w) => s + w.points, 0) };
}

/** The best entry over every joker letter (ties: the alphabetically first letter). */
export function bestEntry(field: Field, found: readonly FoundWord[], scheme: ScoringScheme, limit: number): BestEntry {
  if (!field.cells.includes(STAR)) return bestEntryFor(found, null, scheme, limit);
  let best: BestEntry | null = null;
  for (let code = A; code <= Z; code++) {
    const e = bestEntryFor(found, String.fromCharCode(code), scheme, limit);
    if (!best || e.points > best.points) best = e;
  }
  return best!;
}
