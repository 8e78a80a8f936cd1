import { DateTime, Duration } from 'luxon';
import { z } from 'zod';

// The round rhythm and its reminders: the keys of `schedule:` beyond zone, duration and grace
// (docs/schedule.md). Kept here so that settings.ts only spreads them in.

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const isoDuration = (example: string) => z.string().refine((d) => Duration.fromISO(d).isValid && Duration.fromISO(d).toMillis() > 0, `expected a positive ISO 8601 duration like ${example}`);

/** German GMs may write the day in German. */
const GERMAN_DAYS: Record<string, Weekday> = { montag: 'monday', dienstag: 'tuesday', mittwoch: 'wednesday', donnerstag: 'thursday', freitag: 'friday', samstag: 'saturday', sonnabend: 'saturday', sonntag: 'sunday' };

export const rhythmKeys = {
  /** Deadlines fall on this weekday (monday … sunday), or every this many days (from `start`). */
  every: z.preprocess((v) => (typeof v === 'string' ? GERMAN_DAYS[v.trim().toLowerCase()] ?? v.trim().toLowerCase() : v),
    z.union([z.enum(WEEKDAYS), z.number().int().min(1).max(365)], { message: 'expected a weekday (monday … sunday) or a number of days (1 … 365)' })).optional(),
  /** The deadline's time of day in the game's zone, 24-hour "HH:MM". */
  at: z.string().regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'expected a time of day like "20:00"').optional(),
  /** With `every: N` days: a day of the rhythm (YYYY-MM-DD); the others are N, 2N … days from it. */
  start: z.string().refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && DateTime.fromISO(d).isValid, 'expected a date like 2026-11-01').optional(),
  /** A round opened on the rhythm lasts at least this long (a shorter one takes the next slot). */
  minimum: isoDuration('P1D').default('P1D'),
  /** Before the deadline, players without an entry are reminded this long before it (each once). */
  reminders: z.array(isoDuration('P2D or PT6H')).max(10).default([]),
  /** At the deadline, players without an entry get a "you missed this round" notice. */
  missedNotice: z.boolean().default(false),
  /** tick mails the announcement of a round the GM opened but did not publish (else it holds it and says so). */
  autoPublish: z.boolean().default(false),
  /** The game is paused (postboggle pause / resume): tick closes, reminds, opens and sends nothing. */
  paused: z.boolean().default(false),
};

export const RHYTHM_DEFAULTS = { minimum: 'P1D', reminders: [] as string[], missedNotice: false, autoPublish: false, paused: false };

export function checkRhythm(s: { every?: Weekday | number | undefined; at?: string | undefined; start?: string | undefined }, ctx: z.RefinementCtx): void {
  if (s.at !== undefined && s.every === undefined) ctx.addIssue({ code: 'custom', path: ['at'], message: 'needs schedule.every (a weekday or a number of days)' });
  if (s.start !== undefined && typeof s.every !== 'number') ctx.addIssue({ code: 'custom', path: ['start'], message: 'applies to every: N days only' });
}
