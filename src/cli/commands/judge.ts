import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { readHouseLists, writeHouseLists } from '../../game/house-lists.js';
import { withLock } from '../../game/lock.js';
import { foldWord } from '../../rules/fold.js';
import { UserError } from '../../user-error.js';

interface JudgeArgs {
  dir: string;
  decision: 'accept' | 'reject';
  word: string[];
  lemma?: string | undefined;
}

export const judgeCommand = defineCommand<JudgeArgs>({
  command: 'judge <decision> <word..>',
  describe: 'accept or reject words for this game, for every round scored from now on',
  builder: (y: Argv) =>
    y.positional('decision', { choices: ['accept', 'reject'] as const, demandOption: true })
      .positional('word', { type: 'string', array: true, demandOption: true })
      .option('lemma', { type: 'string', describe: 'with accept: the lemma(s) of the words, comma-separated (default: the dictionary\'s, or the word itself)' })
      .example('$0 judge accept Emaille', 'count Emaille as a word')
      .example('$0 judge accept Polizeiautos --lemma Polizeiauto', 'accept a plural with its lemma')
      .example('$0 judge reject Dresdnerin', 'do not count a word the dictionary has'),
  handler: async (argv: JudgeArgs) => {
    const game = openGame(argv.dir);
    if (argv.lemma !== undefined && argv.decision === 'reject') throw new UserError('--lemma goes with judge accept');
    const words = argv.word.map(String).map((w) => {
      const f = foldWord(w, game.settings.language);
      if (!f) throw new UserError(`"${w}" is not a word (only letters)`);
      return f;
    });
    const lemmas = argv.lemma ? argv.lemma.split(',').map((l) => l.trim()).filter(Boolean) : [];
    await withLock(game.layout, async () => {
      const house = readHouseLists(game.layout.dir);
      for (const w of words) {
        if (argv.decision === 'accept') {
          house.reject.delete(w);
          house.accept.set(w, lemmas);
        } else {
          house.accept.delete(w);
          house.reject.add(w);
        }
      }
      writeHouseLists(game.layout.dir, house);
    });
    const how = argv.decision === 'accept' ? `accepted${lemmas.length ? ` (lemma ${lemmas.join(', ')})` : ''}` : 'rejected';
    process.stdout.write(`${how}: ${words.join(', ')}; kept in dict/house-${argv.decision}.txt for every round scored from now on\n`);
  },
});
