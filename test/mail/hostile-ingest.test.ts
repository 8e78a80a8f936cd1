import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/game.js';
import { journalPath, type JournalRecord } from '../../src/game/round-journal.js';
import { readEntries } from '../../src/game/rounds.js';
import { Outbox } from '../../src/mail/outbox.js';
import { Journal } from '../../src/store/journal.js';
import { runCli } from '../cli/run-cli.js';
import { ingestAll as ingestMails, rawMail } from '../game/game-fixture.js';

// Hostile and unusual mail, one case of issue 9 each: never stall, never lose, never be abused.

let dir = '';
const NOW = '2026-11-24T10:00:00Z';
const mail = rawMail;
const journal = (round: number | null) => new Journal<JournalRecord>(journalPath(openGame(dir).layout, round)).read().records;
const allEml = (sub: string) => (existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)).filter((f) => f.endsWith('.eml')) : []);

const ingestAll = (raws: Buffer[], at?: (i: number) => Date) => ingestMails(dir, raws, at);

beforeEach(() => {
  process.env.POSTBOGGLE_NOW = NOW;
  dir = join(mkdtempSync(join(tmpdir(), 'pb-hostile9-')), 'game');
  const e = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  runCli(['init', '--dir', dir, '--name', 'Boggle'], { env: e });
  writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
    .replace('players: []', 'players:\n  - { email: alice@example.test, name: Alice Liddell }\n  - { email: bob@example.test, name: Bob }')
    .replace(/from: ".*"/, 'from: "Boggle <gm@example.test>"'));
  runCli(['round', 'new', '--dir', dir, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env: e });
});
afterEach(() => { delete process.env.POSTBOGGLE_NOW; });

const entry = (n: number, body = 'gurren, Gras, Besen', from = 'alice@example.test') =>
  mail([`From: ${from}`, 'To: gm@example.test', 'Subject: Meine Wörter', `Message-ID: <e${n}@example.test>`], body);

