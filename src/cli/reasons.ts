import type { WordJudgement } from '../rules/judge.js';

/** A short English explanation of a rejection, for the terminal. */
export function describeReason(w: WordJudgement): string {
  switch (w.reason) {
    case 'too-short': return 'too short';
    case 'not-a-word': return 'not a word (only letters count)';
    case 'not-on-field': return 'cannot be traced on the field';
    case 'joker-conflict': return 'needs a different joker letter';
    case 'not-in-dictionary': return 'not in the dictionary';
    case 'pending-review': return 'not in the dictionary; awaits the game master\'s review';
    case 'same-lemma': return `another form of a word already counted (${(w.conflictsWith ?? []).join(', ')})`;
    case 'duplicate': return 'listed twice';
    case 'over-limit': return 'more words than an entry may have';
    default: return String(w.reason);
  }
}
