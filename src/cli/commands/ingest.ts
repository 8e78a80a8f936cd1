import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DateTime } from 'luxon';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { type Game, openGame } from '../../game/game.js';
import { imapFeed, type IngestResult, type MailFeed, runIngest } from '../../game/ingest.js';
import { stdinMail } from '../ingest-client.js';
import { withLock } from '../../game/lock.js';
import { flushOutboxes } from '../../game/mailer.js';
import { allOutboxes } from '../../game/rounds.js';
import { UserError } from '../../user-error.js';
import { readAheadFor } from '../../game/read-pool.js';

/** Mails of a batch stored and handed to the readers ahead of the one being recorded. */
const READ_AHEAD = 32;

interface IngestArgs {
  dir: string;
  eml?: string[];
  maildir?: string;
  imap: boolean;
  receivedAt?: string;
}

function maildirFiles(dir: string): string[] {
  const files: string[] = [];
  for (const sub of ['new', 'cur']) {
    const d = join(dir, sub);
    if (existsSync(d)) for (const f of readdirSync(d).sort()) if (!f.startsWith('.') && statSync(join(d, f)).isFile()) files.push(join(d, f));
  }
  if (!existsSync(join(dir, 'new')) && !existsSync(join(dir, 'cur'))) throw new UserError(`${dir} is not a Maildir (no new/ or cur/)`);
  return files;
}

export function describeResult(dir: string, r: IngestResult): string {
  const o = r.outcome;
  const what = o.kind === 'entry' ? `entry for round ${o.round} from ${o.email}${o.replaced ? ' (replaces the earlier one)' : ''}`
    : o.kind === 'older' ? `an earlier entry from ${o.email} for round ${o.round}, arrived after a later one: kept in the history`
    : o.kind === 'not-an-entry' ? `not taken as an entry (${o.why}) from ${o.email} for round ${o.round}: kept for the GM, entry of record unchanged`
    : o.kind === 'duplicate' ? 'already ingested: nothing changed'
    : o.kind === 'refused' ? `refused (${o.reason}) from ${o.email ?? 'unknown sender'}`
    : o.kind === 'command' ? `mail command ${o.command.toUpperCase()} (${o.outcome}) from ${o.email ?? 'unknown sender'}${o.round !== null ? ` for round ${o.round}` : ''}: answered, not an entry`
    : o.kind === 'quarantined' ? `quarantined (${o.why}) from ${o.email ?? 'unknown sender'}: set aside unread for the GM`
    : `not answered (${o.why}) from ${o.email ?? 'unknown sender'}`;
  return `${relative(dir, r.file)}: ${what}${r.replied === 'held' ? ', receipt held back (rate limit) and sent later' : r.replied ? ', reply queued' : ''}`;
}

export const ingestCommand = defineCommand<IngestArgs>({
  command: 'ingest',
  describe: 'read entries (from .eml files, a Maildir, standard input or IMAP) and answer each',
  builder: (y: Argv) =>
    y.option('eml', { type: 'string', array: true, describe: '.eml files to read' })
      .option('maildir', { type: 'string', describe: 'a Maildir to read (new/ and cur/)' })
      .option('imap', { type: 'boolean', default: false, describe: 'fetch new mail from the IMAP server in postboggle.yaml' })
      .option('received-at', { type: 'string', describe: 'with --eml or stdin: when the mail arrived (ISO 8601); it wins over the mail\'s Received header' })
      .example('$0 ingest --eml mails/*.eml', 'read saved mails')
      .example('formail -s postboggle ingest --dir ~/boggle < mbox', 'one mail a call from standard input (procmail, fetchmail)'),
  handler: async (argv) => {
    let feedOf: (game: Game, receivedAt: Date | undefined) => MailFeed;
    let readAhead = false;
    if (argv.imap) feedOf = (game) => imapFeed(game);
    else if (argv.eml?.length || argv.maildir) {
      const files = [...(argv.eml ?? []), ...(argv.maildir ? maildirFiles(argv.maildir) : [])];
      // A batch is read a few mails ahead, in worker threads (src/game/read-pool.ts).
      readAhead = readAheadFor(files.length);
      feedOf = (_game, receivedAt) => async (handle) => {
        const window: Promise<unknown>[] = [];
        for (const f of files) {
          let raw: Buffer;
          try { raw = readFileSync(f); } catch { throw new UserError(`cannot read ${f}`); }
          window.push(handle(raw, { receivedAt }));
          if (window.length >= READ_AHEAD) await window.shift();
        }
        for (const w of window) await w;
      };
    } else {
      const raw = await stdinMail();
      feedOf = (_game, receivedAt) => async (handle) => { await handle(raw, { receivedAt }); };
    }
    for (const line of await ingestAndReply(argv.dir, argv.receivedAt, feedOf, { readAhead })) process.stdout.write(`${line}\n`);
  },
});

/** --received-at, read in the game's zone when it names no offset, as deadlines are. */
function receivedAtOf(game: Game, value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const dt = DateTime.fromISO(value.trim(), { zone: game.settings.schedule.timezone });
  if (!dt.isValid) throw new UserError(`--received-at "${value}" is not an ISO 8601 time (like 2026-11-29T17:55 or 2026-11-29T17:55:00+01:00)`);
  return dt.toJSDate();
}

/**
 * One ingest run on the game in dir, under its lock: reads the feed's mails, queues and sends
 * the replies. Returns the lines the ingest command prints (one a mail, then the summary);
 * also what a watch answers a mail handed to it over the game's socket.
 */
export async function ingestAndReply(dir: string, receivedAt: string | null | undefined, feedOf: (game: Game, receivedAt: Date | undefined) => MailFeed, opts: { readAhead?: boolean } = {}): Promise<string[]> {
  const game = openGame(dir);
  const feed = feedOf(game, receivedAtOf(game, receivedAt));
  const results = await withLock(game.layout, async () => {
    const out = await runIngest(game, feed, opts);
    const sent = await flushOutboxes(game, allOutboxes(game.layout));
    return { out, sent };
  });
  const s = results.sent;
  return [
    ...results.out.map((r) => describeResult(game.layout.dir, r)),
    `${results.out.length} message(s) read; ${s.sent} reply(ies) sent via ${game.settings.mail.transport}${s.held ? `, ${s.held} held back by the rate limit` : ''}${s.failed ? `, ${s.failed} failed (will be retried)` : ''}${s.rejected ? `, ${s.rejected} refused by the server` : ''}`,
  ];
}