describe('never stall', () => {
  it('sets a mail of 1,200 flat MIME parts aside and goes on with the next one', async () => {
    const parts = Array.from({ length: 1200 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}`).join('\r\n');
    const bomb = mail(['From: alice@example.test', 'Subject: x', 'Message-ID: <bomb@example.test>', 'Content-Type: multipart/mixed; boundary="b"'], `${parts}\r\n--b--`);
    const [q, e] = await ingestAll([bomb, entry(1)]);
    expect(q!.outcome).toMatchObject({ kind: 'quarantined', email: 'alice@example.test' });
    expect(q!.outcome.kind === 'quarantined' && q!.outcome.why).toMatch(/more than 200 MIME parts/);
    expect(readFileSync(q!.file)).toEqual(bomb); // stored whole
    expect(q!.file).toMatch(/rounds\/quarantine\//);
    expect(journal(1).find((r) => r.kind === 'quarantined')).toMatchObject({ kind: 'quarantined', from: 'alice@example.test' });
    expect(e!.outcome).toMatchObject({ kind: 'entry', round: 1 });
    // The player is told, in a fixed text.
    const told = new Outbox(openGame(dir).layout.outbox(1)).records().find((r) => r.kind === 'refusal')!;
    expect(told.to).toBe('alice@example.test');
  });

  it('sets aside 1,000 nested parts and 10,000 header lines', async () => {
    let nested = '--n1000\r\nContent-Type: text/plain\r\n\r\ninnermost\r\n--n1000--';
    for (let i = 999; i >= 1; i--) nested = `--n${i}\r\nContent-Type: multipart/mixed; boundary="n${i + 1}"\r\n\r\n${nested}\r\n--n${i}--`;
    nested = `--n0\r\nContent-Type: multipart/mixed; boundary="n1"\r\n\r\n${nested}\r\n--n0--`;
    const deep = mail(['From: bob@example.test', 'Message-ID: <deep@example.test>', 'Content-Type: multipart/mixed; boundary="n0"'], nested);
    const headers = mail(['From: bob@example.test', 'Message-ID: <hdr@example.test>', ...Array.from({ length: 10_000 }, (_, i) => `X-H${i}: v`)], 'gurren');
    const rs = await ingestAll([deep, headers, entry(2, 'Besen, Gras', 'bob@example.test')]);
    expect(rs.map((r) => r.outcome.kind)).toEqual(['quarantined', 'quarantined', 'entry']);
    expect(allEml('rounds/quarantine')).toHaveLength(2);
  });

  it('reads pathological quoting (“On ” and 99,000 “<”) without stalling, and keeps it', async () => {
    const evil = mail(['From: alice@example.test', 'Message-ID: <evil@example.test>'], 'On ' + '<'.repeat(99_000) + '\r\n' + 'Am ' + 'x'.repeat(50_000) + ' ' + '>'.repeat(40_000));
    const [r] = await ingestAll([evil]);
    expect(['not-an-entry', 'entry']).toContain(r!.outcome.kind);
    expect(readFileSync(r!.file)).toEqual(evil);
  });
});

describe('never lose', () => {
  it('two different mails with one Message-ID are two messages; the same bytes twice are one', async () => {
    const a = mail(['From: alice@example.test', 'Subject: Runde 1', 'Message-ID: <same@example.test>'], 'gurren, Gras');
    const b = mail(['From: alice@example.test', 'Subject: Runde 1', 'Message-ID: <same@example.test>'], 'Besen, Ferne');
    const rs = await ingestAll([a, b, a], (i) => new Date(Date.parse(NOW) + i * 60_000));
    expect(rs.map((r) => r.outcome.kind)).toEqual(['entry', 'entry', 'duplicate']);
    expect(rs[0]!.id).not.toBe(rs[1]!.id);
    expect(allEml('rounds/001/inbox')).toHaveLength(2);
    expect(readEntries(openGame(dir).layout, 1).entries[0]).toMatchObject({ main: ['Besen', 'Ferne'], replaced: [{ main: ['gurren', 'Gras'] }] });
  });

  it('the same mail delivered twice with other trace headers is one message, both copies kept', async () => {
    const body = ['From: alice@example.test', 'Subject: Runde 1', 'Message-ID: <twice@example.test>', '', 'gurren'];
    const one = Buffer.from(['Received: from a by mx1; Tue, 24 Nov 2026 10:00:00 +0000', ...body].join('\r\n'));
    const two = Buffer.from(['Received: from b by mx2; Tue, 24 Nov 2026 10:00:05 +0000', 'Delivered-To: gm@example.test', ...body].join('\r\n'));
    const rs = await ingestAll([one, two]);
    expect(rs.map((r) => r.outcome.kind)).toEqual(['entry', 'duplicate']);
    expect(allEml('rounds/001/inbox')).toHaveLength(2);
    expect(new Outbox(openGame(dir).layout.outbox(1)).records().filter((r) => r.kind === 'receipt')).toHaveLength(1);
  });

  it('answers every entry when the server hands them out of order; the older one is told it was superseded', async () => {
    const later = entry(10, 'Besen, Ferne');
    const earlier = entry(11, 'gurren, Gras');
    const rs = await ingestAll([later, earlier], (i) => new Date(Date.parse(NOW) - i * 3_600_000));
    expect(rs.map((r) => r.outcome.kind)).toEqual(['entry', 'older']);
    expect(rs.every((r) => r.replied === true)).toBe(true);
    expect(readEntries(openGame(dir).layout, 1).entries[0]!.main).toEqual(['Besen', 'Ferne']);
    const box = join(dir, 'rounds/001/outbox');
    const older = await simpleParser(readFileSync(join(box, `receipt-${rs[1]!.id}.eml`)));
    expect(older.text).toMatch(/diese Nachricht kam nach deiner späteren Einsendung vom .* an\.\nEs gilt die spätere/);
  });

  it('a stored mail whose run was killed before reading it is read by the next run', () => {
    const env = { POSTBOGGLE_NOW: NOW, POSTBOGGLE_CRASH_AT: 'ingest:stored' };
    expect(runCli(['ingest', '--dir', dir], { input: entry(20).toString(), env }).status).toBe(-1);
    expect(allEml('rounds/incoming')).toHaveLength(1);
    const r = runCli(['ingest', '--dir', dir, '--eml', '/dev/null'], { env: { POSTBOGGLE_NOW: NOW } });
    expect(r.stdout).toMatch(/entry for round 1 from alice@example.test, reply queued/);
    expect(allEml('rounds/incoming')).toHaveLength(0);
  });

  it('rebuild reads every stored mail again and gets the same entries, after the state was lost', async () => {
    await ingestAll([entry(30), entry(31, 'Besen', 'bob@example.test'), entry(32, 'Bin im Urlaub\nBis bald'), entry(33, 'Ferne, Gras')], (i) => new Date(Date.parse(NOW) + i * 60_000));
    const before = readEntries(openGame(dir).layout, 1);
    writeFileSync(join(dir, 'rounds/001/journal.jsonl'), '{"sum":"00000000","rec":{}}\n{"torn'); // damaged beyond use
    writeFileSync(join(dir, 'rounds/001/entries.json'), '{"round":1,"entr'); // cut by a full disk
    unlinkSync(join(dir, 'rounds/ingested.jsonl'));
    const r = runCli(['rebuild', '--dir', dir], { env: { POSTBOGGLE_NOW: NOW } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/read 4 stored mail\(s\) again: 3 entry, 1 not-an-entry/);
    expect(readEntries(openGame(dir).layout, 1).entries.map((e) => [e.email, e.main])).toEqual(before.entries.map((e) => [e.email, e.main]));
    expect(JSON.parse(readFileSync(join(dir, 'rounds/001/entries.json'), 'utf8')).entries).toHaveLength(2);
    // Nothing was sent again.
    expect(new Outbox(openGame(dir).layout.outbox(1)).records()).toHaveLength(4);
  });

  it('a full disk during ingest: one clear line, the last good state kept, and all is well once there is room', (ctx) => {
    const mnt = mkdtempSync(join(tmpdir(), 'pb-full-'));
    if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mnt]).status !== 0) ctx.skip(); // needs root; store.test.ts injects full disks without it
    try {
      const game = join(mnt, 'game');
      execFileSync('cp', ['-r', dir, game]);
      // Allocated blocks, not apparent bytes: on tmpfs every small file takes a whole block.
      writeFileSync(join(mnt, 'filler'), Buffer.alloc(1024 * 1024 - 12 * 1024 - Number(execFileSync('du', ['-s', '-B1', mnt]).toString().split('\t')[0])));
      let failed = '';
      for (let i = 0; i < 30 && !failed; i++) {
        const r = runCli(['ingest', '--dir', game], { input: entry(100 + i, `gurren, Gras, Besen ${'Ferne '.repeat(200)}`, i % 2 ? 'bob@example.test' : 'alice@example.test').toString(), env: { POSTBOGGLE_NOW: NOW } });
        if (r.status !== 0) failed = r.stderr;
      }
      expect(failed).toMatch(/^postboggle: cannot (write|append to) .*(no space left|ENOSPC).*\n$/);
      expect(failed.trim().split('\n')).toHaveLength(1);
      // Every command still works on the last good state.
      expect(runCli(['entries', '--dir', game, '--json']).status).toBe(0);
      unlinkSync(join(mnt, 'filler'));
      const again = runCli(['ingest', '--dir', game], { input: entry(999, 'Ferne, Besen').toString(), env: { POSTBOGGLE_NOW: NOW } });
      expect(again.status, again.stderr).toBe(0);
      const entries = JSON.parse(runCli(['entries', '--dir', game, '--json']).stdout).entries;
      expect(entries.find((e: { email: string }) => e.email === 'alice@example.test').main).toEqual(['Ferne', 'Besen']);
      const stored = readdirSync(join(game, 'rounds/001/inbox')).length + (existsSync(join(game, 'rounds/incoming')) ? readdirSync(join(game, 'rounds/incoming')).length : 0);
      const rebuilt = runCli(['rebuild', '--dir', game], { env: { POSTBOGGLE_NOW: NOW } });
      expect(rebuilt.status, rebuilt.stderr).toBe(0);
      expect(rebuilt.stdout).toContain(`read ${stored} stored mail(s) again`);
    } finally {
      execFileSync('umount', [mnt]);
    }
  });
});

describe('read as the player meant', () => {
  it('a mail that is not an entry never replaces one, is kept for the GM and answered', async () => {
    const rs = await ingestAll([entry(40), entry(41, 'Bin im Urlaub\r\nBis bald'), entry(42, 'help'), entry(43, 'Hallo, wann ist Schluss?')], (i) => new Date(Date.parse(NOW) + i * 60_000));
    // "help" alone is a mail command (answered, docs/players.md); the others are kept for the GM.
    expect(rs.map((r) => r.outcome.kind)).toEqual(['entry', 'not-an-entry', 'command', 'not-an-entry']);
    expect(readEntries(openGame(dir).layout, 1).entries[0]!.main).toEqual(['gurren', 'Gras', 'Besen']);
    expect(journal(1).filter((r) => r.kind === 'not-an-entry').map((r) => r.kind === 'not-an-entry' && r.reason)).toEqual(['no-words', 'no-words']);
    const notice = await simpleParser(readFileSync(join(dir, 'rounds/001/outbox', `notice-${rs[1]!.id}.eml`)));
    expect(notice.subject).toBe('Boggle: Deine Nachricht ist keine Einsendung für Runde 1');
    expect(notice.text).toMatch(/Deine Einsendung bleibt die vom .*:\n {2}gurren, Gras, Besen/);
    expect(notice.text).toMatch(/„Bin im Urlaub“ \(Text\)/);
  });

  it('the receipt lists what was left out', async () => {
    const [r] = await ingestAll([entry(50, 'Hallo,\r\n\r\ngurren, Gras\r\n\r\nViele Grüße\r\nAlice\r\n\r\nVon meinem iPhone gesendet\r\n\r\n> Runde 1\r\n> FERNC')]);
    const receipt = await simpleParser(readFileSync(join(dir, 'rounds/001/outbox', `receipt-${r!.id}.eml`)));
    expect(receipt.text).toMatch(/Nicht als Wörter gelesen:\n {2}„Hallo,“ \(Anrede\)\n {2}„Viele Grüße“ \(Grußformel\)\n {2}„Alice“ \(Signatur\)\n {2}„Von meinem iPhone gesendet“ \(Signatur\)/);
    expect(receipt.text).toMatch(/Zitierter Text \(2 Zeilen\) wird nicht gelesen/);
  });
});

describe('never be abused', () => {
  it('forged strangers cannot make the game mail a third party, nor quote them', async () => {
    const forged = Array.from({ length: 100 }, (_, i) => mail([`From: spam${i}@example.test`, 'Reply-To: victim@example.test', 'Subject: BUY NOW http://spam.example', `Message-ID: <f${i}@example.test>`], 'Cheap pills'));
    const asVictim = Array.from({ length: 20 }, (_, i) => mail(['From: victim@example.test', 'Subject: BUY NOW', `Message-ID: <v${i}@example.test>`], 'Cheap pills'));
    await ingestAll([...forged, ...asVictim]);
    const sent = new Outbox(openGame(dir).layout.outboxGeneral).records();
    expect(sent.length).toBeLessThanOrEqual(10); // mail.strangerRepliesPerHour in all
    expect(sent.filter((r) => r.to === 'victim@example.test')).toHaveLength(0); // the hour's ten went to the first forgers' From
    for (const f of readdirSync(join(dir, 'rounds/unrouted/outbox')).filter((x) => x.endsWith('.eml'))) {
      expect(readFileSync(join(dir, 'rounds/unrouted/outbox', f), 'utf8')).not.toMatch(/BUY|pills|spam\.example/);
    }
    expect(allEml('rounds/unrouted/inbox')).toHaveLength(120); // every one kept
  });

  it('a flood of forgeries in a player\'s name cannot keep the receipt of the real entry, and of a later forgery, from the player', async () => {
    const forgeries = Array.from({ length: 10 }, (_, i) => entry(60 + i, 'Xylophon'));
    const real = entry(70, 'gurren, Gras, Besen');
    const laterForgery = entry(71, 'Ferne, Kur');
    const rs = await ingestAll([...forgeries.map((f) => Buffer.from(f.toString().replace('Xylophon', 'Elle, Ferne'))), real, laterForgery], (i) => new Date(Date.parse(NOW) + i * 1000));
    expect(rs.slice(0, 10).every((r) => r.replied === true)).toBe(true);
    expect(rs[10]!.replied).toBe('held');
    expect(rs[11]!.replied).toBe('held');
    const box = new Outbox(openGame(dir).layout.outbox(1));
    const held = box.records().filter((r) => r.state === 'queued' && r.notBefore);
    expect(held).toHaveLength(1); // coalesced: the newer one superseded the older, unsent
    expect(box.records().filter((r) => r.state === 'superseded')).toHaveLength(1);
    const text = (await simpleParser(readFileSync(join(dir, 'rounds/001/outbox', `${held[0]!.id}.eml`)))).text!;
    expect(text).toMatch(/Deine Einsendung für Runde 1,\ndie jetzt gilt, lautet:/);
    expect(text).toMatch(/1\. Ferne\n {2}2\. Kur/);
    // It goes out once the hour allows.
    const early = runCli(['tick', '--dir', dir], { env: { POSTBOGGLE_NOW: '2026-11-24T10:30:00Z' } });
    expect(early.status).toBe(0);
    expect(new Outbox(openGame(dir).layout.outbox(1)).get(held[0]!.id)!.state).toBe('queued');
    runCli(['tick', '--dir', dir], { env: { POSTBOGGLE_NOW: '2026-11-24T11:01:00Z' } });
    expect(new Outbox(openGame(dir).layout.outbox(1)).get(held[0]!.id)!.state).toBe('sent');
  });

  it('recognises robots that do not say so, and answers none of them', async () => {
    const robots = [
      mail(['From: alice@example.test', 'Subject: Re: Runde 1', 'X-Apple-Action: VACATION', 'Message-ID: <r1@x>'], 'Ich bin im Urlaub.'),
      mail(['From: post_master@example.test', 'Subject: Hello', 'Message-ID: <r2@x>'], 'gurren'),
      mail(['From: boggle-admin@lists.example.test', 'Subject: Loop Alert', 'Message-ID: <r3@x>'], 'A message was sent to the list in a loop.'),
      mail(['From: abuse-reports@isp.example.test', 'Subject: complaint', 'Message-ID: <r4@x>', 'Content-Type: multipart/report; report-type=feedback-report; boundary="f"'],
        '--f\r\nContent-Type: text/plain\r\n\r\nThis is an abuse report\r\n--f\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\n--f--'),
      mail(['From: Bob Person <bob@example.test>', 'Subject: Fwd: Undelivered Mail Returned to Sender', 'Message-ID: <r5@x>'], 'FYI\r\n\r\n---------- Forwarded message ---------\r\nFrom: Mail Delivery System <MAILER-DAEMON@x>'),
      mail(['From: Carol <carol@example.test>', 'Subject: FYI', 'Message-ID: <r6@x>', 'Content-Type: multipart/mixed; boundary="m"'],
        '--m\r\nContent-Type: text/plain\r\n\r\nsiehe unten\r\n--m\r\nContent-Type: message/rfc822\r\n\r\nFrom: MAILER-DAEMON@mx.example.test\r\nSubject: failure\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="z"\r\n\r\n--z--\r\n--m--'),
    ];
    const rs = await ingestAll(robots);
    expect(rs.map((r) => r.outcome.kind)).toEqual(Array(6).fill('ignored'));
    expect(rs.some((r) => r.replied)).toBe(false);
  });

  it('answers a player whose Reply-To is the game\'s own address, at the registered address', async () => {
    const [r] = await ingestAll([mail(['From: Alice <alice@example.test>', 'Reply-To: gm@example.test', 'Subject: Runde 1', 'Message-ID: <rt@x>'], 'gurren, Gras')]);
    expect(r!.outcome.kind).toBe('entry');
    expect(r!.replied).toBe(true);
    expect(new Outbox(openGame(dir).layout.outbox(1)).records()[0]!.to).toBe('alice@example.test');
  });
});

describe('sending', () => {
  it('a 550 for one recipient is final and reported; the run fails with one line; the next run does not retry it', async () => {
    const { SMTPServer } = await import('smtp-server');
    let attempts = 0;
    const server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'],
      onRcptTo(address, _s, cb) { attempts += address.address === 'bob@example.test' ? 1 : 0; cb(address.address === 'bob@example.test' ? Object.assign(new Error('5.1.1 unknown recipient'), { responseCode: 550 }) : undefined); },
      onData(stream, _s, cb) { stream.resume(); stream.on('end', () => cb()); },
    });
    await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
    try {
      const port = (server.server.address() as { port: number }).port;
      writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
        .replace('transport: file ', 'transport: smtp ')
        .replace('  # smtp:                 # password: environment variable POSTBOGGLE_SMTP_PASSWORD', `  smtp:\n    host: 127.0.0.1\n    port: ${port}\n    tls: false`));
      const { runCliAsync } = await import('../cli/run-cli.js');
      const r = await runCliAsync(['round', 'publish', '--dir', dir], { env: { POSTBOGGLE_NOW: NOW } });
      expect(r.status).toBe(1);
      expect(r.stdout).toMatch(/2 announcement\(s\) queued, 1 sent/);
      expect(r.stderr).toBe('postboggle: 1 message(s) could not be sent: 1 refused for good, not retried (bob@example.test: 550 5.1.1 unknown recipient)\n');
      expect(attempts).toBe(1);
      const again = await runCliAsync(['round', 'publish', '--dir', dir], { env: { POSTBOGGLE_NOW: NOW } });
      expect(again.status, again.stderr).toBe(0);
      expect(attempts).toBe(1);
      expect(new Outbox(join(dir, 'rounds/001/outbox')).records().find((x) => x.to === 'bob@example.test')).toMatchObject({ state: 'failed', lastError: '550 5.1.1 unknown recipient' });
    } finally {
      await new Promise<void>((res) => server.close(() => res()));
    }
    // The server gone: a temporary failure, kept queued for the next run, and this run fails saying so.
    const down = runCli(['ingest', '--dir', dir], { input: entry(80).toString(), env: { POSTBOGGLE_NOW: NOW } });
    expect(down.status).toBe(1);
    expect(down.stderr).toMatch(/^postboggle: 1 message\(s\) could not be sent: 1 failed, retried by the next command that sends \(.*ECONNREFUSED.*\)\n$/);
    expect(new Outbox(join(dir, 'rounds/001/outbox')).records().find((x) => x.kind === 'receipt')).toMatchObject({ state: 'queued', attempts: 1 });
  });
});
