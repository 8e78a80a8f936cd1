import { resolve } from 'node:path';
import type { VerdictFn } from '../rules/adjudication.js';
import type { FoundWord } from '../rules/solver.js';
import type { Field } from '../rules/types.js';
import type { JudgeContext } from '../rules/judge.js';
import type { Lexicon } from '../rules/lexicon.js';
import { DEFAULT_RULES, type Rules } from '../rules/types.js';
import { gameLayout, type GameLayout } from './layout.js';
import type { RoundRecord } from './rounds.js';
import type { Settings } from './settings.js';
import { loadSettings } from './settings-cache.js';

// Opening a game reads its settings only. The dictionary, the house lists and the judge
// (with the dictionary's build code, write-file-atomic, node:crypto behind them: about a
// third of Node's own start) are loaded when a command first asks for them, so that
// `entries`, `round show` or `ranking` do not pay for them.
const judging = () => Promise.all([
  import('../rules/adjudication.js'), import('./house-lists.js'), import('../rules/field.js'),
]).then(([adjudication, house, field]) => ({ ...adjudication, ...house, ...field }));

export interface Game {
  layout: GameLayout;
  settings: Settings;
  rules: Rules;
  lexicon(): Promise<Lexicon>;
  /** The dictionary with the GM's house lists applied, read fresh. */
  verdict(): Promise<VerdictFn>;
  judgeContext(round: RoundRecord, rejectPending?: boolean): Promise<JudgeContext>;
  /** Every word of a field as this game judges them (its dictionary and house lists). */
  solve(field: Field, minLength?: number): Promise<FoundWord[]>;
}

export function rulesOf(settings: Settings): Rules {
  const r = settings.rules;
  return {
    ...DEFAULT_RULES,
    language: settings.language,
    scheme: r.scheme,
    originality: r.originality,
    uniqueOnly: r.uniqueOnly,
    minLength: r.minLength,
    wordsPerEntry: r.wordsPerEntry,
    substitutesPerEntry: r.substitutesPerEntry,
    words: r.words,
    noPlurals: r.noPlurals,
  };
}

/** Opens the game in a directory (its postboggle.yaml validated). */
export function openGame(dir: string): Game {
  const layout = gameLayout(resolve(dir));
  const settings = loadSettings(layout.settings);
  const rules = rulesOf(settings);
  let lexicon: Promise<Lexicon> | undefined;
  const game: Game = {
    layout, settings, rules,
    lexicon: () => (lexicon ??= settings.dictionary.file
      ? import('../dict/word-list.js').then(({ loadWordList }) => loadWordList(resolve(layout.dir, settings.dictionary.file!), settings.language).lexicon)
      : import('../dict/resolve.js').then(({ loadDictionary }) => loadDictionary(settings.language))),
    verdict: async () => {
      const { makeVerdict, readHouseLists } = await judging();
      return makeVerdict(await game.lexicon(), readHouseLists(layout.dir), rules);
    },
    judgeContext: async (round, rejectPending = false) => {
      const lexicon = await game.lexicon();
      const { makeVerdict, readHouseLists, houseListsHash, parseField } = await judging();
      const house = readHouseLists(layout.dir);
      return { field: parseField(round.field), rules, verdict: makeVerdict(lexicon, house, rules), rejectPending, dictionary: { ...lexicon.identity, house: houseListsHash(house) } };
    },
    solve: async (field, minLength = rules.minLength) => {
      const lexicon = await game.lexicon();
      const [{ makeVerdict, readHouseLists }, { solveField }] = await Promise.all([judging(), import('../rules/solver.js')]);
      const house = readHouseLists(layout.dir);
      return solveField(field, lexicon, minLength, { verdict: makeVerdict(lexicon, house, rules), accepted: house.accept.keys() });
    },
  };
  return game;
}
