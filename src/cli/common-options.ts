import type { Argv } from 'yargs';
import type { Language, ScoringScheme } from '../rules/types.js';
import { DEFAULT_RULES, type Rules } from '../rules/types.js';

export const LANGUAGES: readonly Language[] = ['de', 'en', 'fr', 'it'];
export const SCHEMES: readonly ScoringScheme[] = ['letters', 'boggle', 'oldfashion', 'paroliere'];

export interface DictionaryArgs {
  lang: Language;
  words?: string | undefined;
  minLength: number;
  scheme: ScoringScheme;
  json: boolean;
}

/** Options shared by the commands that judge words without a game directory. */
export function withDictionaryOptions<T>(y: Argv<T>) {
  return y
    .option('lang', { choices: LANGUAGES, default: 'de' as Language, describe: 'dictionary language' })
    .option('words', { type: 'string', describe: 'own word list: one form a line, optionally form<TAB>lemma[,lemma…]' })
    .option('min-length', { type: 'number', default: DEFAULT_RULES.minLength, describe: 'shortest word that counts' })
    .option('scheme', { choices: SCHEMES, default: DEFAULT_RULES.scheme, describe: 'scoring scheme' })
    .option('json', { type: 'boolean', default: false, describe: 'machine-readable output' });
}

export function rulesFrom(argv: { lang: Language; minLength: number; scheme: ScoringScheme }): Rules {
  return { ...DEFAULT_RULES, language: argv.lang, minLength: argv.minLength, scheme: argv.scheme };
}
