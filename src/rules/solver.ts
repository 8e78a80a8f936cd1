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
const ALL_LETTERS = (1 << 26) - 1;

/**
 * Every dictionary word of at least minLength letters on the field, for every joker letter
 * at once: one walk of the field and the dictionary's trie together, the star taking each
 * child letter of the trie node it is reached from (src/rules/trie.ts).
 */
export function solveField(field: Field, lexicon: Lexicon, minLength: number, house?: { verdict: VerdictFn; accepted: Iterable<string> }): FoundWord[] {
  const trie = lexicon.trie();
  const { mask, first } = trie;
  const adj = neighbours(field.size);
  const cells = field.cells.length;
  // Per cell: -1 the star, else the letter 0–25 (QU: Q, then U follows in the same step).
  const letter = field.cells.map((f) => (f === STAR ? -1 : f.charCodeAt(0) - A));
  const isQu = field.cells.map((f) => f === QU);
  const used = new Uint8Array(cells);
  /** form index → bit 26: traced without the star; bits 0–25: joker letters it can take */
  const found = new Map<number, number>();
  // The letters of the path being walked, so that a found word is spelled from the walk
  // rather than looked up in the form list (which then never has to be loaded).
  const path = new Uint8Array(2 * cells + 1);
  const spelled = new Map<number, string>();

  const child = (node: number, l: number): number => {
    const m = mask[node]!;
    const bit = 1 << l;
    if ((m & bit) === 0) return -1;
    let below = m & (bit - 1);
    below -= (below >>> 1) & 0x55555555;
    below = (below & 0x33333333) + ((below >>> 2) & 0x33333333);
    return first[node]! + ((((below + (below >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24);
  };

  const enter = (cell: number, node: number, depth: number, joker: number) => {
    if (depth >= minLength) {
      const f = trie.formAt(node);
      if (f >= 0) {
        const bits = found.get(f);
        if (bits === undefined) spelled.set(f, String.fromCharCode(...path.subarray(0, depth)));
        found.set(f, (bits ?? 0) | (joker < 0 ? 1 << 26 : 1 << joker));
      }
    }
    used[cell] = 1;
    for (const next of adj[cell]!) if (!used[next]) step(next, node, depth, joker);
    used[cell] = 0;
  };

  const step = (cell: number, node: number, depth: number, joker: number) => {
    const l = letter[cell]!;
    if (l < 0) {
      // The star: every letter the trie allows here (a player's joker is one letter, so a
      // word passes over the star once; each cell is used once anyway).
      const m = mask[node]! & ALL_LETTERS;
      let k = first[node]!;
      for (let c = 0; c < 26; c++) {
        if (m & (1 << c)) {
          path[depth] = A + c;
          enter(cell, k++, depth + 1, c);
        }
      }
      return;
    }
    let n = child(node, l);
    if (n < 0) return;
    path[depth] = A + l;
    if (isQu[cell]) {
      path[depth + 1] = A + 20;
      n = child(n, 20 /* U */);
      if (n < 0) return;
      enter(cell, n, depth + 2, joker);
    } else enter(cell, n, depth + 1, joker);
  };

  if (trie.size > 0) for (let cell = 0; cell < cells; cell++) step(cell, 0, 0, -1);

  // The GM's house lists: accepted words the dictionary lacks are traced one by one.
  const extra = new Map<string, { plain: boolean; letters: string[] }>();
  if (house) {
    for (const word of house.accepted) {
      if (word.length < minLength || lexicon.indexOf(word) >= 0) continue;
      const options = jokerOptions(field, word);
      if (onFieldAtAll(options)) extra.set(word, { plain: options.plain, letters: options.letters });
    }
  }
  const out: FoundWord[] = [];
  const add = (word: string, lemmas: readonly string[], plain: boolean, letters: string[]) => {
    const v = house ? house.verdict(word) : null;
    if (v && (v.kind !== 'known' || v.formNotAllowed)) return; // rejected by the GM, or a form the game refuses
    out.push({ word, lemmas: v?.kind === 'known' ? v.lemmas : lemmas, plain, letters: plain ? [] : letters });
  };
  for (const [index, bits] of found) {
    const letters: string[] = [];
    for (let c = 0; c < 26; c++) if (bits & (1 << c)) letters.push(String.fromCharCode(A + c));
    add(spelled.get(index)!, lexicon.lemmasOfIndex(index), (bits & (1 << 26)) !== 0, letters);
  }
  for (const [word, e] of extra) add(word, [word], e.plain, e.letters);
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
