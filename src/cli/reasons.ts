import type { WordJudgement } from '../rules/judge.js';
import { reasonWithConflicts } from '../templates/i18n.js';

/** A rejection explained for the terminal, in English. */
export const describeReason = (w: WordJudgement): string => reasonWithConflicts('en', w);
