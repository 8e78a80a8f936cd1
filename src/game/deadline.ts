import { UserError } from '../user-error.js';
import { luxon } from './luxon-sync.js';
import { durationMillis, isCanonicalIanaZone, isoMillis } from './zone-time.js';

// luxon is loaded only where these functions need it (zone-time.ts says why and when not).

/** Each language's own long date and 24-hour clock (English: 12-hour), as its readers write it. */
const longDate = (lang: string): Intl.DateTimeFormatOptions => (lang === 'en'
  ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }
  : { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A deadline as players read it: in the game's zone, with the zone named. */
export function formatDeadline(iso: string, zone: string, lang: 'de' | 'en' | 'fr' | 'it'): string {
  const ms = isoMillis(iso);
  if (ms !== undefined && isCanonicalIanaZone(zone)) {
    // What luxon's toLocaleString and offsetNameShort ask Intl for a zone of IANA's, asked directly.
    const at = new Date(ms);
    const text = new Intl.DateTimeFormat(lang, { ...longDate(lang), timeZone: zone }).format(at);
    const short = new Intl.DateTimeFormat(lang, { timeZoneName: 'short', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZone: zone })
      .formatToParts(at).find((p) => p.type.toLowerCase() === 'timezonename')?.value;
    if (short !== undefined) return `${text}${lang === 'de' ? ' Uhr' : ''} (${zone}, ${short})`;
  }
  const dt = luxon().DateTime.fromISO(iso, { setZone: true }).setZone(zone).setLocale(lang);
  const text = dt.toLocaleString(longDate(lang));
  return `${text}${lang === 'de' ? ' Uhr' : ''} (${zone}, ${dt.offsetNameShort ?? dt.toFormat('ZZ')})`;
}

/** ISO 8601 in the game's zone, e.g. 2026-11-29T12:00:00.000+01:00. */
export function isoInZone(d: Date, zone: string): string {
  return luxon().DateTime.fromJSDate(d).setZone(zone).toISO()!;
}

/** A deadline from --deadline (ISO, read in the game's zone when it has no offset) or now + duration. */
export function deadlineFrom(opts: { deadline?: string | undefined; duration?: string | undefined }, now: Date, zone: string): string {
  const { DateTime, Duration } = luxon();
  if (opts.deadline) {
    const dt = DateTime.fromISO(opts.deadline, { zone, setZone: true });
    if (!dt.isValid) throw new UserError(`--deadline "${opts.deadline}" is not an ISO 8601 time (like 2026-11-29T18:00)`);
    return dt.setZone(zone).toISO()!;
  }
  const dur = Duration.fromISO(opts.duration ?? 'P7D');
  if (!dur.isValid) throw new UserError(`"${opts.duration}" is not an ISO 8601 duration (like P7D or PT48H)`);
  return DateTime.fromJSDate(now).setZone(zone).plus(dur).toISO()!;
}

export function durationMs(iso: string): number {
  const fast = durationMillis(iso);
  if (fast !== undefined) return fast;
  const dur = luxon().Duration.fromISO(iso);
  if (!dur.isValid) throw new UserError(`"${iso}" is not an ISO 8601 duration (like PT2H)`);
  return dur.toMillis();
}

/** The last moment of a deadline with grace, by their texts: a batch asks for every mail (twice), and luxon parsing both each time was 3 % of ingest. */
const lastMoments = new Map<string, number>();

/** Whether a mail received at `at` is too late for a deadline with grace. */
export function isLate(at: Date, deadlineIso: string, graceIso: string): boolean {
  const key = `${deadlineIso}\0${graceIso}`;
  let last = lastMoments.get(key);
  if (last === undefined) {
    last = (isoMillis(deadlineIso) ?? luxon().DateTime.fromISO(deadlineIso).toMillis()) + durationMs(graceIso);
    if (lastMoments.size > 1000) lastMoments.clear();
    lastMoments.set(key, last);
  }
  return at.getTime() > last;
}
