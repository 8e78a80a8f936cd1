import { existsSync, readFileSync } from 'node:fs';
import { LemmaMatcher } from '../rules/lemma-matching.js';
import { lemmaText } from '../rules/lemma.js';
import { foldWord } from '../rules/fold.js';
import type { Lexicon } from '../rules/lexicon.js';
import type { Language } from '../rules/types.js';

// A dictionary measured against a referee's judgement (test/eval/dict/<lang>-words.tsv and
// <lang>-pairs.tsv): how many valid words it knows, how many invalid ones it lets through,
// and how many word pairs it groups as the referee does. A pair is "same" when the two words
// cannot be given distinct lemmas (the rule of SPEC 1, checked with the same bipartite
// matching the scorer uses), "different" when they can.

export interface WordRow { word: string; valid: boolean; category: string; note: string; line: number; refereeLemmas?: readonly string[] }
export interface PairRow { a: string; b: string; same: boolean; category: string; note: string; line: number }

export interface WordResult extends WordRow {
  folded: string | null;
  known: boolean;
  lemmas: readonly string[];
  /** A valid word with the referee's lemmas, known: whether the dictionary gives it every one of them. */
  lemmasAgree?: boolean;
}
export interface PairResult extends PairRow { lemmasA: readonly string[] | undefined; lemmasB: readonly string[] | undefined; judgedSame: boolean; right: boolean }

export interface Evaluation {
  language: Language;
  words: WordResult[];
  pairs: PairResult[];
  /** Valid words known / valid words. */
  recall: { hit: number; of: number };
  /** Invalid words known / invalid words. */
  invalidAccepted: { hit: number; of: number };
  /** Pairs judged as the referee did / pairs. */
  pairAccuracy: { hit: number; of: number };
  /** Invalid words known / words known: of what the dictionary accepts, the share a referee refuses. */
  acceptedInvalid: { hit: number; of: number };
  /** Known valid words with the referee's lemmas that get every one of them / such words. */
  lemmaAgreement: { hit: number; of: number };
}

/** The rows of a referee list: tab-separated, `#` lines are comments, a bad row fails with its line. */
function rows(file: string, verdicts: readonly [string, string]): { cells: string[]; yes: boolean; line: number }[] {
  const out: { cells: string[]; yes: boolean; line: number }[] = [];
  readFileSync(file, 'utf8').split(/\r?\n/).forEach((text, i) => {
    if (!text.trim() || text.startsWith('#')) return;
    const cells = text.split('\t').map((c) => c.trim());
    const verdictAt = cells.findIndex((c) => c === verdicts[0] || c === verdicts[1]);
    if (verdictAt < 1) throw new Error(`${file} line ${i + 1}: no ${verdicts.join('|')} column`);
    out.push({ cells, yes: cells[verdictAt] === verdicts[0], line: i + 1 });
  });
  return out;
}

export function readWordList(file: string): WordRow[] {
  return rows(file, ['valid', 'invalid']).map(({ cells, yes, line }) => ({ word: cells[0]!, valid: yes, category: cells[2] ?? '', note: cells[3] ?? '', line }));
}

/**
 * A field sample (test/eval/dict/<lang>-fields.tsv): words as a field offers them, judged by a
 * referee with the lemmas of each valid one: word, valid|invalid, lemmas (comma-separated), note.
 */
export function readFieldSample(file: string): WordRow[] {
  return rows(file, ['valid', 'invalid']).map(({ cells, yes, line }) => {
    const refereeLemmas = (cells[2] ?? '').split(',').map((l) => l.trim()).filter(Boolean);
    return { word: cells[0]!, valid: yes, category: 'field-sample', note: cells[3] ?? '', line, ...(yes ? { refereeLemmas } : {}) };
  });
}

/** A lemma as compared with the referee's: its text (no homonym's number, Ort¹, nor a class, eben (adjective)), folded. */
function lemmaKey(lemma: string, language: Language): string {
  const text = lemmaText(lemma);
  return foldWord(text, language) ?? text.toUpperCase();
}

export function readPairList(file: string): PairRow[] {
  return rows(file, ['same', 'different']).map(({ cells, yes, line }) => ({ a: cells[0]!, b: cells[1]!, same: yes, category: cells[3] ?? '', note: cells[4] ?? '', line }));
}

/** Whether a dictionary lets the two words count together (false = one of them is `same-lemma` or a duplicate). */
export function canCountBoth(lexicon: Lexicon, a: string, b: string, language: Language): boolean {
  const fa = foldWord(a, language), fb = foldWord(b, language);
  if (fa === null || fb === null) return true;
  if (fa === fb) return false;
  const la = lexicon.lemmas(fa), lb = lexicon.lemmas(fb);
  if (!la || !lb) return true;
  const m = new LemmaMatcher();
  return m.add(la) && m.add(lb);
}

export function evaluate(lexicon: Lexicon, language: Language, words: WordRow[], pairs: PairRow[]): Evaluation {
  const wordResults = words.map((w): WordResult => {
    const folded = foldWord(w.word, language);
    const lemmas = folded ? lexicon.lemmas(folded) : undefined;
    const result: WordResult = { ...w, folded, known: lemmas !== undefined, lemmas: lemmas ?? [] };
    if (lemmas && w.valid && w.refereeLemmas?.length) {
      const ours = new Set(lemmas.map((l) => lemmaKey(l, language)));
      result.lemmasAgree = w.refereeLemmas.every((l) => ours.has(lemmaKey(l, language)));
    }
    return result;
  });
  const pairResults = pairs.map((p): PairResult => {
    const fa = foldWord(p.a, language), fb = foldWord(p.b, language);
    const lemmasA = fa ? lexicon.lemmas(fa) : undefined, lemmasB = fb ? lexicon.lemmas(fb) : undefined;
    // A pair with a word the dictionary does not know is wrong either way: the referee
    // judged two words, the dictionary cannot group what it does not have.
    const judgedSame = !canCountBoth(lexicon, p.a, p.b, language);
    const right = (fa === fb || (lemmasA !== undefined && lemmasB !== undefined)) && judgedSame === p.same;
    return { ...p, lemmasA, lemmasB, judgedSame, right };
  });
  const count = <T>(list: T[], pick: (x: T) => boolean, hit: (x: T) => boolean) => {
    const chosen = list.filter(pick);
    return { hit: chosen.filter(hit).length, of: chosen.length };
  };
  return {
    language, words: wordResults, pairs: pairResults,
    recall: count(wordResults, (w) => w.valid, (w) => w.known),
    invalidAccepted: count(wordResults, (w) => !w.valid, (w) => w.known),
    pairAccuracy: count(pairResults, () => true, (p) => p.right),
    acceptedInvalid: count(wordResults, (w) => w.known, (w) => !w.valid),
    lemmaAgreement: count(wordResults, (w) => w.lemmasAgree !== undefined, (w) => w.lemmasAgree === true),
  };
}

/** The referee lists of a language in a folder, or null when it has none. */
export function evalFiles(dir: string, language: Language): { words: string | null; pairs: string | null; fields: string | null } | null {
  const there = (file: string) => (existsSync(file) ? file : null);
  const words = there(`${dir}/${language}-words.tsv`), pairs = there(`${dir}/${language}-pairs.tsv`), fields = there(`${dir}/${language}-fields.tsv`);
  return words || pairs || fields ? { words, pairs, fields } : null;
}
