import type { Argv } from 'yargs';
import type { Language, ScoringScheme } from '../rules/types.js';
import type { Rules } from '../rules/types.js';
import { UserError } from '../user-error.js';

export const LANGUAGES: readonly Language[] = ['de', 'en', 'fr', 'it'];
export const SCHEMES: readonly ScoringScheme[] = ['letters', 'boggle', 'oldfashion', 'paroliere'];

export interface DictionaryArgs {
  dir: string;
  lang?: Language | undefined;
  words?: string | undefined;
  minLength?: number | undefined;
  scheme?: ScoringScheme | undefined;
  json: boolean;
}

/** Options shared by the commands that judge words (check, solve): they override the game's. */
export function withDictionaryOptions<T>(y: Argv<T>) {
  return y
    .option('lang', { choices: LANGUAGES, describe: 'dictionary language (default: the game\'s in a game directory, else de)' })
    .option('words', { type: 'string', describe: 'own word list: one form a line, optionally form<TAB>lemma[,lemma…]' })
    .option('min-length', { type: 'string', coerce: (v: unknown) => positiveIntArg('min-length')(v), describe: 'shortest word that counts (default: the game\'s, else 3)' })
    .option('scheme', { choices: SCHEMES, describe: 'scoring scheme (default: the game\'s, else letters)' })
    .option('json', { type: 'boolean', default: false, describe: 'machine-readable output' });
}

/** The rules for a word command: the game's (or the defaults) with the options given on top. */
export function rulesFrom(base: Rules, argv: { minLength?: number | undefined; scheme?: ScoringScheme | undefined }): Rules {
  return { ...base, ...(argv.minLength !== undefined ? { minLength: argv.minLength } : {}), ...(argv.scheme ? { scheme: argv.scheme } : {}) };
}

/**
 * A round number typed on the command line (yargs coerce): a whole number from 1, else one
 * clear line ("abc" would otherwise become NaN and "there is no round NaN").
 */
export function roundArg(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UserError(`"${text}" is not a round number (1, 2, 3 …)`);
  return Number(text);
}

/** A positive whole number typed for an option, named in the error. */
export function positiveIntArg(option: string) {
  return (value: unknown): number | undefined => {
    if (value === undefined) return undefined;
    const text = String(value).trim();
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new UserError(`--${option} "${text}" is not a whole number from 1 up`);
    return Number(text);
  };
}
