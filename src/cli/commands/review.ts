import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { roundArg } from '../common-options.js';
import { openGame } from '../../game/game.js';
import { pendingWords } from '../../game/review.js';
import { readEntries, resolveRound } from '../../game/rounds.js';

interface ReviewArgs {
  dir: string;
  round?: number | undefined;
  json: boolean;
}

export const reviewCommand = defineCommand<ReviewArgs>({
  command: 'review [round]',
  describe: 'list the words of a round awaiting your decision, with who sent them',
  builder: (y: Argv) =>
    y.positional('round', { type: 'string', coerce: roundArg, describe: 'round number (default: the latest)' })
      .option('json', { type: 'boolean', default: false })
      .example('$0 review 3', 'words of round 3 not in the dictionary'),
  handler: async (argv: ReviewArgs) => {
    const game = openGame(argv.dir);
    const round = resolveRound(game.layout, argv.round);
    const pending = pendingWords(readEntries(game.layout, round.round).entries, await game.judgeContext(round));
    if (argv.json) {
      process.stdout.write(JSON.stringify({ round: round.round, pending }, null, 2) + '\n');
      return;
    }
    if (pending.length === 0) {
      process.stdout.write(`round ${round.round}: no words await review\n`);
      return;
    }
    const lines = [`round ${round.round}: ${pending.length} word(s) await review (postboggle judge accept|reject WORD...)`];
    for (const p of pending) lines.push(`  ${p.word.padEnd(16)} ${p.senders.map((s) => `${s.name} <${s.email}>`).join(', ')}`);
    process.stdout.write(lines.join('\n') + '\n');
  },
});
