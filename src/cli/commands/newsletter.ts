import { writeFileSync } from 'node:fs';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { now } from '../../game/clock.js';
import { openGame } from '../../game/game.js';
import { readJsonIfExists } from '../../game/json-files.js';
import { withLock } from '../../game/lock.js';
import { flushOutboxes, queueMail } from '../../game/mailer.js';
import { newsletterData, renderNewsletter } from '../../game/newsletter.js';
import { resolveRound, writeRound } from '../../game/rounds.js';
import { Outbox } from '../../mail/outbox.js';
import type { RoundResult } from '../../rules/round-scoring.js';
import { UserError } from '../errors.js';

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
    const letter = await renderNewsletter(game, result);
    writeFileSync(game.layout.newsletter(round.round, 'txt'), letter.text);
    if (letter.html) writeFileSync(game.layout.newsletter(round.round, 'html'), letter.html);
    process.stdout.write(letter.text);
    if (!argv.send) return;
    const sent = await withLock(game.layout, async () => {
      const outbox = new Outbox(game.layout.outbox(round.round));
      const data = await newsletterData(game, result);
      for (const p of game.settings.players) {
        await queueMail(game, outbox, { id: `newsletter-${round.round}-${p.email}`, kind: 'newsletter', to: { name: p.name, address: p.email }, template: 'newsletter', data: { ...data, name: p.name } });
      }
      const r = await flushOutboxes(game, [game.layout.outbox(round.round)]);
      writeRound(game.layout, { ...resolveRound(game.layout, round.round), newsletterSentAt: now().toISOString() });
      return r;
    });
    process.stderr.write(`newsletter of round ${round.round}: ${sent.sent} sent via ${game.settings.mail.transport}${sent.failed ? `, ${sent.failed} failed (will be retried)` : ''}\n`);
  },
});
