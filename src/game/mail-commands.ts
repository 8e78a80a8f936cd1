import { DateTime } from 'luxon';
import type { MailCommand } from '../parse/mail-command.js';
import { templateLang } from '../templates/i18n.js';
import { fieldView } from '../templates/field-view.js';
import { now } from './clock.js';
import { formatDeadline } from './deadline.js';
import type { Game } from './game.js';
import { editPlayers, isPaused, parseDay, playerIndex, type PlayerSettings } from './players.js';
import type { EntryRecord } from './round-journal.js';
import type { RoundRecord } from './rounds.js';
import { gameRanking } from './scoring.js';

// What a player's mail command does and what its answer says (docs/players.md). The
// answer goes to the player's registered address only; a stranger may only ask to join,
// and is answered with a fixed text that quotes nothing of the mail.

/** "bis 24.12.", "until 2026-12-24", "jusqu'au 24/12", "fino al 24.12.2026" → the date part. */
const UNTIL = /^(?:bis(?:\s+zum)?|until|till|to|jusqu'?au|jusqu’au|au|fino\s+al|al)\s+/i;

/** The outcome of a command, recorded in the journal and told in the answer. */
export type CommandOutcome = 'answered' | 'paused' | 'bad-date' | 'resigned' | 'resign-requested' | 'join-requested' | 'already-player' | 'needs-code';

/**
 * Carries out PAUSE and ABMELDEN/RESIGN on postboggle.yaml (the other commands only
 * answer). A state-changing command from a player with a code needs the code; RESIGN from
 * a player without one goes to the GM, as a forged sender could write it. `apply`
 * false (rebuild): only the outcome is worked out.
 */
export function applyCommand(game: Game, cmd: MailCommand, player: PlayerSettings | undefined, codeOk: boolean, at: Date, apply: boolean): { outcome: CommandOutcome; until?: string } {
  if (cmd.command === 'join') return { outcome: player ? 'already-player' : 'join-requested' };
  if (!player) return { outcome: 'answered' };
  if ((cmd.command === 'pause' || cmd.command === 'resign') && !codeOk) return { outcome: 'needs-code' };
  if (cmd.command === 'pause') {
    const until = parseDay(cmd.argument.replace(UNTIL, ''), at, game.settings.schedule.timezone);
    const today = DateTime.fromJSDate(at).setZone(game.settings.schedule.timezone).toISODate()!;
    if (!until || until < today) return { outcome: 'bad-date' };
    if (apply) editPlayers(game.layout.settings, (ps) => { ps[playerIndex(ps, player.email)]!.pausedUntil = until; return ps; });
    return { outcome: 'paused', until };
  }
  if (cmd.command === 'resign') {
    // Without a code anyone can write in a player's name: the GM decides (the GM inbox).
    if (!player.code) return { outcome: 'resign-requested' };
    if (apply) editPlayers(game.layout.settings, (ps) => { ps.splice(playerIndex(ps, player.email), 1); return ps; });
    return { outcome: 'resigned' };
  }
  return { outcome: 'answered' };
}

/** The data of the answer (template `command`). */
export function commandReplyData(game: Game, cmd: MailCommand, result: { outcome: CommandOutcome; until?: string }, ctx: {
  player: PlayerSettings | undefined; round: RoundRecord | null; entry: EntryRecord | undefined;
}): Record<string, unknown> {
  const { settings } = game;
  const lang = templateLang(settings.language);
  const zone = settings.schedule.timezone;
  const when = (iso: string) => formatDeadline(iso, zone, lang);
  const base = {
    command: cmd.command, outcome: result.outcome, name: ctx.player?.name ?? '',
    guide: settings.playersGuide ?? null, words: settings.rules.wordsPerEntry, substitutes: settings.rules.substitutesPerEntry,
  };
  // A stranger's answer carries nothing but the fixed text.
  if (!ctx.player) return base;
  const round = ctx.round;
  const open = round && round.state === 'open' ? round : null;
  const data: Record<string, unknown> = {
    ...base,
    round: round?.round ?? null,
    open: !!open,
    deadline: round ? when(round.deadline) : '',
    pausedUntil: ctx.player.pausedUntil && isPaused(ctx.player, now(), zone) ? ctx.player.pausedUntil : null,
    until: result.until ?? null,
  };
  if (cmd.command === 'status') {
    data.entry = ctx.entry ? { main: ctx.entry.main, substitutes: ctx.entry.substitutes, joker: ctx.entry.joker, receivedAt: when(ctx.entry.at) } : null;
  }
  if (cmd.command === 'field' && round) Object.assign(data, fieldView(round.field));
  if (cmd.command === 'ranking') {
    const { rows, rounds } = gameRanking(game, settings.rules.window);
    const me = ctx.player.email.toLowerCase();
    const top = rows.slice(0, settings.newsletter.top);
    const own = rows.find((r) => r.email.toLowerCase() === me);
    data.ranking = {
      rounds: rounds.join(', '),
      rows: [...top, ...(own && !top.includes(own) ? [own] : [])].map((r) => ({ rank: r.rank, name: r.name, total: r.total, me: r.email.toLowerCase() === me })),
      empty: rows.length === 0,
    };
  }
  return data;
}
