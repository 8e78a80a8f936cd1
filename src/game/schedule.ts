import { DateTime, Duration } from 'luxon';
import { WEEKDAYS, type Weekday } from './schedule-settings.js';

/** The rhythm part of the schedule settings. */
export interface Rhythm {
  timezone: string;
  every?: Weekday | number | undefined;
  at?: string | undefined;
  start?: string | undefined;
  minimum: string;
}

/** The epoch of `every: N` days when the settings name no start day. */
const DEFAULT_START = '2026-01-05';

/**
 * The first deadline of the rhythm at or after `notBefore` (ISO in the game's zone), or null
 * without a rhythm. Computed from the calendar alone, never from when tick happens to run,
 * so deadlines do not drift. Pure.
 */
export function nextSlot(rhythm: Rhythm, notBefore: Date): string | null {
  if (rhythm.every === undefined) return null;
  const [h, m] = (rhythm.at ?? '20:00').split(':').map(Number) as [number, number];
  const from = DateTime.fromJSDate(notBefore).setZone(rhythm.timezone);
  const atDay = (d: DateTime) => d.set({ hour: h, minute: m, second: 0, millisecond: 0 });
  let day = from.startOf('day');
  if (typeof rhythm.every === 'string') {
    const want = WEEKDAYS.indexOf(rhythm.every) + 1; // luxon: Monday 1 … Sunday 7
    day = day.plus({ days: (want - day.weekday + 7) % 7 });
    if (atDay(day) < from) day = day.plus({ days: 7 });
  } else {
    const n = rhythm.every;
    const start = DateTime.fromISO(rhythm.start ?? DEFAULT_START, { zone: rhythm.timezone }).startOf('day');
    const since = Math.round(day.diff(start, 'days').days);
    day = day.plus({ days: ((n - (since % n)) % n) });
    if (atDay(day) < from) day = day.plus({ days: n });
  }
  return atDay(day).toISO()!;
}

/** The deadline of a round opened at `opened` on the rhythm: the first slot at least `minimum` later. */
export function rhythmDeadline(rhythm: Rhythm, opened: Date): string | null {
  const min = Duration.fromISO(rhythm.minimum);
  return nextSlot(rhythm, new Date(opened.getTime() + (min.isValid ? min.toMillis() : 0)));
}

/** "+P2D", "+PT6H", "+2d", "+6h", "+30m": a duration added to a deadline; null if the text is not one. */
export function parseExtension(text: string): Duration | null {
  const t = text.trim();
  if (!t.startsWith('+')) return null;
  const short = /^\+(\d+)\s*([dhm])$/i.exec(t);
  if (short) {
    const n = Number(short[1]);
    return Duration.fromObject(short[2]!.toLowerCase() === 'd' ? { days: n } : short[2]!.toLowerCase() === 'h' ? { hours: n } : { minutes: n });
  }
  const d = Duration.fromISO(t.slice(1));
  return d.isValid && d.toMillis() > 0 ? d : null;
}
