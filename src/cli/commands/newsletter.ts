import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { roundArg } from '../common-options.js';
import { now } from '../../game/clock.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { sendNewsletter, writeNewsletter } from '../../game/publish.js';
import { readRound, resolveRound, writeRound } from '../../game/rounds.js';
import { readResults } from '../../game/scoring.js';
import { createReadStream, existsSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { UserError } from '../../user-error.js';

interface NewsletterArgs {
  dir: string;
  round?: string;
  number?: string;
  send: boolean;
}

export const newsletterCommand = defineCommand<NewsletterArgs>({
  command: 'newsletter [round] [number]',
  describe: 'render a scored round\'s newsletter (saved as newsletter.txt/.html), --send it to every player, or approve it (newsletter approve N)',
  builder: (y: Argv) =>
    y.positional('round', { type: 'string', describe: 'round number (default: the latest), or "approve"' })
      .positional('number', { type: 'string', describe: 'with approve: the round number (default: the latest)' })
      .option('send', { type: 'boolean', default: false, describe: 'mail it to every player' })
      .example('$0 newsletter 3', 'read round 3\'s newsletter (nothing is sent)')
      .example('$0 newsletter 3 --send', 'mail round 3\'s results')
      .example('$0 newsletter approve 3', 'with newsletter.approval: true, release the newsletter tick holds, and send it'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const approve = argv.round === 'approve';
    if (!approve && argv.number !== undefined) throw new UserError(`newsletter takes one round number, not "${argv.number}"`);
    const round = resolveRound(game.layout, roundArg(approve ? argv.number : argv.round));
    if (round.state === 'void') throw new UserError(`round ${round.round} is void: it has no newsletter`);
    if (!existsSync(game.layout.results(round.round))) throw new UserError(`round ${round.round} is not scored yet (postboggle score ${round.round})`);
    const result = readResults(game.layout, round.round);
    if (approve) {
      const sent = await withLock(game.layout, async () => {
        const cur = readRound(game.layout, round.round);
        writeRound(game.layout, { ...cur, newsletterApprovedAt: cur.newsletterApprovedAt ?? now().toISOString() });
        return sendNewsletter(game, result);
      });
      process.stdout.write(`newsletter of round ${round.round} approved: ${sent.sent} sent via ${game.settings.mail.transport}${sent.failed ? `, ${sent.failed} failed (will be retried)` : ''}\n`);
      return;
    }
    const letter = await writeNewsletter(game, result);
    await printFile(letter.textFile);
    for (const w of letter.prepared.warnings) process.stderr.write(`postboggle: ${w}\n`);
    if (!argv.send) return;
    const sent = await withLock(game.layout, () => sendNewsletter(game, result, letter));
    process.stderr.write(`newsletter of round ${round.round}: ${sent.sent} sent via ${game.settings.mail.transport}${sent.failed ? `, ${sent.failed} failed (will be retried)` : ''}\n`);
  },
});

/**
 * The newsletter's text as written, to standard output: read from its file a piece at a
 * time (at 100,000 players it is some 70 MB, not to be held while the mails are made).
 */
async function printFile(file: string): Promise<void> {
  await pipeline(createReadStream(file), process.stdout, { end: false });
}
