// composeMail writes nodemailer's tree of MIME parts itself, synchronously (compose.ts): the
// message must be byte for byte what nodemailer's own build() gives, for any text, HTML,
// names, subjects and pictures a mail of ours can carry.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { composeMail, composerFor, type OutgoingMail, serializeSync } from '../../src/mail/compose.js';

const unit = fc.constantFrom('a', 'Z', ' ', '\t', '\n', '\r\n', '\r', '=', '.', '?', 'ä', 'ß', 'é', '€', '山', '😀', '<', '>', '&', '"', '-', '_', ':', ';', '\u0000', '\u200b');
const text = (maxLength: number) => fc.string({ unit, maxLength });
const longLine = fc.tuple(fc.constantFrom('x', 'ü', '=', ' ', '山'), fc.integer({ min: 60, max: 400 })).map(([c, n]) => c.repeat(n));
const body = fc.oneof(text(300), fc.array(fc.oneof(text(40), longLine), { maxLength: 6 }).map((a) => a.join('\r\n')));
const address = fc.tuple(fc.stringMatching(/^[a-z0-9._+-]{1,12}$/), fc.constantFrom('example.test', 'xn--bcher-kva.example', 'ex.test')).map(([l, d]) => `${l}@${d}`);

const mail: fc.Arbitrary<OutgoingMail> = fc.record({
  from: fc.record({ name: text(40), address }),
  to: fc.record({ name: text(60), address }),
  subject: fc.oneof(text(120), longLine),
  text: body,
  html: fc.option(body.map((b) => `<!doctype html><html><body><p>${b}</p></body></html>`), { nil: undefined }),
  images: fc.option(fc.array(fc.record({
    cid: fc.constantFrom('best-entry@postboggle', 'chart@postboggle'), filename: fc.constantFrom('best-entry.png', 'scores.png'),
    content: fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)),
  }), { maxLength: 2 }), { nil: undefined }),
  inReplyTo: fc.option(fc.constantFrom('<a@b.test>', '<x.y-z@example.test>'), { nil: null }),
  autoSubmitted: fc.constantFrom('auto-replied' as const, 'auto-generated' as const, null),
  idSeed: text(20),
  date: fc.integer({ min: 0, max: 4_102_444_800_000 }).map((t) => new Date(t)),
});

describe('composeMail', () => {
  it('gives byte for byte the message nodemailer builds', async () => {
    await fc.assert(fc.asyncProperty(mail, async (m) => {
      const mine = serializeSync(composerFor(m).compile() as never);
      expect(mine).not.toBeNull();
      const theirs = await composerFor(m).compile().build();
      expect(mine!.toString('latin1')).toBe(theirs.toString('latin1'));
    }), { numRuns: 400 });
  });

  it('ends the message with a line break as nodemailer does (a text ending in CR, LF, CRLF or neither)', async () => {
    for (const end of ['', '\r', '\n', '\r\n', ' ']) {
      const m: OutgoingMail = { from: { name: '', address: 'gm@example.test' }, to: { name: 'A', address: 'a@example.test' }, subject: 's', text: `plain ascii${end}`, inReplyTo: null, autoSubmitted: null, idSeed: 'x', date: new Date(0) };
      const mine = serializeSync(composerFor(m).compile() as never)!;
      expect(mine.toString('latin1')).toBe((await composerFor(m).compile().build()).toString('latin1'));
    }
  });

  it('a newsletter-sized mail with both pictures: the same bytes, and the same again when composed twice', async () => {
    const m: OutgoingMail = {
      from: { name: 'Spielleitung', address: 'gm@example.test' }, to: { name: 'Zoë Ünlü', address: 'p1@example.test' },
      subject: 'Boggle – Rundbrief zur Runde 12', text: 'Hallo Zoë,\n\n'.repeat(200), html: `<html><body>${'<p>Platz 1 – Wörter: ÄRGER, ÖDE</p>\n'.repeat(300)}</body></html>`,
      images: [{ cid: 'best-entry@postboggle', filename: 'best-entry.png', content: Buffer.alloc(70_000, 7) }, { cid: 'chart@postboggle', filename: 'scores.png', content: Buffer.alloc(200, 1) }],
      inReplyTo: null, autoSubmitted: 'auto-generated', idSeed: 'gm@example.test/newsletter-12-p1', date: new Date('2026-11-30T18:00:00Z'),
    };
    const theirs = await composerFor(m).compile().build();
    expect((await composeMail(m)).equals(theirs)).toBe(true);
    expect((await composeMail(m)).equals(await composeMail(m))).toBe(true);
  });
});
