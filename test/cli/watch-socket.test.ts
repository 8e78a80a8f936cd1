import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, runCliAsync } from './run-cli.js';

// procmail's `postboggle ingest < mail`, one process a mail, hands the mail to the game's
// running `watch` over the socket in the game directory; without a live watch it does the
// work itself. Either way the mail is stored, judged and answered exactly once.

const MAIN = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
const FIELD = 'FERNC/BSREO/EM*RU/NLIGK/ZALEW';
const mail = (id: string, words: string[], from = 'Alice <alice@example.test>') => [
  `From: ${from}`, 'To: Boggle <gm@example.test>', 'Subject: Runde 1', `Message-ID: <${id}@example.test>`,
  'Date: Mon, 23 Nov 2026 12:00:00 +0100', 'Content-Type: text/plain; charset=utf-8', '', 'Joker: A',
  ...words.map((w, i) => `${i + 1}. ${w}`), ''].join('\r\n');

/** A game with two players and a published round, made once with the CLI; each test gets a copy. */
let template = '';
function newGame(): string {
  if (!template) template = makeGame();
  const dir = mkdtempSync(join(tmpdir(), 'pb-sock-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

function makeGame(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pb-sock-'));
  for (const args of [['init'], ['player', 'add', 'alice@example.test', 'Alice'], ['player', 'add', 'bob@example.test', 'Bob'],
    ['round', 'new', '--field', FIELD, '--duration', 'P7D'], ['round', 'publish']]) {
    const r = runCli([...args, '--dir', dir]);
    expect(r.status, r.stderr).toBe(0);
  }
  return dir;
}

function startWatch(dir: string): Promise<{ child: ChildProcessWithoutNullStreams; out: () => string; err: () => string }> {
  const child = spawn(process.execPath, [MAIN, 'watch', '--dir', dir, '--interval', '3600']);
  let out = '', err = '';
  child.stdout.on('data', (d) => { out += String(d); });
  child.stderr.on('data', (d) => { err += String(d); });
  return new Promise((resolve, reject) => {
    const t = setInterval(() => {
      if (out.includes('taking mail from postboggle ingest')) { clearInterval(t); resolve({ child, out: () => out, err: () => err }); }
      if (child.exitCode !== null) { clearInterval(t); reject(new Error(`watch exited: ${err}`)); }
    }, 50);
  });
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(ok()).toBe(true);
}

const receipts = (dir: string, to: string) => readdirSync(join(dir, 'rounds/001/outbox')).filter((f) => f.endsWith('.eml'))
  .map((f) => readFileSync(join(dir, 'rounds/001/outbox', f), 'utf8')).filter((m) => m.includes(`To: ${to}`) && /GURREN/i.test(m));

describe('ingest hands one mail to a running watch', { timeout: 120_000 }, () => {
  let dir = '';
  let watch: Awaited<ReturnType<typeof startWatch>> | null = null;
  beforeEach(() => { dir = newGame(); });
  afterEach(() => { watch?.child.kill('SIGKILL'); watch = null; });

  it('the watch stores, judges and answers the mail; the same mail again changes nothing', async () => {
    watch = await startWatch(dir);
    const sock = join(dir, '.postboggle.sock');
    expect(statSync(sock).isSocket()).toBe(true);
    expect(statSync(sock).mode & 0o777).toBe(0o600);
    const first = runCli(['ingest', '--dir', dir], { input: mail('m1', ['gurren', 'Besen']) });
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^rounds\/001\/inbox\/\w+\.eml: entry for round 1 from alice@example\.test, reply queued\n1 message\(s\) read; 1 reply\(ies\) sent via file\n$/);
    await until(() => watch!.out().includes('entry for round 1 from alice@example.test'));
    expect(receipts(dir, 'Alice <alice@example.test>')).toHaveLength(1);
    const again = runCli(['ingest', '--dir', dir], { input: mail('m1', ['gurren', 'Besen']) });
    expect(again.stdout).toContain('already ingested: nothing changed');
    expect(receipts(dir, 'Alice <alice@example.test>')).toHaveLength(1);
    const entries = JSON.parse(runCli(['entries', '--json', '--dir', dir]).stdout) as { entries: { email: string; main: string[] }[] };
    expect(JSON.stringify(entries)).toContain('gurren');
  });

  it('several mails at once are taken one after the other, each answered once', async () => {
    watch = await startWatch(dir);
    const runs = await Promise.all([0, 1, 2, 3].map((i) => new Promise<number>((resolve) => {
      const c = spawn(process.execPath, [MAIN, 'ingest', '--dir', dir]);
      c.on('close', (code) => resolve(code ?? -1));
      c.stdin.end(mail(`par${i}`, ['gurren', i % 2 ? 'Besen' : 'Ferne'], i % 2 ? 'Bob <bob@example.test>' : 'Alice <alice@example.test>'));
    })));
    expect(runs).toEqual([0, 0, 0, 0]);
    expect(readdirSync(join(dir, 'rounds/001/inbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(4);
    expect(receipts(dir, 'Alice <alice@example.test>')).toHaveLength(2);
    expect(receipts(dir, 'Bob <bob@example.test>')).toHaveLength(2);
  });

  it('what the watch refuses comes back as one line and a non-zero exit; the watch keeps running', async () => {
    watch = await startWatch(dir);
    const bad = runCli(['ingest', '--dir', dir, '--received-at', 'soon'], { input: mail('m2', ['gurren']) });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('postboggle: --received-at "soon" is not an ISO 8601 time (like 2026-11-29T17:55 or 2026-11-29T17:55:00+01:00)\n');
    const garbage = await new Promise<string>((resolve) => {
      const s = createConnection(join(dir, '.postboggle.sock'), () => s.end('not json\nFrom: x\r\n'));
      let got = '';
      s.on('data', (d) => { got += String(d); });
      s.on('close', () => resolve(got));
    });
    expect(JSON.parse(garbage)).toEqual({ stdout: [], stderr: ['request header is not the ingest client\'s'], exitCode: 2 });
    const good = runCli(['ingest', '--dir', dir, '--received-at=2026-11-24T10:00'], { input: mail('m3', ['gurren']) });
    expect(good.status, good.stderr).toBe(0);
    expect(good.stdout).toContain('entry for round 1 from alice@example.test');
  });

  it('a second watch on the same game is refused; a socket left by a killed watch is not in the way', async () => {
    watch = await startWatch(dir);
    const second = await runCliAsync(['watch', '--dir', dir, '--interval', '3600']);
    expect(second.status).toBe(1);
    expect(second.stderr).toMatch(/^postboggle: another watch is already taking mail for this game \(.*\.postboggle\.sock\)\n$/);
    watch.child.kill('SIGKILL');
    await new Promise((r) => watch!.child.on('close', r));
    expect(existsSync(join(dir, '.postboggle.sock'))).toBe(true);
    // No watch answers: ingest does the work in its own process.
    const alone = runCli(['ingest', '--dir', dir], { input: mail('m4', ['gurren']) });
    expect(alone.status, alone.stderr).toBe(0);
    expect(alone.stdout).toContain('entry for round 1 from alice@example.test, reply queued');
    // A new watch replaces the dead socket and takes mail again.
    watch = await startWatch(dir);
    const back = runCli(['ingest', '--dir', dir], { input: mail('m5', ['Besen']) });
    expect(back.stdout).toContain('entry for round 1 from alice@example.test (replaces the earlier one), reply queued');
  });

  it('a watch killed while it handles the mail: ingest fails with one line, and the mail fed again is taken once', async () => {
    watch = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [MAIN, 'watch', '--dir', dir, '--interval', '3600'], { env: { ...process.env, POSTBOGGLE_CRASH_AT: 'ingest:recorded' } });
      let out = '';
      child.stdout.on('data', (d) => { out += String(d); if (out.includes('taking mail')) resolve({ child, out: () => out, err: () => '' }); });
      child.on('close', () => reject(new Error('watch exited early')));
    });
    const cut = runCli(['ingest', '--dir', dir], { input: mail('m6', ['gurren']) });
    expect(cut.status).toBe(1);
    expect(cut.stderr).toMatch(/^postboggle: the watch on this game stopped before it answered; feed the mail again/);
    await until(() => watch!.child.exitCode !== null || watch!.child.signalCode !== null); // reaped: its lock is stale now
    const again = runCli(['ingest', '--dir', dir], { input: mail('m6', ['gurren']) });
    expect(again.status, again.stderr).toBe(0);
    const third = runCli(['ingest', '--dir', dir], { input: mail('m6', ['gurren']) });
    expect(third.stdout).toContain('already ingested: nothing changed');
    expect(receipts(dir, 'Alice <alice@example.test>')).toHaveLength(1);
    expect(readdirSync(join(dir, 'rounds/001/inbox')).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
  });
});
