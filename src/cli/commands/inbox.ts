import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { openGame } from '../../game/game.js';
import { describeItem, inboxItems, markDone } from '../../game/inbox.js';
import { withLock } from '../../game/lock.js';
import { UserError } from '../../user-error.js';

interface InboxArgs {
  dir: string;
  action: 'list' | 'done' | 'show';
  ids?: string[];
  all: boolean;
  json: boolean;
  note?: string;
}

export const inboxCommand = defineCommand<InboxArgs>({
  command: 'inbox [action] [ids..]',
  describe: 'the GM inbox: mail refused, unreadable, not an entry, join requests; mark items handled',
  builder: (y: Argv) =>
    y.positional('action', { choices: ['list', 'done', 'show'] as const, default: 'list', describe: 'list (default), done ID… (mark handled), show ID (read the mail)' })
      .positional('ids', { type: 'string', array: true, describe: 'inbox ids as listed (a unique prefix of 4+ characters will do)' })
      .option('all', { type: 'boolean', default: false, describe: 'also handled items, robots\' mail and answered mail commands' })
      .option('note', { type: 'string', describe: 'done: a note kept with the mark (what you did)' })
      .option('json', { type: 'boolean', default: false, describe: 'machine-readable output' })
      .example('$0 inbox', 'what waits for the game master')
      .example('$0 inbox show 3f9a1c07e2', 'read one of them')
      .example('$0 inbox done 3f9a1c07e2 5b11 --note "answered by hand"', 'mark two handled'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const zone = game.settings.schedule.timezone;
    if (argv.action === 'done') {
      if (!argv.ids?.length) throw new UserError('inbox done needs the ids of the items (postboggle inbox)');
      await withLock(game.layout, async () => {
        const items = markDone(game.layout, argv.ids!, (argv.note ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim());
        process.stdout.write(items.map((i) => `${i.ref}: ${i.handled ? 'was handled already' : 'marked handled'}`).join('\n') + '\n');
      });
      return;
    }
    const all = inboxItems(game.layout);
    if (argv.action === 'show') {
      const ref = argv.ids?.[0]?.toLowerCase();
      if (!ref || ref.length < 4) throw new UserError('inbox show needs an inbox id of at least 4 characters (postboggle inbox)');
      const hits = all.filter((i) => i.record.id.startsWith(ref));
      if (hits.length === 0) throw new UserError(`there is no inbox item ${ref} (postboggle inbox --all)`);
      const item = hits[0]!;
      const path = join(game.layout.dir, item.record.source);
      process.stdout.write(`${describeItem(item, zone)}\n\n`);
      if (!existsSync(path)) throw new UserError(`the raw copy ${item.record.source} is missing`);
      if (item.record.kind === 'quarantined') { process.stdout.write(`(not read: open ${path} with care)\n`); return; }
      const { readMail } = await import('../../mail/incoming.js');
      const mail = await readMail(readFileSync(path));
      process.stdout.write(`From: ${mail.fromName ? `${mail.fromName} ` : ''}<${mail.fromAddress ?? ''}>\nSubject: ${mail.subject}\n\n${mail.text.slice(0, 20_000)}\n`);
      return;
    }
    const shown = argv.all ? all : all.filter((i) => i.needsGm && !i.handled);
    if (argv.json) {
      process.stdout.write(JSON.stringify(shown.map((i) => ({ ref: i.ref, round: i.round, handled: i.handled, needsGm: i.needsGm, ...i.record })), null, 2) + '\n');
      return;
    }
    if (shown.length === 0) {
      process.stdout.write(argv.all ? 'the inbox is empty\n' : 'nothing waits for the game master (postboggle inbox --all shows everything)\n');
      return;
    }
    process.stdout.write(shown.map((i) => describeItem(i, zone)).join('\n') + '\n');
  },
});
