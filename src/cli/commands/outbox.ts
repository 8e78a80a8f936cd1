import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { now } from '../../game/clock.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { flushOutboxes } from '../../game/mailer.js';
import { needsAttention, outboxListing, settleMessages } from '../../game/outbox-admin.js';
import { UserError } from '../../user-error.js';

interface OutboxArgs {
  dir: string;
  action: 'list' | 'resend' | 'confirm';
  ids?: string[];
  round?: string;
  all: boolean;
  json: boolean;
  reason?: string;
}

export const outboxCommand = defineCommand<OutboxArgs>({
  command: 'outbox [action] [ids..]',
  describe: 'outgoing mail: what is queued, held, unconfirmed or refused; send a message again or confirm it arrived',
  builder: (y: Argv) =>
    y.positional('action', { choices: ['list', 'resend', 'confirm'] as const, default: 'list', describe: 'list (default), resend ID… (send again), confirm ID… (it arrived)' })
      .positional('ids', { type: 'string', array: true, describe: 'message ids as listed' })
      .option('round', { type: 'string', describe: 'only this round\'s outbox (a number, or "unrouted")' })
      .option('all', { type: 'boolean', default: false, describe: 'list: also the messages sent or superseded' })
      .option('reason', { type: 'string', describe: 'resend/confirm: kept with the decision' })
      .option('json', { type: 'boolean', default: false, describe: 'machine-readable output' })
      .example('$0 outbox', 'what has not gone out')
      .example('$0 outbox resend announcement-3-ada@example.org', 'an unconfirmed message: send it again')
      .example('$0 outbox confirm receipt-3-5b11c0 --reason "the player has it"', 'an unconfirmed message: it arrived'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const round = argv.round === undefined ? undefined : /^\d+$/.test(argv.round) ? String(Number(argv.round)) : argv.round;
    if (argv.action !== 'list') {
      if (!argv.ids?.length) throw new UserError(`outbox ${argv.action} needs the ids of the messages (postboggle outbox lists them)`);
      await withLock(game.layout, async () => {
        const reason = argv.reason?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() || undefined;
        const { lines, dirs } = settleMessages(game.layout, argv.ids!, argv.action as 'resend' | 'confirm', now(), { round, reason });
        process.stdout.write(lines.join('\n') + '\n');
        if (argv.action === 'resend') {
          const s = await flushOutboxes(game, dirs);
          process.stdout.write(`${s.sent} sent via ${game.settings.mail.transport}${s.failed ? `, ${s.failed} failed (retried by the next command that sends)` : ''}${s.held ? `, ${s.held} held back by the rate limit` : ''}\n`);
        }
      });
      return;
    }
    const all = outboxListing(game.layout, round);
    const shown = argv.all ? all : all.filter(needsAttention);
    if (argv.json) {
      process.stdout.write(JSON.stringify(shown.map((l) => ({ round: l.round, ...l.record })), null, 2) + '\n');
      return;
    }
    if (shown.length === 0) {
      process.stdout.write(argv.all ? 'no mail in the outbox\n' : `everything has gone out (${all.length} message(s); postboggle outbox --all lists them)\n`);
      return;
    }
    const at = now().getTime();
    const what = (state: string, notBefore?: string, error?: string | null) =>
      state === 'queued' && notBefore && Date.parse(notBefore) > at ? `held until ${notBefore}`
        : state === 'unconfirmed' ? 'UNCONFIRMED: handed to the server, answer not read (resend or confirm)'
          : state === 'failed' ? `refused: ${error ?? ''}`
            : state === 'queued' && error ? `queued, last try failed: ${error}` : state;
    process.stdout.write(shown.map((l) => `round ${l.round}  ${l.record.id}  ${l.record.kind} to ${l.record.to}: ${what(l.record.state, l.record.notBefore, l.record.lastError)}`).join('\n') + '\n');
  },
});
