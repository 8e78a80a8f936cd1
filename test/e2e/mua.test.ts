import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { type MailStack, mailbox, startMailStack, waitForMail } from './mailstack.js';

// Players with real mail clients from Debian: s-nail and mutt send through Postfix into the
// game's Dovecot mailbox; postboggle reads it over IMAP and answers through Postfix.

let stack: MailStack;
let dir = '';
const NOW = '2026-11-24T10:00:00Z';
const cli = (args: string[]) => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: NOW, POSTBOGGLE_IMAP_PASSWORD: 'gmpass' } });

/** s-nail, as a player types a mail: no config file, straight to Postfix. */
function snail(from: string, subject: string, body: string): void {
  const r = spawnSync('s-nail', ['-:/', '-S', `mta=smtp://127.0.0.1:${stack.smtpPort}`, '-S', 'smtp-auth=none', '-S', `from=${from}`, '-S', 'ttycharset=utf-8', '-S', 'sendcharsets=utf-8', '-s', subject, 'gm@example.test'],
    { input: body, encoding: 'utf8', env: { ...process.env, HOME: stack.dir, LC_ALL: 'C.UTF-8' }, timeout: 30_000 });
  if (r.status !== 0) throw new Error(`s-nail failed: ${r.stderr}`);
}

/** mutt in batch mode, no muttrc, SMTP to Postfix. */
function mutt(from: string, subject: string, body: string): void {
  const r = spawnSync('mutt', ['-n', '-F', '/dev/null', '-e', `set from="${from}"`, '-e', `set smtp_url="smtp://127.0.0.1:${stack.smtpPort}/"`, '-e', 'set send_charset="utf-8"', '-e', `set tmpdir="${stack.dir}"`, '-e', 'set use_from=yes', '-e', 'set ssl_starttls=no', '-e', 'set ssl_force_tls=no', '-s', subject, 'gm@example.test'],
    { input: body, encoding: 'utf8', env: { ...process.env, HOME: stack.dir, LC_ALL: 'C.UTF-8' }, timeout: 30_000 });
  if (r.status !== 0) throw new Error(`mutt failed: ${r.stderr}${r.stdout}`);
}

beforeAll(() => {
  stack = startMailStack();
  dir = join(mkdtempSync(join(tmpdir(), 'pb-mua-')), 'game');
  expect(cli(['init', '--name', 'Boggle MUA']).status).toBe(0);
  const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
    .replace(/from: ".*"/, 'from: "Boggle MUA <gm@example.test>"')
    .replace('transport: file ', 'transport: smtp ')
    .replace('  # smtp:                 # password: environment variable POSTBOGGLE_SMTP_PASSWORD', `  smtp:\n    host: 127.0.0.1\n    port: ${stack.smtpPort}\n    tls: false`)
    .replace('  # imap:                 # password: environment variable POSTBOGGLE_IMAP_PASSWORD', `  imap:\n    host: 127.0.0.1\n    port: ${stack.imapPort}\n    tls: false\n    user: gm@example.test`);
  writeFileSync(join(dir, 'postboggle.yaml'), yaml);
  for (const [email, name] of [['alice@example.test', 'Alice'], ['bob@example.test', 'Bob']]) expect(cli(['player', 'add', email!, name!]).status).toBe(0);
  expect(runCli(['round', 'new', '--dir', dir, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env: { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' } }).status).toBe(0);
}, 180_000);

afterAll(() => stack?.stop());

describe('real mail clients → Postfix → Dovecot → postboggle', () => {
  it('reads entries from s-nail and mutt (closing, bottom posting), answers mail commands, sets a MIME bomb aside, and answers each', async () => {
    snail('Alice <alice@example.test>', 'Runde 1', 'Joker: A\ngurren, Gras, Besen\n\nViele Grüße\nAlice\n');
    mutt('Bob <bob@example.test>', 'Re: Boggle MUA: Runde 1', 'On Sun, Nov 22, 2026 at 10:00:00AM +0100, Boggle MUA wrote:\n> Runde 1\n> FERNC\n\nKrug, Kur, Elle\n\n-- \nBob\n');
    snail('Alice <alice@example.test>', 'Frage', 'help\n');
    mutt('Bob <bob@example.test>', 'Status', 'Status\n\n-- \nBob\n');
    // A mail of 1,200 MIME parts, which stopped every ingest before.
    const t = nodemailer.createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
    await t.sendMail({ from: 'Bob <bob@example.test>', to: 'gm@example.test', subject: 'bomb', text: 'x', attachments: Array.from({ length: 1200 }, (_, i) => ({ filename: `p${i}.txt`, content: `part ${i}` })) });
    t.close();
    await waitForMail(stack, 'gm@example.test', () => true, 5, 30_000);

    const r = cli(['ingest', '--imap']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/entry for round 1 from alice@example.test, reply queued/);
    expect(r.stdout).toMatch(/entry for round 1 from bob@example.test, reply queued/);
    expect(r.stdout).toMatch(/mail command HELP \(answered\) from alice@example.test/);
    expect(r.stdout).toMatch(/mail command STATUS \(answered\) from bob@example.test/);
    expect(r.stdout).toMatch(/quarantined \(more than 200 MIME parts\) from bob@example.test/);
    const entries = JSON.parse(cli(['entries', '--json']).stdout).entries;
    expect(entries.find((e: { email: string }) => e.email === 'alice@example.test')).toMatchObject({ main: ['gurren', 'Gras', 'Besen'], joker: 'A' });
    expect(entries.find((e: { email: string }) => e.email === 'bob@example.test')).toMatchObject({ main: ['Krug', 'Kur', 'Elle'] });

    // The server's copies: entries and the commands in "processed", the bomb in "quarantine", none left behind.
    expect(await mailbox(stack, 'gm@example.test')).toHaveLength(0);
    expect(await mailbox(stack, 'gm@example.test', 'processed')).toHaveLength(4);
    expect(await mailbox(stack, 'gm@example.test', 'quarantine')).toHaveLength(1);
    expect(cli(['ingest', '--imap']).stdout).toMatch(/^0 message\(s\) read/m);

    const receipt = await waitForMail(stack, 'alice@example.test', (m) => m.subject.includes('Eingang'));
    expect(receipt).toHaveLength(1);
    const text = (await simpleParser(receipt[0]!.raw)).text ?? '';
    expect(text).toMatch(/1\. gurren\n {2}2\. Gras\n {2}3\. Besen/);
    expect(text).toContain('„Viele Grüße“ (Grußformel)');
    const help = await waitForMail(stack, 'alice@example.test', (m) => m.subject.includes('So wird gespielt'));
    expect(help).toHaveLength(1);
    expect((await simpleParser(help[0]!.raw)).text).toContain('RANGLISTE');
    // STATUS: Bob's entry as read (whichever of his mails the server handed over first).
    const status = await waitForMail(stack, 'bob@example.test', (m) => m.subject.includes('Dein Stand'));
    expect(status).toHaveLength(1);
    expect((await simpleParser(status[0]!.raw)).text).toMatch(/Runde 1 ist offen; Einsendeschluss ist Sonntag, 29\. November 2026/);
    expect(await waitForMail(stack, 'bob@example.test', (m) => m.subject.includes('Eingang'))).toHaveLength(1);
    expect(await waitForMail(stack, 'bob@example.test', (m) => m.subject.includes('nicht gewertet'))).toHaveLength(1); // the bomb: told, in a fixed text
  });
});
