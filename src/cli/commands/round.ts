import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { roundArg } from '../common-options.js';
import { now } from '../../game/clock.js';
import { formatDeadline, isLate } from '../../game/deadline.js';
import { deadlineText } from '../../game/deadline-texts.js';
import { openGame } from '../../game/game.js';
import { withLock } from '../../game/lock.js';
import { roundStatus, missingPlayers } from '../../game/round-status.js';
import { readEntries, readRounds, resolveRound } from '../../game/rounds.js';
import { parseField, printField } from '../../rules/field.js';
import { templateLang } from '../../templates/i18n.js';
import { UserError } from '../../user-error.js';
import { timesInZone } from '../times-in-zone.js';

interface RoundArgs {
  dir: string;
  action: 'new' | 'show' | 'publish' | 'list' | 'void' | 'deadline';
  round?: number;
  when?: string;
  seed?: string;
  field?: string;
  deadline?: string;
  duration?: string;
  notify: boolean;
  force: boolean;
  reason?: string;
  json: boolean;
}

export const roundCommand = defineCommand<RoundArgs>({
  command: 'round <action> [round] [when]',
  describe: 'open a new round, list, show or publish rounds, move a deadline, void a round',
  builder: (y: Argv) =>
    y.positional('action', { choices: ['new', 'show', 'publish', 'list', 'void', 'deadline'] as const, demandOption: true })
      .positional('round', { type: 'string', coerce: roundArg, describe: 'round number for show/publish/void/deadline (default: the latest)' })
      .positional('when', { type: 'string', describe: 'deadline: the new deadline (ISO 8601, read in the game\'s zone) or +DURATION (+P2D, +PT6H, +2d, +6h)' })
      .option('seed', { type: 'string', describe: 'new: roll the field from this seed (reproducible)' })
      .option('field', { type: 'string', describe: 'new: use this field (text notation) instead of rolling' })
      .option('deadline', { type: 'string', describe: 'new: deadline, ISO 8601 (read in the game\'s zone)' })
      .option('duration', { type: 'string', describe: 'new: deadline this long from now, ISO 8601 (default: schedule.every, else schedule.duration)' })
      .option('notify', { type: 'boolean', default: false, describe: 'deadline: mail every player the new deadline' })
      .option('force', { type: 'boolean', default: false, describe: 'deadline: allow a deadline in the past (closes the round at the next tick)' })
      .option('reason', { type: 'string', describe: 'void: why, kept in round.json' })
      .option('json', { type: 'boolean', default: false })
      .conflicts('deadline', 'duration')
      .conflicts('seed', 'field')
      .example('$0 round new --seed 2026-12 --duration P7D', 'roll round fields reproducibly, one week to play')
      .example('$0 round list', 'every round: state, deadline, entries')
      .example('$0 round show 3', 'field with coordinates, deadline, entries so far, who is missing')
      .example('$0 round publish', 'mail the latest round to every player (again after a deadline change: the new deadline)')
      .example('$0 round deadline 3 +2d --notify', 'two more days for round 3, and tell the players')
      .example('$0 round deadline 3 2026-12-06T20:00', 'a new deadline for round 3 (in the game\'s zone)')
      .example('$0 round void 3 --reason "field had no vowels"', 'cancel round 3: no score, the ranking skips it'),
  handler: async (argv) => {
    const game = openGame(argv.dir);
    const lang = templateLang(game.settings.language);
    const zone = game.settings.schedule.timezone;
    const out = (text: string) => process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    if (argv.action !== 'deadline' && argv.when !== undefined) throw new UserError(`round ${argv.action} takes no "${argv.when}"`);
    if (argv.action === 'new') {
      if (argv.round !== undefined) throw new UserError('round new takes no round number: it opens the next one');
      const { newRound } = await import('../../game/new-round.js');
      const r = await withLock(game.layout, () => newRound(game, argv));
      if (argv.json) out(JSON.stringify(r, null, 2));
      else out(`round ${r.round} is open until ${formatDeadline(r.deadline, zone, lang)}\n\n${printField(parseField(r.field))}\n\nnext: postboggle round publish`);
      return;
    }
    if (argv.action === 'list') {
      const rounds = readRounds(game.layout).map((r) => ({ round: r.round, status: roundStatus(game, r), state: r.state, deadline: r.deadline, published: Boolean(r.publishedAt), entries: readEntries(game.layout, r.round).entries.length }));
      if (argv.json) { out(JSON.stringify(rounds, null, 2)); return; }
      if (rounds.length === 0) { out('no rounds yet (postboggle round new)'); return; }
      const when = timesInZone(rounds.map((r) => r.deadline), zone, 'yyyy-LL-dd HH:mm ZZ');
      out(rounds.map((r, i) => `${String(r.round).padStart(3)}  ${when[i]}  ${String(r.entries).padStart(3)} entr${r.entries === 1 ? 'y ' : 'ies'}  ${r.status}`).join('\n'));
      return;
    }
    const r = resolveRound(game.layout, argv.round);
    if (argv.action === 'show') {
      const entries = readEntries(game.layout, r.round).entries;
      const missing = missingPlayers(game, r.round, entries);
      const status = roundStatus(game, r);
      if (argv.json) {
        out(JSON.stringify({ ...r, status, entries: entries.map((e) => ({ email: e.email, name: e.name, receivedAt: e.receivedAt })), missing }, null, 2));
        return;
      }
      const received = timesInZone(entries.map((e) => e.receivedAt), zone, 'dd.LL. HH:mm');
      const lines = [`round ${r.round} (${status})${r.seed ? `, seed ${r.seed} on ${r.dice}` : ''}`, '', printField(parseField(r.field)), '',
        `deadline: ${deadlineText(game.layout, r.deadline, zone, lang)}`,
        `entries so far: ${entries.length}${entries.length ? ` (${entries.map((e, i) => `${e.name} ${received[i]}`).join(', ')}; times in ${zone})` : ''}`];
      if (r.state !== 'void') lines.push(`missing: ${missing.length ? missing.map((p) => `${p.name} <${p.email}>`).join(', ') : 'nobody'}`);
      if (r.voided) lines.push(`void since ${r.voided.at}${r.voided.reason ? `: ${r.voided.reason}` : ''}`);
      out(lines.join('\n'));
      return;
    }
    if (argv.action === 'void') {
      const { voidRound } = await import('../../game/round-admin.js');
      const v = await withLock(game.layout, async () => voidRound(game, r, argv.reason ?? ''));
      out(`round ${r.round} is void: not scored, the ranking skips it, no newsletter${v.hadResults ? ' (its results.json is kept for the record)' : ''}`);
      return;
    }
    if (argv.action === 'deadline') {
      if (!argv.when) throw new UserError('round deadline needs the new deadline: a time (2026-12-06T20:00) or +DURATION (+2d, +P2D, +PT6H)');
      const { moveDeadline } = await import('../../game/round-admin.js');
      const moved = await withLock(game.layout, () => moveDeadline(game, r, argv.when!, { force: argv.force, notify: argv.notify }));
      out(`round ${r.round}: deadline ${formatDeadline(moved.deadline, zone, lang)} (was ${formatDeadline(moved.previous, zone, lang)})${moved.reopened ? '; the round is open again' : ''}`
        + (argv.notify ? `\n${moved.queued} player(s) told, ${moved.sent} sent via ${game.settings.mail.transport}` : r.publishedAt ? `\nplayers were not told: pass --notify, or postboggle round publish ${r.round} to mail the announcement with the new deadline` : ''));
      return;
    }
    // publish
    if (game.settings.players.length === 0) throw new UserError('there are no players to publish to (postboggle player add EMAIL NAME)');
    // Publishing again what was announced only retries unsent mail; a deadline already past is not announced anew.
    const announced = Boolean(r.publishedAt) && (r.announcedDeadlines?.includes(r.deadline) ?? true);
    if (r.state === 'scored' || r.state === 'void' || (!announced && (r.state !== 'open' || isLate(now(), r.deadline, game.settings.schedule.grace)))) {
      throw new UserError(`round ${r.round} is ${r.state === 'open' ? 'past its deadline' : r.state}: there is nothing to announce${r.state === 'scored' || r.state === 'void' ? '' : ` (give it a new deadline first: postboggle round deadline ${r.round} +P3D)`}`);
    }
    const { publishRound } = await import('../../game/publish.js'); // the mail libraries: only to publish
    const result = await withLock(game.layout, () => publishRound(game, r));
    out(`round ${r.round}: ${result.queued} announcement(s) queued, ${result.sent} sent${result.failed ? `, ${result.failed} failed (will be retried)` : ''} via ${game.settings.mail.transport}`);
  },
});
