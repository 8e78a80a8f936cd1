import { describe, expect, it } from 'vitest';
import { nextSlot, parseExtension, rhythmDeadline } from '../../src/game/schedule.js';
import { parseSettings } from '../../src/game/settings.js';
import { dueReminder } from '../../src/game/round-mail.js';

const weekly = { timezone: 'Europe/Berlin', every: 'sunday' as const, at: '20:00', minimum: 'P1D' };

describe('the round rhythm', () => {
  it('puts every deadline on the rhythm, whenever the round is opened (no drift)', () => {
    // Rounds opened 5, 18 and 73 minutes after a Sunday deadline all end the next Sunday 20:00.
    for (const opened of ['2026-11-29T19:05:00Z', '2026-11-29T19:18:00Z', '2026-11-29T20:13:00Z']) {
      expect(rhythmDeadline(weekly, new Date(opened))).toBe('2026-12-06T20:00:00.000+01:00');
    }
    // Opened on a Saturday: a one-day round is too short (minimum P1D): the Sunday after.
    expect(rhythmDeadline(weekly, new Date('2026-12-05T21:00:00Z'))).toBe('2026-12-13T20:00:00.000+01:00');
  });

  it('keeps 20:00 local time across the change to summer time', () => {
    expect(nextSlot(weekly, new Date('2027-03-22T12:00:00Z'))).toBe('2027-03-28T20:00:00.000+02:00');
    expect(nextSlot(weekly, new Date('2027-03-20T12:00:00Z'))).toBe('2027-03-21T20:00:00.000+01:00');
  });

  it('every N days counts from the start day', () => {
    const r = { timezone: 'Europe/Berlin', every: 3, at: '18:30', start: '2026-11-01', minimum: 'P1D' };
    expect(nextSlot(r, new Date('2026-11-01T10:00:00Z'))).toBe('2026-11-01T18:30:00.000+01:00');
    expect(nextSlot(r, new Date('2026-11-01T18:00:00Z'))).toBe('2026-11-04T18:30:00.000+01:00');
    expect(nextSlot(r, new Date('2026-11-05T10:00:00Z'))).toBe('2026-11-07T18:30:00.000+01:00');
  });

  it('without a rhythm there is no slot (the round length is schedule.duration)', () => {
    expect(nextSlot({ timezone: 'Europe/Berlin', minimum: 'P1D' }, new Date())).toBeNull();
  });

  it('reads +DURATION as ISO 8601 or short forms, and nothing else', () => {
    expect(parseExtension('+P2D')?.toMillis()).toBe(2 * 86_400_000);
    expect(parseExtension('+6h')?.toMillis()).toBe(6 * 3_600_000);
    expect(parseExtension('+30m')?.toMillis()).toBe(30 * 60_000);
    expect(parseExtension('+abc')).toBeNull();
    expect(parseExtension('P2D')).toBeNull();
  });

  it('sends only the reminder nearest the deadline when several are due', () => {
    const deadline = '2026-11-29T20:00:00.000+01:00';
    expect(dueReminder(['P2D', 'PT6H'], deadline, new Date('2026-11-26T12:00:00Z'))).toBeNull();
    expect(dueReminder(['P2D', 'PT6H'], deadline, new Date('2026-11-27T20:00:00Z'))).toBe('P2D');
    expect(dueReminder(['P2D', 'PT6H'], deadline, new Date('2026-11-29T15:00:00Z'))).toBe('PT6H');
    expect(dueReminder(['P2D', 'PT6H'], deadline, new Date('2026-11-29T19:00:01Z'))).toBeNull();
    // A round published a day before its deadline gets no "two days left" mail, only the 6-hour one.
    const published = '2026-11-28T19:00:00.000Z';
    expect(dueReminder(['P2D', 'PT6H'], deadline, new Date('2026-11-28T19:10:00Z'), published)).toBeNull();
    expect(dueReminder(['P2D', 'PT6H'], deadline, new Date('2026-11-29T13:10:00Z'), published)).toBe('PT6H');
  });

  it('validates the schedule keys, naming the bad one', () => {
    expect(parseSettings('schedule: { every: sunday, at: "20:00", reminders: [P2D, PT6H] }').schedule).toMatchObject({ every: 'sunday', at: '20:00', reminders: ['P2D', 'PT6H'] });
    expect(parseSettings('schedule: { every: Sunday }').schedule.every).toBe('sunday');
    expect(parseSettings('schedule: { every: Sonntag }').schedule.every).toBe('sunday');
    expect(parseSettings('schedule: { every: 14, start: 2026-11-01 }').schedule).toMatchObject({ every: 14, start: '2026-11-01' });
    expect(() => parseSettings('schedule: { every: someday }')).toThrow(/^postboggle.yaml: schedule.every: expected a weekday \(monday … sunday\) or a number of days/);
    expect(() => parseSettings('schedule: { every: sunday, at: "8 pm" }')).toThrow(/^postboggle.yaml: schedule.at: expected a time of day like "20:00"/);
    expect(() => parseSettings('schedule: { at: "20:00" }')).toThrow(/schedule.at: needs schedule.every/);
    expect(() => parseSettings('schedule: { reminders: [2 days] }')).toThrow(/schedule.reminders.0: expected a positive ISO 8601 duration/);
    expect(() => parseSettings('schedule: { every: sunday, start: 2026-11-01 }')).toThrow(/schedule.start: applies to every: N days only/);
    expect(() => parseSettings('newsletter: { approval: yes }')).toThrow(/newsletter.approval/);
  });
});
