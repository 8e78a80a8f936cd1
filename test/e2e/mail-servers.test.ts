import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { type MailStack, mailbox, sendAs, startMailStack, waitForMail } from './mailstack.js';

let stack: MailStack;
let dir = '';
let now = '2026-11-22T10:00:00Z';
const env = () => ({ POSTBOGGLE_NOW: now, POSTBOGGLE_IMAP_PASSWORD: 'gmpass' });
const cli = (args: string[], extra: Record<string, string> = {}) => runCli([...args, '--dir', dir], { env: { ...env(), ...extra } });

beforeAll(() => {
  stack = startMailStack();
  dir = join(mkdtempSync(join(tmpdir(), 'pb-e2e-')), 'game');
  expect(cli(['init', '--name', 'Boggle E2E']).status).toBe(0);
  const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
    .replace(/from: ".*"/, 'from: "Boggle E2E <gm@example.test>"')
    .replace('transport: file ', 'transport: smtp ')
    .replace('  # smtp:                 # password: environment variable POSTBOGGLE_SMTP_PASSWORD', `  smtp:\n    host: 127.0.0.1\n    port: ${stack.smtpPort}\n    tls: false`)
    .replace('  # imap:                 # password: environment variable POSTBOGGLE_IMAP_PASSWORD', `  imap:\n    host: 127.0.0.1\n    port: ${stack.imapPort}\n    tls: false\n    user: gm@example.test`);
  writeFileSync(join(dir, 'postboggle.yaml'), yaml);
  for (const [email, name] of [['alice@example.test', 'Alice'], ['bob@example.test', 'Bob']]) expect(cli(['player', 'add', email!, name!]).status).toBe(0);
}, 180_000);

afterAll(() => stack?.stop());

describe('real mail: Postfix (SMTP) → Dovecot (IMAP)', () => {
  it('publishes a round over SMTP into the players\' mailboxes', async () => {
    expect(cli(['round', 'new', '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00']).status).toBe(0);
    const r = cli(['round', 'publish']);
    expect(r.stdout, r.stderr).toMatch(/2 announcement\(s\) queued, 2 sent via smtp/);
    const got = await waitForMail(stack, 'alice@example.test', (m) => m.subject.includes('Runde 1'));
    expect(got).toHaveLength(1);
    expect(got[0]!.raw).toContain('Auto-Submitted: auto-generated');
  });

  it('fetches an entry over IMAP, stores it, moves it to "processed" and answers with a receipt', async () => {
    now = '2026-11-24T10:00:00Z';
    await sendAs(stack, 'Alice <alice@example.test>', 'gm@example.test', 'Re: Runde 1', 'Joker: A\ngurren, Gras, Besen\n\nViele Grüße\nAlice');
    await waitForMail(stack, 'gm@example.test', () => true);
    const r = cli(['ingest', '--imap']);
    expect(r.stdout, r.stderr).toMatch(/entry for round 1 from alice@example.test, reply queued/);
    expect(await mailbox(stack, 'gm@example.test')).toHaveLength(0);
    expect(await mailbox(stack, 'gm@example.test', 'processed')).toHaveLength(1);
    expect(readdirSync(join(dir, 'rounds/001/inbox'))).toHaveLength(1);
    const receipt = await waitForMail(stack, 'alice@example.test', (m) => m.subject.includes('Eingang'));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.raw).toMatch(/In-Reply-To: <[^>]+>/);
    // Fetching again finds nothing new and sends nothing.
    expect(cli(['ingest', '--imap']).stdout).toMatch(/^0 message\(s\) read/m);
  });

  it('tick closes, scores, opens and publishes the next round and sends the newsletter', async () => {
    now = '2026-11-29T18:05:00Z';
    const r = cli(['tick']);
    expect(r.stdout, r.stderr).toMatch(/round 1 closed/);
    expect(r.stdout).toMatch(/round 1 scored/);
    expect(r.stdout).toMatch(/round 2 opened/);
    expect(r.stdout).toMatch(/newsletter of round 1: 2 sent/);
    const letter = await waitForMail(stack, 'alice@example.test', (m) => m.subject.includes('Ergebnisse der Runde 1'));
    expect(letter).toHaveLength(1);
    expect(letter[0]!.raw).toContain('Content-Type: text/html');
    expect(await waitForMail(stack, 'bob@example.test', (m) => m.subject.includes('Runde 2'))).toHaveLength(1);
    // A second tick has nothing to do.
    expect(cli(['tick']).stdout).toBe('nothing due\n');
  });

  it('watch answers a new entry within seconds (IMAP IDLE)', async () => {
    now = '2026-11-30T09:00:00Z';
    const main = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
    const child = spawn(process.execPath, [main, 'watch', '--dir', dir, '--interval', '600'], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += String(d); });
    try {
      const until = Date.now() + 15_000;
      while (!out.includes('watching') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(out).toContain('watching');
      const t0 = Date.now();
      await sendAs(stack, 'Bob <bob@example.test>', 'gm@example.test', 'Runde 2', 'Besen, Gras');
      const receipt = await waitForMail(stack, 'bob@example.test', (m) => m.subject.includes('Eingang') && m.subject.includes('Runde 2'), 1, 30_000);
      expect(receipt, out).toHaveLength(1);
      expect(Date.now() - t0).toBeLessThan(30_000);
      console.log(`watch: receipt ${Date.now() - t0} ms after the entry was sent`);
      expect(out).toMatch(/entry for round 2 from bob@example.test/);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  });

  it('a kill -9 in the middle of an ingest loses nothing and answers once', async () => {
    now = '2026-11-30T10:00:00Z';
    await sendAs(stack, 'Alice <alice@example.test>', 'gm@example.test', 'Runde 2', 'gurren, Besen');
    await waitForMail(stack, 'gm@example.test', () => true);
    for (const point of ['ingest:stored', 'ingest:recorded']) {
      const crashed = cli(['ingest', '--imap'], { POSTBOGGLE_CRASH_AT: point });
      expect(crashed.status, point).toBe(-1); // killed by SIGKILL
      expect(await mailbox(stack, 'gm@example.test')).toHaveLength(1); // still there: not moved before it was handled
    }
    // Killed after the mail was handled and moved, before the receipt went out: it is queued.
    expect(cli(['ingest', '--imap'], { POSTBOGGLE_CRASH_AT: 'outbox:before-send' }).status).toBe(-1);
    const r = cli(['ingest', '--imap']);
    expect(r.status, r.stderr).toBe(0);
    expect(await mailbox(stack, 'gm@example.test')).toHaveLength(0);
    const entries = JSON.parse(readFileSync(join(dir, 'rounds/002/entries.json'), 'utf8')).entries;
    expect(entries.find((e: { email: string }) => e.email === 'alice@example.test').main).toEqual(['gurren', 'Besen']);
    await new Promise((res) => setTimeout(res, 2000));
    const receipts = await waitForMail(stack, 'alice@example.test', (m) => m.subject.includes('Eingang') && m.subject.includes('Runde 2'));
    expect(receipts).toHaveLength(1);
  });
});
