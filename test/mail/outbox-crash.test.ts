import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/mail/outbox.js';
import { runCli, runCliAsync } from '../cli/run-cli.js';

// An SMTP sink that can stall: at RCPT (before any of the message is handed over), or after
// the whole message is in, never answering its end (a send in flight when postboggle is killed).
let stall: 'no' | 'rcpt' | 'data' = 'no';
let onStall: (() => void) | null = null;
const accepted: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onRcptTo(_address, _session, callback) {
    if (stall === 'rcpt') {
      onStall?.();
      return; // never answer
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (stall === 'data') {
        onStall?.();
        return; // never answer: the client waits for "250"
      }
      accepted.push(`${session.envelope.rcptTo.map((r) => r.address).join(',')} ${/^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString())?.[1]}`);
      callback();
    });
  },
});
let port = 0;
let dir = '';

server.on('error', () => { /* the killed client resets its connection */ });
beforeAll(async () => {
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  port = (server.server.address() as { port: number }).port;
  dir = join(mkdtempSync(join(tmpdir(), 'pb-crash-')), 'game');
  const env = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  runCli(['init', '--dir', dir, '--name', 'Crash'], { env });
  const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
    .replace('transport: file ', 'transport: smtp ')
    .replace('  # smtp:                 # password: environment variable POSTBOGGLE_SMTP_PASSWORD', `  smtp:\n    host: 127.0.0.1\n    port: ${port}\n    tls: false`);
  writeFileSync(join(dir, 'postboggle.yaml'), yaml);
  for (const n of ['a', 'b', 'c']) runCli(['player', 'add', `${n}@example.test`, n.toUpperCase(), '--dir', dir], { env });
  runCli(['round', 'new', '--dir', dir, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env });
});
afterAll(() => new Promise<void>((res) => server.close(() => res())));

const main = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));

/** round publish, killed with SIGKILL once the sink stalls. */
async function publishKilledAt(where: 'rcpt' | 'data', game: string): Promise<void> {
  stall = where;
  const child = spawn(process.execPath, [main, 'round', 'publish', '--dir', game], { env: { ...process.env, POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' }, stdio: 'ignore' });
  await new Promise<void>((res) => { onStall = res; });
  child.kill('SIGKILL');
  await new Promise((res) => child.once('exit', res));
  stall = 'no';
}

describe('outbox: kill -9 while a message is being sent', () => {
  it('a message killed before it was handed over is sent by the rerun, every announcement exactly once', async () => {
    const game = join(dirname(dir), 'rcpt');
    cpSync(dir, game, { recursive: true });
    accepted.length = 0;
    await publishKilledAt('rcpt', game);
    const box = join(game, 'rounds/001/outbox');
    const records = new Outbox(box).records();
    expect(records).toHaveLength(3); // all recorded before any was sent
    expect(records.map((r) => r.state)).toEqual(['queued', 'queued', 'queued']);
    expect(readdirSync(box).filter((f) => f.endsWith('.eml'))).toHaveLength(3);
    const r = await runCliAsync(['round', 'publish', '--dir', game], { env: { POSTBOGGLE_NOW: '2026-11-22T10:05:00Z' } });
    expect(r.stdout, r.stderr).toMatch(/0 announcement\(s\) queued, 3 sent via smtp/);
    expect(r.stderr).not.toMatch(/unconfirmed/);
    expect(accepted.map((a) => a.split(' ')[0]).sort()).toEqual(['a@example.test', 'b@example.test', 'c@example.test']);
    // Nothing left to send: a third run sends nothing.
    expect((await runCliAsync(['round', 'publish', '--dir', game])).stdout).toMatch(/0 announcement\(s\) queued, 0 sent/);
    expect(accepted).toHaveLength(3);
  });

  it('a message killed after it was handed over is not sent again by itself: unconfirmed, shown, resent or confirmed by the GM', async () => {
    const game = join(dirname(dir), 'data');
    cpSync(dir, game, { recursive: true });
    accepted.length = 0;
    await publishKilledAt('data', game);
    const box = join(game, 'rounds/001/outbox');
    const states = new Outbox(box).records().map((r) => r.state);
    expect(states.filter((s) => s === 'unconfirmed')).toHaveLength(1);
    expect(states.filter((s) => s === 'queued')).toHaveLength(2);
    const r = await runCliAsync(['round', 'publish', '--dir', game], { env: { POSTBOGGLE_NOW: '2026-11-22T10:05:00Z' } });
    expect(r.stdout, r.stderr).toMatch(/0 announcement\(s\) queued, 2 sent via smtp/);
    expect(r.stderr).toMatch(/1 message\(s\) unconfirmed/);
    expect(r.status).toBe(0);
    expect(accepted).toHaveLength(2);
    const stuck = new Outbox(box).records().find((m) => m.state === 'unconfirmed')!;
    expect(accepted.map((a) => a.split(' ')[0])).not.toContain(stuck.to);
    // The GM sees it: outbox, doctor.
    const list = await runCliAsync(['outbox', '--dir', game]);
    expect(list.stdout).toContain(`${stuck.id}  announcement to ${stuck.to}: UNCONFIRMED`);
    const doc = await runCliAsync(['doctor', '--dir', game]);
    expect(doc.stdout).toMatch(/1 message\(s\) unconfirmed/);
    // A rerun still does not send it; confirm of a sent message is refused; resend sends it once.
    expect((await runCliAsync(['round', 'publish', '--dir', game])).stdout).toMatch(/0 sent/);
    const wrong = await runCliAsync(['outbox', 'confirm', new Outbox(box).records().find((m) => m.state === 'sent')!.id, '--dir', game]);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/it is sent; only unconfirmed messages can be confirmed/);
    const again = await runCliAsync(['outbox', 'resend', stuck.id, '--dir', game, '--reason', 'the player says it never came']);
    expect(again.stdout, again.stderr).toMatch(/queued again for .*\n1 sent via smtp/);
    expect(accepted.map((a) => a.split(' ')[0]).sort()).toEqual(['a@example.test', 'b@example.test', 'c@example.test']);
    expect((await runCliAsync(['outbox', '--dir', game])).stdout).toMatch(/everything has gone out \(3 message/);
    expect(readFileSync(join(box, 'journal.jsonl'), 'utf8')).toContain('"reason":"the player says it never came"');
  });
});
