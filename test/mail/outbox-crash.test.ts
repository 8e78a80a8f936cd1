import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../../src/mail/outbox.js';
import { runCli, runCliAsync } from '../cli/run-cli.js';

// An SMTP sink that can stall inside DATA: a send in flight when postboggle is killed.
let stall = false;
let onStall: (() => void) | null = null;
const accepted: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (stall) {
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

describe('outbox: kill -9 while a message is being sent', () => {
  it('sends every announcement exactly once after a rerun', async () => {
    stall = true;
    const main = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
    const child = spawn(process.execPath, [main, 'round', 'publish', '--dir', dir], { env: { ...process.env, POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' }, stdio: 'ignore' });
    await new Promise<void>((res) => { onStall = res; }); // the first message's data is on the wire
    child.kill('SIGKILL');
    await new Promise((res) => child.once('exit', res));
    const box = join(dir, 'rounds/001/outbox');
    const records = new Outbox(box).records();
    expect(records).toHaveLength(3); // all recorded before any was sent
    expect(records.every((r) => r.state === 'queued')).toBe(true);
    expect(readdirSync(box).filter((f) => f.endsWith('.eml'))).toHaveLength(3);
    stall = false;
    const r = await runCliAsync(['round', 'publish', '--dir', dir], { env: { POSTBOGGLE_NOW: '2026-11-22T10:05:00Z' } });
    expect(r.stdout, r.stderr).toMatch(/0 announcement\(s\) queued, 3 sent via smtp/);
    expect(accepted.map((a) => a.split(' ')[0]).sort()).toEqual(['a@example.test', 'b@example.test', 'c@example.test']);
    // Nothing left to send: a third run sends nothing.
    expect((await runCliAsync(['round', 'publish', '--dir', dir])).stdout).toMatch(/0 announcement\(s\) queued, 0 sent/);
    expect(accepted).toHaveLength(3);
  });
});
