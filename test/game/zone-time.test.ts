import fc from 'fast-check';
import { DateTime, Duration } from 'luxon';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durationMs, formatDeadline } from '../../src/game/deadline.js';
import { deadlineText } from '../../src/game/deadline-texts.js';
import { gameLayout } from '../../src/game/layout.js';
import { durationMillis, formatInZone, isoMillis } from '../../src/game/zone-time.js';

// round show, round list and the deadline checks read stored times without luxon where
// zone-time.ts can: what they print and decide must be luxon's to the character.

const ZONES = ['Europe/Berlin', 'Europe/London', 'America/New_York', 'America/St_Johns', 'Asia/Kolkata', 'Asia/Kathmandu',
  'Australia/Adelaide', 'Pacific/Chatham', 'Pacific/Kiritimati', 'America/Sao_Paulo', 'Etc/GMT+5', 'UTC', 'utc', 'UTC+2', 'Europe/Zurich'];
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

const offset = fc.oneof(fc.constant('Z'), fc.constant('z'), fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 14 }), fc.constantFrom(0, 15, 30, 45), fc.boolean())
  .map(([s, h, m, colon]) => `${s}${pad(h)}${m || colon ? `${colon ? ':' : ''}${pad(m)}` : ''}`));
const iso = fc.tuple(fc.integer({ min: 1000, max: 2400 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 0, max: 23 }),
  fc.integer({ min: 0, max: 59 }), fc.option(fc.integer({ min: 0, max: 59 })), fc.option(fc.stringMatching(/^\d{1,9}$/)), offset)
  .map(([y, mo, d, h, mi, s, f, off]) => `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}${s === null ? '' : `:${pad(s)}${f === null ? '' : `.${f}`}`}${off}`);

describe('stored times without luxon', () => {
  it('reads an ISO time with its offset to luxon\'s instant, and leaves every other form to luxon (property)', () => {
    fc.assert(fc.property(iso, (s) => {
      const ms = isoMillis(s);
      const dt = DateTime.fromISO(s, { setZone: true });
      if (ms !== undefined) expect(ms).toBe(dt.toMillis());
      else expect(dt.isValid).toBe(false); // only an impossible date is refused here
    }), { numRuns: 3000 });
    for (const s of ['2026-11-29T18:00', '2026-11-29 18:00+01:00', '2026-W48-7T18:00Z', '2026-11-29T18:00:00[Europe/Berlin]', '2026-11-29T24:00Z', 'garbage', '']) {
      expect(isoMillis(s)).toBeUndefined();
    }
  });

  it('prints received times and deadlines in a zone exactly as luxon, DST changes and half-hour zones included (property)', () => {
    const instant = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) });
    fc.assert(fc.property(fc.array(fc.tuple(instant, offset), { minLength: 1, maxLength: 8 }), fc.constantFrom(...ZONES), (times, zone) => {
      const isos = times.map(([ms, off]) => {
        const o = off.toUpperCase() === 'Z' ? 'UTC' : `UTC${off.slice(0, 3)}${off.length > 3 ? `:${off.slice(-2)}` : ''}`;
        return DateTime.fromMillis(ms, { zone: o }).toISO()!;
      });
      for (const format of ['dd.LL. HH:mm', 'yyyy-LL-dd HH:mm ZZ'] as const) {
        const ours = formatInZone(isos, zone, format);
        if (zone === 'utc' || zone === 'UTC+2') expect(ours).toBeUndefined(); // luxon's own zone names: luxon's
        if (ours) expect(ours).toEqual(isos.map((s) => DateTime.fromISO(s).setZone(zone).toFormat(format)));
      }
      for (const lang of ['de', 'en', 'fr', 'it'] as const) {
        const dt = DateTime.fromISO(isos[0]!, { setZone: true }).setZone(zone).setLocale(lang);
        const text = dt.toLocaleString(lang === 'en'
          ? { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' }
          : { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' });
        expect(formatDeadline(isos[0]!, zone, lang)).toBe(`${text}${lang === 'de' ? ' Uhr' : ''} (${zone}, ${dt.offsetNameShort ?? dt.toFormat('ZZ')})`);
      }
    }), { numRuns: 300 });
    // The process's own zone is left as it was.
    expect(process.env.TZ).toBe(process.env.TZ);
    const before = new Date(0).getTimezoneOffset();
    formatInZone(['2026-07-01T12:00:00Z'], 'Asia/Kathmandu', 'dd.LL. HH:mm');
    expect(new Date(0).getTimezoneOffset()).toBe(before);
  });

  it('counts whole-unit durations as luxon does, and leaves the rest to it (property)', () => {
    const dur = fc.tuple(fc.option(fc.integer({ min: 0, max: 999_999 })), fc.option(fc.integer({ min: 0, max: 10 ** 6 })), fc.option(fc.integer({ min: 0, max: 10 ** 6 })), fc.option(fc.integer({ min: 0, max: 10 ** 6 })))
      .map(([d, h, m, s]) => `P${d === null ? '' : `${d}D`}${h === null && m === null && s === null ? '' : `T${h === null ? '' : `${h}H`}${m === null ? '' : `${m}M`}${s === null ? '' : `${s}S`}`}`);
    fc.assert(fc.property(dur, (s) => {
      const ours = durationMillis(s);
      const theirs = Duration.fromISO(s);
      if (ours !== undefined) expect(ours).toBe(theirs.toMillis());
      if (theirs.isValid) expect(durationMs(s)).toBe(theirs.toMillis());
    }), { numRuns: 2000 });
    for (const s of ['P1W', 'PT1.5H', 'P1M', 'P1Y2M', '-PT1H', 'PT', 'P']) expect(durationMillis(s)).toBeUndefined();
    expect(durationMs('P1W')).toBe(7 * 86_400_000);
    expect(durationMs('PT1.5H')).toBe(5_400_000);
  });
});

