import type { RoundResult } from './round-scoring.js';
import type { FoundWord } from './solver.js';

export interface RoundStats {
  entries: number;
  /** Counted words in all entries, and how many different ones. */
  countedWords: number;
  distinctWords: number;
  /** The longest counted word(s): folded form, and who counted it (emails in rank order). */
  longest: { words: { word: string; by: string[] }[]; length: number } | null;
  /** The player(s) with the most originality points. */
  mostOriginal: { emails: string[]; points: number } | null;
  /** Words on the field (any joker letter) that no player counted, longest first. */
  missed: { count: number; longest: string[] };
  /** Words on the field in all (every joker letter). */
  onField: number;
}

/** Statistics of a scored round, against the words the solver found on its field. Pure. */
export function roundStats(result: RoundResult, found: readonly FoundWord[], missedShown = 10): RoundStats {
  const counted = new Map<string, string[]>();
  let countedWords = 0;
  for (const p of result.players) {
    for (const w of p.words) {
      if (w.status !== 'counted' || !w.word) continue;
      countedWords++;
      const by = counted.get(w.word) ?? [];
      by.push(p.email);
      counted.set(w.word, by);
    }
  }
  const maxLen = Math.max(0, ...[...counted.keys()].map((w) => w.length));
  const longestWords = [...counted.entries()].filter(([w]) => w.length === maxLen).sort(([a], [b]) => (a < b ? -1 : 1)).map(([word, by]) => ({ word, by }));
  const maxOrig = Math.max(0, ...result.players.map((p) => p.originalityPoints));
  const missed = found.filter((w) => !counted.has(w.word)).sort((a, b) => b.word.length - a.word.length || (a.word < b.word ? -1 : 1));
  return {
    entries: result.players.length,
    countedWords,
    distinctWords: counted.size,
    longest: maxLen > 0 ? { words: longestWords, length: maxLen } : null,
    // Everyone tied is no distinction.
    mostOriginal: maxOrig > 0 && (result.players.length === 1 || result.players.some((p) => p.originalityPoints !== maxOrig)) ? { emails: result.players.filter((p) => p.originalityPoints === maxOrig).map((p) => p.email), points: maxOrig } : null,
    missed: { count: missed.length, longest: missed.slice(0, missedShown).map((w) => w.word) },
    onField: found.length,
  };
}
