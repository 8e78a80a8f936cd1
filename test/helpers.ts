import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeVerdict } from '../src/rules/adjudication.js';
import { parseField } from '../src/rules/field.js';
import type { JudgeContext } from '../src/rules/judge.js';
import { parseWordList } from '../src/dict/word-list.js';
import { DEFAULT_RULES, type Rules } from '../src/rules/types.js';

export const SEED_FIELD = 'FERNC/BSREO/EM*RU/NLIGK/ZALEW';
export const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
export const seedLexicon = () => parseWordList(readFileSync(fixture('seed-words.txt'), 'utf8'), 'de').lexicon;

export function seedContext(rules: Partial<Rules> = {}): JudgeContext {
  return { field: parseField(SEED_FIELD), rules: { ...DEFAULT_RULES, ...rules }, verdict: makeVerdict(seedLexicon()) };
}