describe('the deadline texts kept for round show', () => {
  it('gives formatDeadline\'s text, from the cache once made, and only for this environment; a damaged cache is no matter', () => {
    const layout = gameLayout(mkdtempSync(join(tmpdir(), 'pb-texts-')));
    const file = join(layout.dir, '.postboggle-texts.cache');
    const iso = '2026-12-06T20:00:00.000+01:00';
    expect(deadlineText(layout, iso, 'Europe/Berlin', 'de')).toBe(formatDeadline(iso, 'Europe/Berlin', 'de'));
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { env: string; texts: Record<string, string> };
    expect(Object.values(kept.texts)).toEqual([formatDeadline(iso, 'Europe/Berlin', 'de')]);
    // What the cache holds is what round show prints (a planted text proves it is read)…
    writeFileSync(file, JSON.stringify({ env: kept.env, texts: { [`de Europe/Berlin ${iso}`]: 'planted' } }));
    expect(deadlineText(layout, iso, 'Europe/Berlin', 'de')).toBe('planted');
    // …but not a text made under another Node, ICU, tz data or postboggle build, nor another time, zone or language.
    writeFileSync(file, JSON.stringify({ env: `${kept.env} other`, texts: { [`de Europe/Berlin ${iso}`]: 'planted' } }));
    expect(deadlineText(layout, iso, 'Europe/Berlin', 'de')).toBe(formatDeadline(iso, 'Europe/Berlin', 'de'));
    expect(deadlineText(layout, iso, 'America/New_York', 'en')).toBe(formatDeadline(iso, 'America/New_York', 'en'));
    writeFileSync(file, '{"env": "v20');
    expect(deadlineText(layout, iso, 'Europe/Berlin', 'fr')).toBe(formatDeadline(iso, 'Europe/Berlin', 'fr'));
    // A time without offset is read in the system's zone: never kept.
    deadlineText(layout, '2026-12-06T20:00', 'Europe/Berlin', 'it');
    expect(readFileSync(file, 'utf8')).not.toContain('2026-12-06T20:00 ');
    expect(readFileSync(file, 'utf8')).not.toMatch(/T20:00"/);
  });
});
