import { awaitingReview, type JudgeContext } from '../rules/judge.js';
import type { StoredEntry } from './rounds.js';

export interface PendingWord {
  word: string;
  /** How the players typed it, and who. */
  senders: { email: string; name: string; input: string }[];
}

/**
 * Words of a round awaiting the GM's review: on the field, otherwise valid, not in the
 * dictionary and not yet judged. Pure: the entries and the judge context come in.
 */
export function pendingWords(entries: readonly StoredEntry[], ctx: JudgeContext): PendingWord[] {
  const byWord = new Map<string, PendingWord>();
  for (const e of entries) {
    for (const a of awaitingReview(e, ctx)) {
      let p = byWord.get(a.word!);
      if (!p) byWord.set(a.word!, (p = { word: a.word!, senders: [] }));
      p.senders.push({ email: e.email, name: e.name, input: a.input });
    }
  }
  return [...byWord.values()].sort((a, b) => (a.word < b.word ? -1 : 1));
}
