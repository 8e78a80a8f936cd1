import { DateTime, Duration } from 'luxon';
import { Outbox } from '../mail/outbox.js';
import { fieldView } from '../templates/field-view.js';
import { templateLang } from '../templates/i18n.js';
import { now } from './clock.js';
import { formatDeadline } from './deadline.js';
import type { Game } from './game.js';
import { queueMail } from './mailer.js';
import { missingPlayers } from './round-status.js';
import { readEntries, type RoundRecord } from './rounds.js';
import { findPlayer, isPaused } from './players.js';

// Mail about a round's deadline to the players: reminders before it, a notice to those who
// missed it, and the news that it moved. Each message has an id in the round's outbox
// (reminder-3-PT6H-alice@…), which is also the record that it was sent: a tick run again,
// or a second tick in the same minute, queues nothing twice.

/** Whether a player is paused (players[].pausedUntil): no reminders, no missed-round notice. */
function away(game: Game, email: string, at: Date): boolean {
  const p = findPlayer(game.settings, email);
  return !!p && isPaused(p, at, game.settings.schedule.timezone);
}


/** "2 days" / "2 Tagen" (as in "in 2 Tagen"), hours below two days. */
const TIME_WORDS = {
  de: { day: 'Tag', days: 'Tagen', hour: 'Stunde', hours: 'Stunden' },
  en: { day: 'day', days: 'days', hour: 'hour', hours: 'hours' },
  fr: { day: 'jour', days: 'jours', hour: 'heure', hours: 'heures' },
  it: { day: 'giorno', days: 'giorni', hour: 'ora', hours: 'ore' },
};

function timeLeft(ms: number, lang: 'de' | 'en' | 'fr' | 'it'): string {
  const w = TIME_WORDS[lang];
  const hours = Math.max(1, Math.round(ms / 3_600_000));
  if (hours >= 48) return `${Math.round(hours / 24)} ${w.days}`;
  return hours === 1 ? `1 ${w.hour}` : `${hours} ${w.hours}`;
}

/**
 * The reminder due now, if any: of the configured offsets whose time has come, the one
 * nearest the deadline (a tick that slept through "2 days before" does not send both at once).
 */
export function dueReminder(offsets: readonly string[], deadlineIso: string, at: Date, since?: string | null): string | null {
  const deadline = DateTime.fromISO(deadlineIso).toMillis();
  if (at.getTime() >= deadline) return null;
  // A reminder whose moment came before the round was announced is not sent (a short round
  // does not get a "two days left" mail right after its announcement).
  const start = since ? Date.parse(since) : -Infinity;
  const due = offsets.filter((o) => deadline - Duration.fromISO(o).toMillis() <= at.getTime() && deadline - Duration.fromISO(o).toMillis() >= start)
    .sort((a, b) => Duration.fromISO(a).toMillis() - Duration.fromISO(b).toMillis());
  return due[0] ?? null;
}

const mailData = (game: Game, r: RoundRecord) => {
  const lang = templateLang(game.settings.language);
  return { lang, round: r.round, ...fieldView(r.field), deadline: formatDeadline(r.deadline, game.settings.schedule.timezone, lang) };
};

/** Queues the due reminder to each player without an entry; dry: only counts. Returns whom and which offset. */
export async function queueReminders(game: Game, r: RoundRecord, dry: boolean): Promise<{ offset: string | null; to: string[] }> {
  const t = now();
  const offset = dueReminder(game.settings.schedule.reminders, r.deadline, t, r.publishedAt ?? r.opens);
  if (!offset) return { offset: null, to: [] };
  const outbox = new Outbox(game.layout.outbox(r.round));
  const data = mailData(game, r);
  const left = timeLeft(DateTime.fromISO(r.deadline).toMillis() - t.getTime(), data.lang);
  const to: string[] = [];
  for (const p of missingPlayers(game, r.round)) {
    if (away(game, p.email, t)) continue; // paused (player pause, URLAUB by mail)
    const id = `reminder-${r.round}-${offset}-${p.email}`;
    if (outbox.has(id)) continue;
    to.push(p.email);
    if (!dry) await queueMail(game, outbox, { id, kind: 'announcement', to: { name: p.name, address: p.email }, template: 'reminder', data: { ...data, name: p.name, left } });
  }
  return { offset, to };
}

/** Queues "you missed this round" to each player without an entry (schedule.missedNotice). */
export async function queueMissedNotices(game: Game, r: RoundRecord, dry: boolean): Promise<string[]> {
  const outbox = new Outbox(game.layout.outbox(r.round));
  const data = mailData(game, r);
  const to: string[] = [];
  for (const p of missingPlayers(game, r.round)) {
    if (away(game, p.email, now())) continue;
    const id = `missed-${r.round}-${p.email}`;
    if (outbox.has(id)) continue;
    to.push(p.email);
    if (!dry) await queueMail(game, outbox, { id, kind: 'announcement', to: { name: p.name, address: p.email }, template: 'missed', data: { ...data, name: p.name } });
  }
  return to;
}

/** Queues the news of a moved deadline to every player (once per new deadline). */
export async function queueDeadlineChange(game: Game, r: RoundRecord, previous: string): Promise<number> {
  const outbox = new Outbox(game.layout.outbox(r.round));
  const data = mailData(game, r);
  const have = new Set(readEntries(game.layout, r.round).entries.map((e) => e.email.toLowerCase()));
  const stamp = DateTime.fromISO(r.deadline).toUTC().toFormat("yyyyLLdd'T'HHmm");
  let queued = 0;
  for (const p of game.settings.players) {
    const id = `deadline-${r.round}-${stamp}-${p.email}`;
    const prev = formatDeadline(previous, game.settings.schedule.timezone, data.lang);
    if (await queueMail(game, outbox, { id, kind: 'announcement', to: { name: p.name, address: p.email }, template: 'deadline-change', data: { ...data, name: p.name, previous: prev, hasEntry: have.has(p.email.toLowerCase()) } })) queued++;
  }
  return queued;
}
