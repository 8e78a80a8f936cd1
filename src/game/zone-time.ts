// Stored times read back without luxon, for the commands that only print them (`round show`)
// or compare them (a deadline passed?). luxon costs a tenth of Node's own start to load, and
// its first DateTime asks Intl for the system locale, which starts ICU's date formatting:
// another fifth. Each function here answers only where the answer is exactly luxon's, and
// says `undefined` otherwise (deadline.ts then asks luxon, as before):
//
// - an ISO 8601 time is read here when it is the form postboggle writes (calendar date,
//   hours and minutes, optional seconds and fraction, and an offset or Z): the instant is
//   plain arithmetic. Anything else (no offset, week dates, a zone in brackets…) is luxon's.
// - wall-clock fields in a zone come from V8's own time zone support with TZ set to the zone
//   for the call (Node applies a change of process.env.TZ at once): the same ICU zone data as
//   Intl and luxon, without starting ICU's formatters. Only canonical IANA names take this
//   path (an unknown TZ would silently be UTC); luxon's own names (UTC, UTC+1, local,
//   system) go to luxon.

const ISO = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d)(?:[.,](\d{1,30}))?)?(?:([Zz])|([+-])(\d\d)(?::?(\d\d))?)$/;

/** The instant of an ISO 8601 time with its offset, in ms; undefined for any other form (or an impossible date). */
export function isoMillis(iso: string): number | undefined {
  const m = ISO.exec(iso);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  // luxon's reading of a fraction, to the same floating-point operations.
  const millis = m[7] === undefined ? 0 : Math.floor(parseFloat(`0.${m[7]}`) * 1000);
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined; // 31 April, 29 February of a common year
  d.setUTCHours(hour, minute, second, millis);
  const offsetMinutes = m[8] ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11] ?? 0));
  return d.getTime() - offsetMinutes * 60_000;
}

const DURATION = /^P(?!$)(?:(\d{1,6})D)?(?:T(?=\d)(?:(\d{1,9})H)?(?:(\d{1,9})M)?(?:(\d{1,9})S)?)?$/;

/** An ISO 8601 duration of whole days, hours, minutes and seconds in ms (a day 24 hours, as luxon counts); undefined for any other. */
export function durationMillis(iso: string): number | undefined {
  const m = DURATION.exec(iso);
  if (!m) return undefined;
  const [d, h, min, s] = [m[1], m[2], m[3], m[4]].map((x) => Number(x ?? 0)) as [number, number, number, number];
  return ((d * 24 + h) * 60 + min) * 60_000 + s * 1000;
}

let canonicalZones: Set<string> | undefined;

/** A zone that luxon takes as an IANA zone and V8 knows by that very name. */
export function isCanonicalIanaZone(zone: string): boolean {
  if (/^(?:utc|gmt|local|system|default)$|^utc[+-]/i.test(zone)) return false;
  return (canonicalZones ??= new Set(Intl.supportedValuesOf('timeZone'))).has(zone);
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** The zone's offset from UTC then, in minutes (east positive). */
  offset: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Stored ISO times as luxon's `DateTime.fromISO(iso).setZone(zone).toFormat(format)` prints
 * them, for the numeric formats `round show` and `round list` use; undefined when any of
 * them is not for this module (then all go to luxon).
 */
export function formatInZone(isos: readonly string[], zone: string, format: 'dd.LL. HH:mm' | 'yyyy-LL-dd HH:mm ZZ'): string[] | undefined {
  const instants: number[] = [];
  for (const iso of isos) {
    const ms = isoMillis(iso);
    if (ms === undefined) return undefined;
    instants.push(ms);
  }
  const walls = wallClocks(instants, zone);
  if (!walls || walls.some((w) => w.year < 1000 || w.year > 9999)) return undefined;
  return walls.map((w) => {
    const time = `${pad2(w.hour)}:${pad2(w.minute)}`;
    if (format === 'dd.LL. HH:mm') return `${pad2(w.day)}.${pad2(w.month)}. ${time}`;
    const off = Math.abs(w.offset);
    return `${w.year}-${pad2(w.month)}-${pad2(w.day)} ${time} ${w.offset >= 0 ? '+' : '-'}${pad2(Math.trunc(off / 60))}:${pad2(off % 60)}`;
  });
}

/** The wall clock in `zone` at each instant; undefined when the zone is not a canonical IANA name. */
export function wallClocks(instants: readonly number[], zone: string): WallClock[] | undefined {
  if (!isCanonicalIanaZone(zone)) return undefined;
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return instants.map((ms) => {
      const d = new Date(ms);
      return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), offset: -d.getTimezoneOffset() };
    });
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}
