import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

// GM overrides with an audit trail (issue 10, item 4), and players keeping one identity (item 6).

let dir = '';
const cli = (args: string[], now = '2026-11-24T12:00:00Z') => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: now } });
const json = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8'));
let n = 0;
function eml(from: string, subject: string, body: string, date: string): string {
  const f = join(dir, '..', `m${++n}.eml`);
  writeFileSync(f, [`From: ${from}`, 'To: gm@example.test', `Subject: ${subject}`, `Date: ${date}`, `Message-ID: <o${n}@example.test>`, '', body].join('\r\n'));
  return f;
}
const ingest = (file: string, at: string) => {
  const r = cli(['ingest', '--eml', file, '--received-at', at], at);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
};
const entryOf = (email: string) => json('rounds/001/entries.json').entries.find((e: { email: string }) => e.email === email);
const newsletters = () => readdirSync(join(dir, 'rounds/001/outbox')).filter((f) => f.startsWith('newsletter-') && f.endsWith('.eml')).sort();

beforeAll(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'pb-override-')), 'game');
  expect(cli(['init', '--name', 'Boggle']).status).toBe(0);
  for (const [email, name] of [['alice@example.test', 'Alice'], ['bob@example.test', 'Bob'], ['carol@example.test', 'Carol'], ['dave@example.test', 'Dave']]) {
    expect(cli(['player', 'add', email!, name!]).status).toBe(0);
  }
  expect(cli(['round', 'new', '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], '2026-11-22T10:00:00Z').status).toBe(0);
  ingest(eml('alice@example.test', 'Runde 1', '1. gurren\n2. Besen', 'Mon, 23 Nov 2026 10:00:00 +0000'), '2026-11-23T10:00:00Z');
  ingest(eml('bob@example.test', 'Runde 1', '1. Ferne\n2. Erbse\n3. Leim', 'Mon, 23 Nov 2026 11:00:00 +0000'), '2026-11-23T11:00:00Z');
  ingest(eml('bob@example.test', 'Runde 1', '1. Ferne', 'Mon, 23 Nov 2026 12:00:00 +0000'), '2026-11-23T12:00:00Z');
  ingest(eml('dave@example.test', 'Runde 1', '1. Leim', 'Mon, 23 Nov 2026 12:00:00 +0000'), '2026-11-23T12:00:00Z');
  // Carol is late: refused.
  expect(ingest(eml('carol@example.test', 'Runde 1', '1. Erbse\n2. Leim', 'Sun, 29 Nov 2026 17:30:00 +0000'), '2026-11-29T17:30:00Z')).toMatch(/refused \(round-closed\)/);
});

describe('GM overrides with an audit trail', () => {
  it('entry show lists the history, the late mail and which entry is of record', () => {
    const r = cli(['entry', 'show', '1', 'bob@example.test']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/#1 .*Ferne, Erbse, Leim\n/);
    expect(r.stdout).toMatch(/#2 .*Ferne {2}<- entry of record/);
    expect(cli(['entry', 'show', '1', 'carol@example.test']).stdout).toMatch(/#1 .*late mail \(refused, round closed\)/);
  });

  it('refuses a change without a reason, an unknown round, a bad history number', () => {
    for (const [args, msg] of [
      [['entry', 'remove', '1', 'dave@example.test'], /needs --reason/],
      [['entry', 'set', 'x', 'dave@example.test', '--words', 'Leim', '--reason', 'r'], /"x" is not a round number/],
      [['entry', 'set', '7', 'dave@example.test', '--words', 'Leim', '--reason', 'r'], /there is no round 7/],
      [['entry', 'restore', '1', 'bob@example.test', '9', '--reason', 'r'], /needs the number of an earlier entry/],
      [['entry', 'set', '1', 'nobody@example.test', '--words', 'Leim', '--reason', 'r'], /nobody@example.test is not a player/],
    ] as const) {
      const r = cli([...args]);
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(msg);
    }
  });

  it('records set, restore, accept-late and remove in the journal, and the newsletter lists them', { timeout: 180_000 }, async () => {
    const score = cli(['score', '1'], '2026-11-30T10:00:00Z');
    expect(score.status, score.stderr).toBe(0);
    expect(cli(['newsletter', '1', '--send'], '2026-11-30T10:05:00Z').status).toBe(0);
    const first = newsletters();
    expect(first).toHaveLength(4);

    const t = '2026-11-30T11:00:00Z';
    const set = cli(['entry', 'set', '1', 'alice@example.test', '--words', 'gurren, Besen', 'Erbse', '--joker', 'b', '--reason', 'Tippfehler per Telefon gemeldet'], t);
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/entry of record now: gurren, Besen, Erbse \| joker B/);
    expect(set.stdout).toMatch(/round 1 scored again/);
    expect(cli(['entry', 'restore', '1', 'bob@example.test', '#1', '--reason', 'zweite Mail war für Runde 2 gemeint'], t).status).toBe(0);
    expect(cli(['entry', 'accept-late', '1', 'carol@example.test', '--reason', 'Mailserver am Sonntag gestört'], t).status).toBe(0);
    expect(cli(['entry', 'remove', '1', 'dave@example.test', '--reason', 'auf eigenen Wunsch zurückgezogen'], t).status).toBe(0);

    expect(entryOf('alice@example.test')).toMatchObject({ main: ['gurren', 'Besen', 'Erbse'], joker: 'B', gm: { action: 'set', reason: 'Tippfehler per Telefon gemeldet' } });
    expect(entryOf('bob@example.test')).toMatchObject({ main: ['Ferne', 'Erbse', 'Leim'], gm: { action: 'restore' } });
    expect(entryOf('carol@example.test')).toMatchObject({ main: ['Erbse', 'Leim'], receivedAt: '2026-11-29T17:30:00.000Z', gm: { action: 'accept-late' } });
    expect(entryOf('dave@example.test')).toBeUndefined();
    // Appended, never rewritten: the journal holds every mail and every decision.
    const journal = readFileSync(join(dir, 'rounds/001/journal.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).rec);
    expect(journal.filter((r) => r.gm).map((r) => [r.kind, r.gm.action, r.gm.at])).toEqual([
      ['entry', 'set', '2026-11-30T11:00:00.000Z'], ['entry', 'restore', '2026-11-30T11:00:00.000Z'], ['entry', 'accept-late', '2026-11-30T11:00:00.000Z'], ['removed', 'remove', '2026-11-30T11:00:00.000Z'],
    ]);
    // Rescored: Dave is out, Carol in.
    const results = json('rounds/001/results.json');
    expect(results.players.map((p: { name: string }) => p.name).sort()).toEqual(['Alice', 'Bob', 'Carol']);
    // The late mail is handled in the GM inbox.
    expect(cli(['inbox']).stdout).not.toContain('carol@example.test');

    const send = cli(['newsletter', '1', '--send'], '2026-11-30T12:00:00Z');
    expect(send.status, send.stderr).toBe(0);
    expect(send.stdout).toContain('Entscheidungen der Spielleitung:');
    expect(send.stdout).toMatch(/Alice: Einsendung von der Spielleitung gesetzt \(gurren, Besen, Erbse; Joker B\)\. Grund: Tippfehler per Telefon gemeldet/);
    expect(send.stdout).toMatch(/Bob: frühere Einsendung wiederhergestellt/);
    expect(send.stdout).toMatch(/Carol: verspätete Einsendung angenommen \(Erbse, Leim\)\. Grund: Mailserver am Sonntag gestört/);
    expect(send.stdout).toMatch(/Dave: Einsendung gestrichen\. Grund: auf eigenen Wunsch zurückgezogen/);
    // Sent again, marked as a correction saying what changed.
    const second = newsletters().filter((f) => !first.includes(f));
    expect(second).toHaveLength(4);
    const m = await simpleParser(readFileSync(join(dir, 'rounds/001/outbox', second.find((f) => f.includes('alice'))!)));
    expect(m.subject).toBe('Korrektur: Boggle: Ergebnisse der Runde 1');
    expect(m.text).toMatch(/KORREKTUR des Rundbriefs vom Montag, 30\. November 2026 um 11:05 Uhr/);
    expect(m.text).toMatch(/- Alice: \d+ → \d+ Punkte/);
    expect(m.text).toMatch(/- Carol: neu in der Wertung \(\d+ Punkte\)/);
    expect(m.text).toMatch(/- Dave: nicht mehr in der Wertung/);
    expect(m.html).toContain('<strong>Korrektur</strong>');
    expect(m.html).toContain('Entscheidungen der Spielleitung');

    // The decisions are in no mail: a rebuild from the raw mails keeps them.
    const before = json('rounds/001/entries.json');
    const rb = cli(['rebuild'], '2026-11-30T12:30:00Z');
    expect(rb.status, rb.stderr).toBe(0);
    expect(json('rounds/001/entries.json').entries.map((e: { email: string; main: string[] }) => [e.email, e.main]).sort())
      .toEqual(before.entries.map((e: { email: string; main: string[] }) => [e.email, e.main]).sort());
  });
});

describe('a player renamed and re-addressed stays one row', () => {
  it('keeps the ranking history under a new name and address', { timeout: 180_000 }, () => {
    expect(cli(['player', 'rename', 'bob@example.test', 'Robert', 'Baumeister']).status).toBe(0);
    const alias = cli(['player', 'alias', 'bob@example.test', 'robert@new.example', '--primary']);
    expect(alias.status, alias.stderr).toBe(0);
    const players = JSON.parse(cli(['player', 'list', '--json']).stdout);
    expect(players.find((p: { name: string }) => p.name === 'Robert Baumeister')).toMatchObject({ email: 'robert@new.example', aliases: ['bob@example.test'] });
    // Round 2, played from the new address: one row with both rounds.
    expect(cli(['round', 'new', '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-12-06T18:00'], '2026-11-30T13:00:00Z').status).toBe(0);
    const r2 = cli(['ingest', '--eml', eml('robert@new.example', 'Runde 2', '1. Erbse\n2. Leim', 'Tue, 01 Dec 2026 10:00:00 +0000'), '--received-at', '2026-12-01T10:00:00Z'], '2026-12-01T10:00:00Z');
    expect(r2.stdout).toMatch(/entry for round 2 from robert@new.example/);
    expect(cli(['score', '2'], '2026-12-07T10:00:00Z').status).toBe(0);
    const ranking = JSON.parse(cli(['ranking', '--json'], '2026-12-07T10:00:00Z').stdout);
    const rows = ranking.ranking as { name: string; email: string; roundsPlayed: number }[];
    expect(rows.filter((r) => /Bob|Robert/.test(r.name))).toEqual([expect.objectContaining({ name: 'Robert Baumeister', email: 'robert@new.example', roundsPlayed: 2 })]);
    // Mail from the old address is still his, answered at the new one.
    expect(cli(['entry', 'show', '1', 'robert@new.example']).stdout).toMatch(/Robert Baumeister <robert@new.example>|Bob <robert@new.example>/);
    for (const [args, msg] of [
      [['player', 'alias', 'alice@example.test', 'robert@new.example'], /belongs to Robert Baumeister already/],
      [['player', 'add', 'not-an-address', 'X'], /^postboggle: player add: EMAIL "not-an-address" is not an email address/],
      [['player', 'rename', 'nobody@example.test', 'X'], /nobody@example.test is not a player/],
      [['player', 'pause', 'alice@example.test', '--until', 'soon'], /--until "soon" is not a date/],
    ] as const) {
      const r = cli([...args]);
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(msg);
    }
    expect(cli(['player', 'code', 'alice@example.test', 'tulpe']).status).toBe(0);
    expect(cli(['player', 'pause', 'alice@example.test', '--until', '24.12.2026']).stdout).toMatch(/paused until 2026-12-24/);
    expect(cli(['player', 'list']).stdout).toMatch(/alice@example.test {2}Alice {2}\[code\] {2}paused until 2026-12-24/);
    expect(cli(['player', 'code', 'alice@example.test', '--reset']).stdout).toMatch(/has no code now/);

    // Even an address edited by hand in postboggle.yaml keeps her results hers: they carry her id.
    const yaml = join(dir, 'postboggle.yaml');
    expect(readFileSync(yaml, 'utf8')).toMatch(/\{ id: p1, email: alice@example.test, name: Alice/);
    writeFileSync(yaml, readFileSync(yaml, 'utf8').replace('email: alice@example.test', 'email: alice@moved.example'));
    const rows2 = JSON.parse(cli(['ranking', '--json'], '2026-12-07T10:00:00Z').stdout).ranking as { name: string; email: string }[];
    expect(rows2.filter((r) => r.name === 'Alice')).toEqual([expect.objectContaining({ email: 'alice@moved.example' })]);
    expect(json('rounds/001/results.json').players.find((p: { name: string }) => p.name === 'Alice')).toMatchObject({ id: 'p1', email: 'alice@example.test' });
  });
});
