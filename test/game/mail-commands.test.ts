import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/game.js';
import type { IngestResult } from '../../src/game/ingest.js';
import { journalPath, type JournalRecord } from '../../src/game/round-journal.js';
import { readEntries } from '../../src/game/rounds.js';
import { commandLine, parseCommand } from '../../src/parse/mail-command.js';
import { Journal } from '../../src/store/journal.js';
import { runCli } from '../cli/run-cli.js';
import { ingestAll as ingestMails, rawMail } from './game-fixture.js';

// Player mail commands (issue 10, item 5): answered, never taken as an entry.

let dir = '';
const NOW = '2026-11-24T10:00:00Z';
const mail = rawMail;
const journal = (round: number | null) => new Journal<JournalRecord>(journalPath(openGame(dir).layout, round)).read().records;
const cli = (args: string[], now = NOW) => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: now } });
let n = 0;
const from = (who: string, subject: string, body = '') => mail([`From: ${who}`, 'To: gm@example.test', `Subject: ${subject}`, `Message-ID: <c${++n}@example.test>`], body);

const ingestAll = (raws: Buffer[]) => ingestMails(dir, raws);

/** The text of the reply queued for a result. */
async function replyText(r: IngestResult, round: number | null = 1): Promise<{ subject: string; text: string; to: string }> {
  const sub = round === null ? 'rounds/unrouted/outbox' : `rounds/00${round}/outbox`;
  const f = readdirSync(join(dir, sub)).find((x) => x.startsWith(`command-${r.id}`) && x.endsWith('.eml'))!;
  expect(f, `a reply to ${r.id}`).toBeTruthy();
  const m = await simpleParser(readFileSync(join(dir, sub, f)));
  return { subject: m.subject ?? '', text: m.text ?? '', to: m.to && !Array.isArray(m.to) ? m.to.value[0]!.address! : '' };
}

beforeEach(() => {
  process.env.POSTBOGGLE_NOW = NOW;
  dir = join(mkdtempSync(join(tmpdir(), 'pb-commands-')), 'game');
  const e = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  runCli(['init', '--dir', dir, '--name', 'Boggle'], { env: e });
  writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
    .replace('players: []', 'players:\n  - { email: alice@example.test, name: Alice Liddell }\n  - { email: bob@example.test, name: Bob, code: tulpe }')
    .replace(/from: ".*"/, 'from: "Boggle <gm@example.test>"'));
  runCli(['round', 'new', '--dir', dir, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env: e });
});
afterEach(() => { delete process.env.POSTBOGGLE_NOW; });

describe('recognising a command', () => {
  it('takes the command alone in the subject or as the first own line, in four languages', () => {
    expect(parseCommand('HILFE', '')).toEqual({ command: 'help', argument: '' });
    expect(parseCommand('Re: status', '\n-- \nAnna')).toEqual({ command: 'status', argument: '' });
    expect(parseCommand('Frage', 'Hallo,\n\nRangliste\n\nViele Grüße\nAnna', 'Anna')).toEqual({ command: 'ranking', argument: '' });
    expect(parseCommand('', 'Urlaub bis 24.12.')).toEqual({ command: 'pause', argument: 'bis 24.12.' });
    expect(parseCommand('ANMELDEN', 'Maria Muster')).toEqual({ command: 'join', argument: 'Maria Muster' });
    expect(parseCommand('', 'JOIN\nMaria Muster')).toEqual({ command: 'join', argument: 'Maria Muster' });
    for (const w of ['AIDE', 'aiuto', 'ÉTAT', 'grille', 'classifica', 'vacances', 'abmelden', 'resign', 'Feld', 'field']) expect(commandLine(w), w).not.toBeNull();
  });

  it('does not take a command inside an entry or a sentence', () => {
    expect(parseCommand('Meine Wörter', 'Feld\nBesen\nGras')).toBeNull();
    expect(parseCommand('', 'Status meiner Einsendung?')).toBeNull();
    expect(parseCommand('', 'Hilfe, ich komme mit dem Feld nicht klar. Zählt Stress auch?')).toBeNull();
    expect(parseCommand('Runde 1', '1. gurren\n2. Gras')).toBeNull();
  });
});

