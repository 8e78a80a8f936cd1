import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { fixture } from '../helpers.js';

const mail = (name: string) => fixture(`mail/${name}`);
let dir = '';
const cli = (args: string[], now = '2026-11-24T12:00:00Z') => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: now } });
const json = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8'));
const outbox = (sub = 'rounds/001/outbox') => (existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)).filter((f) => f.endsWith('.eml')).sort() : []);
async function readOut(file: string, sub = 'rounds/001/outbox') {
  return simpleParser(readFileSync(join(dir, sub, file)));
}

describe('a round played by mail on the file transport', () => {
  beforeAll(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'pb-flow-')), 'game');
    expect(cli(['init', '--name', 'Boggle per Post']).status).toBe(0);
    for (const [email, name] of [['alice@example.test', 'Alice Liddell'], ['bob@example.test', 'Bob Baumeister'], ['carol@example.test', 'Carol'], ['dave@example.test', 'Dave']]) {
      expect(cli(['player', 'add', email!, name!]).status).toBe(0);
    }
    const r = cli(['round', 'new', '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], '2026-11-22T10:00:00Z');
    expect(r.status, r.stderr).toBe(0);
    expect(cli(['round', 'publish'], '2026-11-22T10:00:00Z').stdout).toMatch(/4 announcement\(s\) queued, 4 sent via file/);
  });

  it('announces the round with the field and the deadline in the game\'s zone', async () => {
    const m = await readOut('announcement-1-alice_example.test.eml');
    expect(m.to && !Array.isArray(m.to) ? m.to.value[0] : null).toMatchObject({ name: 'Alice Liddell', address: 'alice@example.test' });
    expect(m.subject).toBe('Boggle per Post: Runde 1 – Einsendeschluss Sonntag, 29. November 2026 um 18:00 Uhr (Europe/Berlin, MEZ)');
    expect(m.text).toContain(' 3  E  M  *  R  U');
    expect(m.html).toContain('<table class="field"');
    expect(m.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('reads a Thunderbird entry: numbered words, joker, substitutes, greeting and signature ignored', async () => {
    const r = cli(['ingest', '--eml', mail('thunderbird-numbered.eml')]);
    expect(r.stdout).toMatch(/entry for round 1 from alice@example.test, reply queued/);
    const e = json('rounds/001/entries.json').entries[0];
    expect(e).toMatchObject({ email: 'alice@example.test', joker: 'A', main: ['gurren', 'gurre', 'Gras', 'Gamelle', 'Wolke'], substitutes: ['Besen', 'Zar-Reich'], receivedAt: '2026-11-24T08:15:02.000Z' });
    // The raw mail is kept byte for byte.
    expect(readFileSync(join(dir, e.source))).toEqual(readFileSync(mail('thunderbird-numbered.eml')));
    const receipt = await readOut(outbox().find((f) => f.startsWith('receipt-'))!);
    expect(receipt.subject).toBe('Boggle per Post: Eingang deiner Einsendung für Runde 1');
    expect(receipt.inReplyTo).toBe('<5f2c9a1e-7d1b-4b5e-9a0e-thunderbird@example.test>');
    expect(receipt.headers.get('auto-submitted')).toBe('auto-replied');
    expect(receipt.text).toContain('Joker: A');
    expect(receipt.text).toMatch(/5\. Wolke\s+– nicht auf dem Feld/);
    expect(receipt.text).toMatch(/E2\. Zar-Reich\s+– kein Wort/);
    // Dictionary verdicts stay secret before the deadline: gurre (same lemma) and Gamelle (Swiss for a mess tin, not in the npm dictionary) pass without comment.
    expect(receipt.text).toMatch(/2\. gurre\n/);
    expect(receipt.text).toMatch(/4\. Gamelle\n/);
  });

  it('reads an HTML-only ISO-8859-1 Outlook mail and a base64 Apple Mail reply quoting the announcement', () => {
    cli(['ingest', '--eml', mail('outlook-html-only.eml'), mail('apple-reply-base64.eml')]);
    const entries = json('rounds/001/entries.json').entries;
    expect(entries.find((e: { email: string }) => e.email === 'bob@example.test')).toMatchObject({ main: ['gurren', 'Fähre', 'Ferne', 'Besen'], substitutes: ['Elle'], joker: null });
    expect(entries.find((e: { email: string }) => e.email === 'carol@example.test')).toMatchObject({ main: ['Krug', 'Kur', 'Elle'], substitutes: [] });
  });

  it('lets a later entry replace the earlier one entirely, keeping the history', async () => {
    const r = cli(['ingest', '--eml', mail('gmail-replacement.eml')]);
    expect(r.stdout).toMatch(/replaces the earlier one/);
    const alice = json('rounds/001/entries.json').entries.find((e: { email: string }) => e.email === 'alice@example.test');
    expect(alice).toMatchObject({ main: ['gurren', 'Gras', 'Gamelle', 'Besen'], substitutes: [], joker: 'A' });
    expect(alice.replaced).toHaveLength(1);
    expect(alice.replaced[0].main).toContain('Wolke');
  });

  it('ingesting the same mails again changes nothing', () => {
    const before = readFileSync(join(dir, 'rounds/001/entries.json'), 'utf8');
    const boxBefore = outbox();
    const r = cli(['ingest', '--eml', mail('thunderbird-numbered.eml'), mail('gmail-replacement.eml')]);
    expect(r.stdout.match(/already ingested: nothing changed/g)).toHaveLength(2);
    expect(readFileSync(join(dir, 'rounds/001/entries.json'), 'utf8')).toBe(before);
    expect(outbox()).toEqual(boxBefore);
  });

  it('refuses unknown senders, unreadable mails and late entries with a reply, and never answers an auto-reply', async () => {
    const r = cli(['ingest', '--eml', mail('unknown-sender.eml'), mail('nothing-readable.eml'), mail('vacation-autoreply.eml'), mail('late.eml')]);
    expect(r.stdout).toMatch(/refused \(unknown-sender\) from mallory@example.test, reply queued/);
    expect(r.stdout).toMatch(/not taken as an entry \(no-words\) from dave@example.test for round 1: kept for the GM, entry of record unchanged, reply queued/);
    expect(r.stdout).toMatch(/not answered \(Auto-Submitted: auto-replied\) from dave@example.test\n/);
    expect(r.stdout).toMatch(/refused \(round-closed\) from dave@example.test, reply queued/);
    const late = await readOut(outbox().find((f) => f.startsWith('refusal-') && readFileSync(join(dir, 'rounds/001/outbox', f), 'utf8').includes('late@example.test'))!);
    expect(late.text).toContain('Runde 1 ist geschlossen: Einsendeschluss war Sonntag, 29. November 2026 um 18:00 Uhr');
    const stranger = await readOut(outbox('rounds/unrouted/outbox')[0]!, 'rounds/unrouted/outbox');
    expect(stranger.to && !Array.isArray(stranger.to) ? stranger.to.value[0]!.address : null).toBe('mallory@example.test');
    expect(stranger.text).toContain('Diese Adresse ist bei Boggle per Post nicht angemeldet');
    // Nothing of the stranger's mail goes back: not the subject, not the address in the text.
    expect(stranger.text).not.toContain('mallory');
    expect(stranger.subject).not.toMatch(/Runde|Einsendung/);
    expect(json('rounds/001/entries.json').entries.map((e: { email: string }) => e.email).sort()).toEqual(['alice@example.test', 'bob@example.test', 'carol@example.test']);
    // Every one of them is stored raw.
    expect(readdirSync(join(dir, 'rounds/unrouted/inbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(2); // stranger, auto-reply
  });

  it('will not score while words await review; judges them; scores into results.json as SPEC 8', () => {
    const early = cli(['score']);
    expect(early.status).not.toBe(0);
    expect(early.stderr).toMatch(/round 1 is open until 2026-11-29T18:00:00.000\+01:00 .*pass --early/);
    const after = '2026-11-29T18:00:01Z';
    const blocked = cli(['score'], after);
    expect(blocked.status).not.toBe(0);
    expect(blocked.stderr).toMatch(/awaiting review \(GAMELLE\)/);
    expect(cli(['judge', 'accept', 'Gamelle']).status).toBe(0);
    const r = cli(['score', '--json'], after);
    expect(r.status, r.stderr).toBe(0);
    const results = json('rounds/001/results.json');
    expect(JSON.parse(r.stdout)).toEqual(results);
    expect(results.round).toBe(1);
    expect(results.field).toBe('FERNC/BSREO/EM*RU/NLIGK/ZALEW');
    expect(results.rules).toMatchObject({ scheme: 'letters', originality: 'submitted', minLength: 3 });
    const alice = results.players.find((p: { email: string }) => p.email === 'alice@example.test');
    expect(alice).toMatchObject({ name: 'Alice Liddell', joker: 'A', jokerDeclared: true });
    expect(alice.words[0]).toEqual({ input: 'gurren', word: 'GURREN', role: 'main', index: 1, status: 'counted', points: 6, original: false, lemmas: ['gurren'] });
    expect(alice.words.find((w: { word: string }) => w.word === 'GAMELLE')).toMatchObject({ status: 'counted', points: 7, original: true });
    const bob = results.players.find((p: { email: string }) => p.email === 'bob@example.test');
    expect(bob.words.find((w: { input: string }) => w.input === 'Fähre')).toMatchObject({ word: 'FAEHRE', status: 'rejected', reason: 'not-on-field' });
    for (const p of results.players) expect(p.total).toBe(p.letterPoints + p.originalityPoints);
    expect(results.players.map((p: { rank: number }) => p.rank)).toEqual([1, 2, 3]);
  });

  it('writes the newsletter (text and HTML) and sends it to every player', async () => {
    const r = cli(['newsletter', '--send'], '2026-11-30T10:00:00Z');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Rundentabelle');
    expect(r.stdout).toMatch(/Gamelle\s+7 \+1/); // shown as the player typed it
    expect(r.stdout).toMatch(/Gesamtwertung \(letzte 7 Runden: 1\)/);
    const letters = outbox().filter((f) => f.startsWith('newsletter-'));
    expect(letters).toHaveLength(4);
    const m = await readOut(letters[0]!);
    expect(m.html).toMatch(/<table class="list rows ranking"/);
    expect(readFileSync(join(dir, 'rounds/001/newsletter.txt'), 'utf8')).toBe(r.stdout);
    const ranking = JSON.parse(cli(['ranking', '--json']).stdout);
    expect(ranking.ranking).toHaveLength(3);
  });

  it('sends the newsletter once; a round rescored after a GM decision goes out again, corrected', () => {
    const count = () => outbox().filter((f) => f.startsWith('newsletter-')).length;
    cli(['newsletter', '--send'], '2026-11-30T10:00:00Z');
    expect(count()).toBe(4);
    expect(cli(['judge', 'reject', 'Krug']).status).toBe(0);
    expect(cli(['score'], '2026-11-30T11:00:00Z').status).toBe(0);
    const r = cli(['newsletter', '--send'], '2026-11-30T11:00:00Z');
    expect(r.stdout).toMatch(/Krug\s+– nicht im Wörterbuch/);
    expect(count()).toBe(8);
  });

  it('uses a game\'s own template over the built-in one', () => {
    const own = join(dir, 'templates', 'de');
    require('node:fs').mkdirSync(own, { recursive: true });
    require('node:fs').writeFileSync(join(own, 'newsletter.txt.hbs'), 'Unser eigener Rundbrief: Runde {{round}}, {{players.length}} Spieler\n');
    expect(cli(['newsletter']).stdout).toBe('Unser eigener Rundbrief: Runde 1, 3 Spieler\n');
  });
});
