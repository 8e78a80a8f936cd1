import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { resolveLexicon } from '../dict/resolve.js';
import { makeVerdict, NO_HOUSE_LISTS, type HouseLists, type VerdictFn } from '../rules/adjudication.js';
import type { Lexicon } from '../rules/lexicon.js';
import { DEFAULT_RULES, type Language, type Rules } from '../rules/types.js';
import { gameLayout } from '../game/layout.js';

export interface DictionaryContext {
  language: Language;
  lexicon: Lexicon;
  house: HouseLists;
  verdict: VerdictFn;
  /** The game's rules when the command runs in a game directory, else the defaults. */
  rules: Rules;
  /** The game directory whose dictionary and house lists are used, if any. */
  gameDir: string | null;
}

/**
 * The dictionary a word command (check, solve, dict show) judges with: inside a game
 * directory the game's (its language, its own word list, its house lists, its rules), else
 * the built dictionary of --lang (German by default). --lang and --words override the game.
 */
export async function dictionaryContext(argv: { dir: string; lang?: Language | undefined; words?: string | undefined }): Promise<DictionaryContext> {
  const dir = resolve(argv.dir);
  if (existsSync(gameLayout(dir).settings)) {
    // The game's modules (settings, house lists, hashing) are loaded only inside a game.
    const [{ openGame }, { readHouseLists }] = await Promise.all([import('../game/game.js'), import('../game/house-lists.js')]);
    const game = openGame(dir);
    const language = argv.lang ?? game.settings.language;
    const ownDictionary = language === game.settings.language && !argv.words;
    const lexicon = ownDictionary ? await game.lexicon() : await resolveLexicon({ lang: language, words: argv.words });
    const house = ownDictionary ? readHouseLists(dir) : NO_HOUSE_LISTS;
    return { language, lexicon, house, verdict: makeVerdict(lexicon, house, game.rules), rules: { ...game.rules, language }, gameDir: dir };
  }
  const language = argv.lang ?? DEFAULT_RULES.language;
  const lexicon = await resolveLexicon({ lang: language, words: argv.words });
  return { language, lexicon, house: NO_HOUSE_LISTS, verdict: makeVerdict(lexicon), rules: { ...DEFAULT_RULES, language }, gameDir: null };
}
