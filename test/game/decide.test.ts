import { describe, expect, it } from 'vitest';
import { decide } from '../../src/game/ingest.js';
import type { RoundRecord } from '../../src/game/rounds.js';
import type { IncomingMail } from '../../src/mail/incoming.js';
import { parseEntry } from '../../src/parse/entry-parser.js';

const round = (n: number, state: RoundRecord['state'], deadline = '2026-11-29T18:00:00.000+01:00'): RoundRecord =>
  ({ round: n, field: 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', seed: null, dice: null, opens: '2026-11-22T10:00:00.000+01:00', deadline, state });
const mail = (over: Partial<IncomingMail> = {}): IncomingMail => ({
  id: 'x', messageId: '<x@example.test>', fromAddress: 'alice@example.test', fromName: 'Alice', replyAddress: 'alice@example.test',
  subject: '', text: 'gurren', date: null, receivedAt: null, noReplyReason: null, ...over,
});
const game = (over: Partial<Parameters<typeof decide>[3]> = {}) => ({
  ownAddress: 'gm@example.test', rounds: [round(1, 'scored'), round(2, 'open')], tooLarge: false, at: new Date('2026-11-24T10:00:00Z'), grace: 'PT0S', ...over,
});
const what = (d: ReturnType<typeof decide>) => (d.kind === 'accept' ? `accept ${d.round.round}` : d.kind === 'not-an-entry' ? `not an entry for ${d.round.round}` : d.outcome.kind === 'refused' ? `refused ${d.outcome.reason}` : d.outcome.kind);

describe('what to do with a mail (pure)', () => {
  const alice = {};
  it.each([
    ['an entry for the open round', mail(), alice, game(), 'accept 2'],
    ['a robot', mail({ noReplyReason: 'Auto-Submitted: auto-replied' }), alice, game(), 'ignored'],
    ['the game writing to itself', mail({ fromAddress: 'gm@example.test' }), undefined, game(), 'ignored'],
    ['a stranger', mail(), undefined, game(), 'refused unknown-sender'],
    ['a missing code', mail(), { code: 'tulpe' }, game(), 'refused bad-code'],
    ['the right code', mail({ text: 'Code: tulpe\ngurren' }), { code: 'tulpe' }, game(), 'accept 2'],
    ['a round that does not exist', mail({ subject: 'Runde 9' }), alice, game(), 'refused no-such-round'],
    ['a scored round by name', mail({ subject: 'Runde 1' }), alice, game(), 'refused round-closed'],
    ['no open round', mail(), alice, game({ rounds: [round(1, 'scored')] }), 'refused no-open-round'],
    ['too late', mail(), alice, game({ at: new Date('2026-11-29T17:00:01Z') }), 'refused round-closed'],
    ['just in time', mail(), alice, game({ at: new Date('2026-11-29T17:00:00Z') }), 'accept 2'],
    ['late but within grace', mail(), alice, game({ at: new Date('2026-11-29T17:30:00Z'), grace: 'PT1H' }), 'accept 2'],
    ['too large', mail(), alice, game({ tooLarge: true }), 'refused too-large'],
    ['no words', mail({ text: 'Hallo, wann ist Schluss?' }), alice, game(), 'not an entry for 2'],
    ['a request', mail({ text: 'help' }), alice, game(), 'not an entry for 2'],
    ['not an entry, after the deadline', mail({ text: 'Bin im Urlaub\nBis bald' }), alice, game({ at: new Date('2026-12-01T00:00:00Z') }), 'not an entry for 2'],
    ['a reply to round 1\'s newsletter while round 2 is open', mail({ subject: 'Re: Boggle: Ergebnisse der Runde 1' }), alice, game(), 'accept 2'],
    ['round 1 named on a line of its own', mail({ text: 'Runde 1\ngurren' }), alice, game(), 'refused round-closed'],
    ['a round named in prose does not count', mail({ text: 'gurren, Gras\nPS: Die Auswertung von Runde 1 war super!' }), alice, game(), 'accept 2'],
    ['a reply to an old round when none is open', mail({ subject: 'Re: Runde 1' }), alice, game({ rounds: [round(1, 'scored')] }), 'refused round-closed'],
    ['a player whose Reply-To is the game', mail({ replyAddress: 'gm@example.test' }), alice, game(), 'accept 2'],
  ])('%s', (_, m, player, g, expected) => {
    expect(what(decide(m, parseEntry(m.subject, m.text), player, g))).toBe(expected);
  });
});
