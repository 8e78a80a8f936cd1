import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { type HouseDecision, decideInHouse } from '../../rules/house-decisions.js';
import { readHouseLists, writeHouseLists } from '../../game/house-lists.js';
import { withLock } from '../../game/lock.js';
import { foldWord } from '../../rules/fold.js';
import { UserError } from '../../user-error.js';

interface JudgeArgs {
  dir: string;
  decision: HouseDecision;
  word: string[];
  lemma?: string | undefined;
}

const USAGE: Record<HouseDecision, string> = {
  accept: 'count the words',
  reject: 'do not count the words',
  same: 'the words are forms of one word: only one of them counts in an entry',
  different: 'the words are different words: each may count',
  lemma: 'set the lemma(s) of one word: judge lemma WORD LEMMA...',
};

export const judgeCommand = defineCommand<JudgeArgs>({
  command: 'judge <decision> <word..>',
  describe: 'decide words for this game, for every round scored from now on: accept, reject, same, different, lemma',
  builder: (y: Argv) =>
    y.positional('decision', { choices: Object.keys(USAGE), demandOption: true, describe: Object.entries(USAGE).map(([k, v]) => `${k}: ${v}`).join('; ') })
      .positional('word', { type: 'string', array: true, demandOption: true })
      .option('lemma', { type: 'string', describe: 'with accept or same: the lemma(s), comma-separated (default: the dictionary\'s, or the word itself)' })
      .example('$0 judge accept Emaille', 'count Emaille as a word')
      .example('$0 judge accept Polizeiautos --lemma Polizeiauto', 'accept a plural with its lemma')
      .example('$0 judge reject Dresdnerin', 'do not count a word the dictionary has')
      .example('$0 judge same Delfin Delphin', 'two spellings of one word: only one counts')
      .example('$0 judge different Bänke Banken', 'two words: both may count')
      .example('$0 judge lemma Wegen Weg wegen', 'WEGEN is a form of Weg and the preposition wegen'),
  handler: async (argv: JudgeArgs) => {
    const game = openGame(argv.dir);
    const language = game.settings.language;
    if (argv.lemma !== undefined && !['accept', 'same'].includes(argv.decision)) throw new UserError(`--lemma goes with judge accept or judge same (judge lemma WORD LEMMA... sets lemmas)`);
    const args = argv.word.map(String);
    const [head = '', ...rest] = args;
    const words = (argv.decision === 'lemma' ? [head] : args).map((w) => {
      const f = foldWord(w, language);
      if (!f) throw new UserError(`"${w}" is not a word (only letters)`);
      return f;
    });
    if ((argv.decision === 'same' || argv.decision === 'different') && words.length < 2) throw new UserError(`judge ${argv.decision} takes two or more words`);
    if (argv.decision === 'lemma' && rest.length === 0) throw new UserError('judge lemma takes a word and its lemma(s): judge lemma WORD LEMMA...');
    const lemmas = argv.decision === 'lemma' ? rest : argv.lemma ? argv.lemma.split(',').map((l) => l.trim()).filter(Boolean) : [];
    const lexicon = await game.lexicon();
    const report = await withLock(game.layout, async () => {
      const house = readHouseLists(game.layout.dir);
      const r = decideInHouse(house, lexicon, argv.decision, words, lemmas);
      writeHouseLists(game.layout.dir, house);
      return r;
    });
    process.stdout.write(report.map((l) => l + '\n').join('') + `kept in the game's dict/house-${argv.decision === 'reject' ? 'reject' : 'accept'}.txt for every round scored from now on\n`);
  },
});
