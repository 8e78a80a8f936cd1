import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { ingestAll as ingestMails, rawMail } from './game-fixture.js';

// The GM inbox (issue 10, item 3): mail that did not become an entry, listed, forwarded, marked handled.

let dir = '';
const NOW = '2026-11-24T10:00:00Z';
const mail = rawMail;
const cli = (args: string[], now = NOW) => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: now } });
let n = 0;
const from = (who: string, subject: string, body = '') => mail([`From: ${who}`, 'To: gm@example.test', `Subject: ${subject}`, `Message-ID: <i${++n}@example.test>`], body);

const ingestAll = (raws: Buffer[]) => ingestMails(dir, raws);

beforeEach(() => {
  process.env.POSTBOGGLE_NOW = NOW;
  dir = join(mkdtempSync(join(tmpdir(), 'pb-inbox-')), 'game');
  const e = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  runCli(['init', '--dir', dir, '--name', 'Boggle'], { env: e });
  writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
    .replace('gm: { forward: false }', 'gm: { email: spielleitung@example.test, forward: true }')
    .replace('players: []', 'players:\n  - { email: alice@example.test, name: Alice Liddell }\n  - { email: bob@example.test, name: Bob, code: tulpe }')
    .replace(/from: ".*"/, 'from: "Boggle <gm@example.test>"'));
  runCli(['round', 'new', '--dir', dir, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env: e });
});
afterEach(() => { delete process.env.POSTBOGGLE_NOW; });

describe('the GM inbox', () => {
  it('lists what did not become an entry, forwards it to the GM, and marks items handled', async () => {
    const [question, forged, stranger, joinReq, entry] = await ingestAll([
      from('alice@example.test', 'Frage', 'Zählt Stress auch? Und ist Gras mit ß erlaubt, wenn man es anders schreibt?'),
      from('bob@example.test', 'Runde 1', '1. gurren\n2. Gras'), // no code: refused
      from('spam@example.test', 'Buy now', 'cheap pills'),
      from('Maria <maria@example.test>', 'JOIN', 'Maria Muster'),
      from('alice@example.test', 'Runde 1', '1. gurren\n2. Gras'),
    ]);
    expect(question!.outcome.kind).toBe('not-an-entry');
    expect(forged!.outcome).toMatchObject({ kind: 'refused', reason: 'bad-code' });
    expect(stranger!.outcome).toMatchObject({ kind: 'refused', reason: 'unknown-sender' });
    expect(entry!.outcome.kind).toBe('entry');

    const list = cli(['inbox']);
    expect(list.status, list.stderr).toBe(0);
    const lines = list.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith(question!.id.slice(0, 10)))).toMatch(new RegExp(`^${question!.id.slice(0, 10)}  2026-11-24 11:00  round 1  alice@example.test "Frage": not an entry \\(no-words|not-on-field\\)`));
    expect(list.stdout).toMatch(/bob@example.test "Runde 1": refused \(bad-code\)/);
    expect(list.stdout).toMatch(/spam@example.test "Buy now": refused \(unknown-sender\)/);
    expect(list.stdout).toMatch(/maria@example.test "JOIN": join request as "Maria Muster"/);
    const json = JSON.parse(cli(['inbox', '--json']).stdout);
    expect(json.map((i: { kind: string }) => i.kind).sort()).toEqual(['command', 'not-an-entry', 'refused', 'refused']);

    // Forwarded to the GM's own address: the player's question with its text; not the stranger's spam.
    const out = join(dir, 'rounds/001/outbox');
    const forwards = readdirSync(out).filter((f) => f.startsWith('forward-') && f.endsWith('.eml'));
    const unrouted = join(dir, 'rounds/unrouted/outbox');
    const forwardsUnrouted = existsSync(unrouted) ? readdirSync(unrouted).filter((f) => f.startsWith('forward-') && f.endsWith('.eml')) : [];
    expect(forwards.length + forwardsUnrouted.length).toBe(3);
    const q = await simpleParser(readFileSync(join(out, forwards.find((f) => f.includes(question!.id))!)));
    expect(q.to && !Array.isArray(q.to) ? q.to.value[0]!.address : '').toBe('spielleitung@example.test');
    expect(q.text).toContain('Zählt Stress auch?');
    expect(q.text).toContain(`postboggle inbox done ${question!.id.slice(0, 10)}`);
    expect(forwardsUnrouted.some((f) => f.includes(stranger!.id)) || forwards.some((f) => f.includes(stranger!.id))).toBe(false);

    // tick counts what waits.
    expect(cli(['tick']).stdout).toMatch(/GM inbox: 0 new, 4 waiting \(postboggle inbox\)/);

    const done = cli(['inbox', 'done', question!.id.slice(0, 6), stranger!.id.slice(0, 10), '--note', 'answered by hand']);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/marked handled/);
    expect(cli(['inbox']).stdout.trim().split('\n')).toHaveLength(2);
    const all = cli(['inbox', '--all']).stdout;
    expect(all).toMatch(/\[handled 2026-11-24 11:00: answered by hand\]/);
    // Recorded by appending: the journal of marks.
    expect(readFileSync(join(dir, 'rounds/inbox-done.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    expect(cli(['inbox', 'show', question!.id.slice(0, 10)]).stdout).toContain('Zählt Stress auch?');
    const bad = cli(['inbox', 'done', 'ffffffff']);
    expect(bad.status).not.toBe(0);
    expect(bad.stderr.trim()).toBe('postboggle: there is no inbox item ffffffff (postboggle inbox --all)');
  });
});