describe('answering commands by mail', () => {
  it('answers HELP, STATUS, FELD, RANGLISTE at the registered address and never touches the entry', async () => {
    const [entry] = await ingestAll([from('alice@example.test', 'Runde 1', '1. gurren\n2. Gras\nJoker: A')]);
    expect(entry!.outcome.kind).toBe('entry');
    const [help, status, field, ranking] = await ingestAll([
      from('Alice <alice@example.test>', 'HILFE'),
      from('alice@example.test', 'Re: Boggle', 'Status\n\nLG Alice'),
      from('alice@example.test', 'FELD'),
      from('alice@example.test', 'RANGLISTE'),
    ]);
    for (const r of [help, status, field, ranking]) expect(r!.outcome.kind).toBe('command');
    expect((await replyText(help!)).text).toContain('HILFE');
    const st = await replyText(status!);
    expect(st.to).toBe('alice@example.test');
    expect(st.text).toMatch(/Runde 1 ist offen; Einsendeschluss ist Sonntag, 29\. November 2026/);
    expect(st.text).toContain('gurren, Gras');
    expect(st.text).toContain('Joker: A');
    expect((await replyText(field!)).text).toContain(' 3  E  M  *  R  U');
    expect((await replyText(ranking!)).text).toContain('Es ist noch keine Runde ausgewertet.');
    // The entry of record is still the first mail's.
    expect(readEntries(openGame(dir).layout, 1).entries[0]).toMatchObject({ main: ['gurren', 'Gras'], joker: 'A' });
    expect(journal(1).filter((r) => r.kind === 'command').map((r) => r.kind === 'command' && r.command)).toEqual(['help', 'status', 'field', 'ranking']);
  });

  it('PAUSE sets pausedUntil in postboggle.yaml; a bad date changes nothing; a player with a code needs it', async () => {
    const [ok, bad, nocode, withcode] = await ingestAll([
      from('alice@example.test', 'URLAUB bis 24.12.'),
      from('alice@example.test', 'PAUSE', 'irgendwann'),
      from('bob@example.test', 'PAUSE bis 2026-12-31'),
      from('bob@example.test', 'PAUSE bis 2026-12-31', 'Code: tulpe'),
    ]);
    expect(ok!.outcome).toMatchObject({ kind: 'command', command: 'pause', outcome: 'paused' });
    expect((await replyText(ok!)).subject).toBe('Boggle: Pause bis 2026-12-24');
    expect(bad!.outcome).toMatchObject({ outcome: 'bad-date' });
    expect(nocode!.outcome).toMatchObject({ outcome: 'needs-code' });
    expect(withcode!.outcome).toMatchObject({ outcome: 'paused' });
    const players = openGame(dir).settings.players;
    expect(players.find((p) => p.email === 'alice@example.test')!.pausedUntil).toBe('2026-12-24');
    expect(players.find((p) => p.email === 'bob@example.test')!.pausedUntil).toBe('2026-12-31');
  });

  it('ABMELDEN with the code removes the player; without a code (anyone could forge it) it goes to the GM', async () => {
    const [bye, forged] = await ingestAll([from('bob@example.test', 'ABMELDEN', 'Code: tulpe'), from('alice@example.test', 'ABMELDEN')]);
    expect(bye!.outcome).toMatchObject({ outcome: 'resigned' });
    expect((await replyText(bye!)).text).toContain('Du bist abgemeldet');
    expect(forged!.outcome).toMatchObject({ outcome: 'resign-requested' });
    expect((await replyText(forged!)).text).toContain('an die Spielleitung weitergegeben');
    expect(openGame(dir).settings.players.map((p) => p.email)).toEqual(['alice@example.test']);
    expect(cli(['inbox']).stdout).toContain('asks to leave the game (postboggle player remove alice@example.test)');
  });

  it('a stranger may only ask to join: a fixed reply quoting nothing; the GM approves', async () => {
    const [join1, other] = await ingestAll([
      from('Maria <maria@example.test>', 'ANMELDEN', 'Maria <b>Muster</b>'),
      from('mallory@example.test', 'STATUS'),
    ]);
    expect(join1!.outcome).toMatchObject({ kind: 'command', command: 'join', outcome: 'join-requested' });
    const reply = await replyText(join1!, null);
    expect(reply.to).toBe('maria@example.test');
    expect(reply.text).not.toContain('Maria');
    expect(reply.text).not.toContain('Muster');
    expect(other!.outcome).toMatchObject({ kind: 'refused', reason: 'unknown-sender' });
    const rec = journal(null).find((r) => r.kind === 'command')!;
    expect(rec).toMatchObject({ kind: 'command', command: 'join', from: 'maria@example.test', name: 'Maria bMuster/b' });

    const list = cli(['player', 'requests']);
    expect(list.stdout).toContain('maria@example.test');
    const ok = cli(['player', 'approve', 'maria@example.test', 'Maria', 'Muster']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(openGame(dir).settings.players.find((p) => p.email === 'maria@example.test')!.name).toBe('Maria Muster');
    expect(cli(['player', 'requests']).stdout).toMatch(/no join requests/);
    expect(cli(['player', 'approve', 'nobody@example.test']).stderr).toMatch(/no join request from nobody@example.test/);
  });

  it('links the players\' guide from the announcement and the HELP answer; tells strangers how to join', async () => {
    writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8').replace('players:\n', 'playersGuide: "https://boggle.example.org/players.html"\nplayers:\n'));
    const pub = cli(['round', 'publish'], '2026-11-22T10:00:00Z');
    expect(pub.status, pub.stderr).toBe(0);
    const ann = await simpleParser(readFileSync(join(dir, 'rounds/001/outbox/announcement-1-alice_example.test.eml')));
    expect(ann.text).toContain('So wird gespielt, ausführlich: https://boggle.example.org/players.html');
    expect(ann.text).toMatch(/HILFE, STATUS .*FELD, RANGLISTE/s);
    expect(ann.html).toMatch(/<a [^>]*href="https:\/\/boggle.example.org\/players.html"/);
    const [help, stranger] = await ingestAll([from('alice@example.test', 'hilfe'), from('eve@example.test', 'Meine Wörter', 'gurren, Gras')]);
    expect((await replyText(help!)).text).toContain('Die Regeln und alles Weitere: https://boggle.example.org/players.html');
    expect(stranger!.outcome).toMatchObject({ kind: 'refused', reason: 'unknown-sender' });
    const refusal = readdirSync(join(dir, 'rounds/unrouted/outbox')).find((f) => f.startsWith(`refusal-${stranger!.id}`) && f.endsWith('.eml'));
    const text = refusal ? (await simpleParser(readFileSync(join(dir, 'rounds/unrouted/outbox', refusal)))).text : (await simpleParser(readFileSync(join(dir, 'rounds/001/outbox', readdirSync(join(dir, 'rounds/001/outbox')).find((f) => f.startsWith(`refusal-${stranger!.id}`) && f.endsWith('.eml'))!)))).text;
    expect(text).toMatch(/Betreff ANMELDEN und seinem Namen/);
    expect(text).not.toContain('gurren');
  });

  it('a player paused by mail gets no reminder; the others do', async () => {
    writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8').replace(/reminders: \[\].*\n/, 'reminders: [P2D]\n'));
    expect(cli(['round', 'publish'], '2026-11-22T10:00:00Z').status).toBe(0);
    const [pause] = await ingestAll([from('alice@example.test', 'URLAUB bis 5.12.2026')]);
    expect(pause!.outcome).toMatchObject({ outcome: 'paused' });
    const t = cli(['tick'], '2026-11-28T12:00:00Z');
    expect(t.status, t.stderr).toBe(0);
    const reminders = readdirSync(join(dir, 'rounds/001/outbox')).filter((f) => f.startsWith('reminder-') && f.endsWith('.eml'));
    expect(reminders.some((f) => f.includes('bob'))).toBe(true);
    expect(reminders.some((f) => f.includes('alice'))).toBe(false);
  });
});
