import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { readJsonIfExists } from '../../game/json-files.js';
import { withLock } from '../../game/lock.js';
import { sendNewsletter, writeNewsletter } from '../../game/publish.js';
import { resolveRound } from '../../game/rounds.js';
import type { RoundResult } from '../../rules/round-scoring.js';
import { UserError } from '../../user-error.js';

interface NewsletterArgs {
  dir: string;
  round?: number;
  send: boolean;
}

export const newsletterCommand = defineCommand<NewsletterArgs>({
  command: 'newsletter [round]',
  describe: 'render a scored round\'s newsletter (saved as newsletter.txt/.html), and --send it to every player',
  builder: (y: Argv) =>
    y.positional('round', { type: 'number', describe: 'round number (default: the latest)' })
      .option('send', { type: 'boolean', default: false, describe: 'mail it to every player' })
      .example('$0 newsletter 3 --send', 'mail round 3\'s results'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const round = resolveRound(game.layout, argv.round);
    const result = readJsonIfExists<RoundResult>(game.layout.results(round.round));
    if (!result) throw new UserError(`round ${round.round} is not scored yet (postboggle score ${round.round})`);
    const letter = await writeNewsletter(game, result);
    process.stdout.write(letter.text);
    for (const w of letter.prepared.warnings) process.stderr.write(`postboggle: ${w}\n`);
    if (!argv.send) return;
    const sent = await withLock(game.layout, () => sendNewsletter(game, result, letter));
    process.stderr.write(`newsletter of round ${round.round}: ${sent.sent} sent via ${game.settings.mail.transport}${sent.failed ? `, ${sent.failed} failed (will be retried)` : ''}\n`);
  },
});
