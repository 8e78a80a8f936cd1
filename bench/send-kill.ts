// Duplicates under kill -9: `round publish` to 83 players over SMTP into a local sink that,
// like a real mail server, writes and fsyncs each message before it answers 250. Each
// trial kills the publishing process with SIGKILL at a random moment, then runs it again to
// the end, and counts the players who got the announcement twice. Two figures: kills at a
// uniformly random time of the whole run (as a GM's crash would fall), and kills only while
// mail is being handed over (the worst case). Besides duplicates it counts the messages a
// kill left unconfirmed (handed over, the answer not read: not sent again by themselves,
// shown to the GM), split into those the sink had kept (the GM confirms them) and those it
// had not (the GM sends them again); any other message not delivered fails the bench.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, cpSync, fsync, mkdtempSync, openSync, readFileSync, rmSync, write, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { Outbox } from '../src/mail/outbox.js';
import { seededRng } from '../src/rules/rng.js';

const MAIN = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const PLAYERS = 83;

interface KillFigures { dups: number; kills: number; unconfirmed: number; unconfirmedNotDelivered: number }

export async function benchSendKill(kills = Number(process.env.BENCH_KILLS ?? 100)): Promise<{ kills: number; uniform: KillFigures; sending: KillFigures; runMs: number }> {
  const base = mkdtempSync(join(tmpdir(), 'pb-bench-kill-'));
  const spool = openSync(join(base, 'spool'), 'a');
  const delivered = new Map<string, number>();
  let firstMail: (() => void) | null = null;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, disableReverseLookup: true,
    onMailFrom(_a, _s, cb) { firstMail?.(); firstMail = null; cb(); },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const id = /^Message-ID: (.*)$/im.exec(raw.toString('latin1'))?.[1] ?? '?';
        const key = `${session.envelope.rcptTo.map((r) => r.address).join(',')} ${id}`;
        // Stored and fsync'd before the 250, as a real server does; asynchronously, so that
        // the bench's kill timer fires when it is due and not, biased, right after a 250.
        write(spool, raw, (we) => fsync(spool, (fe) => {
          if (we || fe) { cb(we ?? fe); return; }
          // Delivered when the server says 250 (RFC 5321 4.1.1.4: it takes responsibility
          // with that reply); a client killed before the 250 reached it will send again.
          cb();
          delivered.set(key, (delivered.get(key) ?? 0) + 1);
        }));
      });
    },
  });
  server.on('error', () => { /* a killed client resets its connection */ });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', () => res()));
  const port = (server.server.address() as { port: number }).port;
  const template = join(base, 'template');
  const env = { ...process.env, POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  spawnSync(process.execPath, [MAIN, 'init', '--dir', template, '--name', 'Kill'], { env });
  const yaml = readFileSync(join(template, 'postboggle.yaml'), 'utf8')
    .replace('transport: file ', 'transport: smtp ')
    .replace('  # smtp:                 # password: environment variable POSTBOGGLE_SMTP_PASSWORD', `  smtp:\n    host: 127.0.0.1\n    port: ${port}\n    tls: false`)
    .replace('players: []', `players:\n${Array.from({ length: PLAYERS }, (_, i) => `  - { email: p${i}@example.test, name: "P ${i}" }`).join('\n')}`);
  writeFileSync(join(template, 'postboggle.yaml'), yaml);
  spawnSync(process.execPath, [MAIN, 'round', 'new', '--dir', template, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env });

  const run = (dir: string, killAfter: ((started: number) => Promise<number>) | null) => new Promise<void>((resolve) => {
    const child = spawn(process.execPath, [MAIN, 'round', 'publish', '--dir', dir], { env, stdio: 'ignore' });
    const started = performance.now();
    if (killAfter) void killAfter(started).then((ms) => setTimeout(() => child.kill('SIGKILL'), ms));
    child.once('exit', () => resolve());
  });

  // One clean run for the length of a run and of its sending part.
  const calib = join(base, 'calib');
  cpSync(template, calib, { recursive: true });
  let sendStart = 0;
  firstMail = () => { sendStart = performance.now(); };
  const t0 = performance.now();
  await run(calib, null);
  const runMs = performance.now() - t0;
  const sendMs = performance.now() - sendStart;
  delivered.clear();

  const rng = seededRng('send-kill');
  const result = { uniform: { dups: 0, kills: 0, unconfirmed: 0, unconfirmedNotDelivered: 0 }, sending: { dups: 0, kills: 0, unconfirmed: 0, unconfirmedNotDelivered: 0 } };
  for (let i = 0; i < kills; i++) {
    const mode = i % 2 === 0 ? 'uniform' : 'sending';
    const dir = join(base, `t${i}`);
    cpSync(template, dir, { recursive: true });
    delivered.clear();
    await run(dir, mode === 'uniform'
      ? async () => rng() * runMs
      : () => new Promise<number>((res) => { firstMail = () => res(rng() * sendMs); }));
    firstMail = null;
    await run(dir, null);
    result[mode].kills++;
    result[mode].dups += [...delivered.values()].filter((n) => n > 1).reduce((a, n) => a + n - 1, 0);
    const unconfirmed = new Outbox(join(dir, 'rounds/001/outbox')).unconfirmedRecords();
    const had = (to: string) => [...delivered.keys()].some((k) => k.startsWith(`${to} `));
    const notDelivered = unconfirmed.filter((m) => !had(m.to)).length;
    result[mode].unconfirmed += unconfirmed.length;
    result[mode].unconfirmedNotDelivered += notDelivered;
    const missing = PLAYERS - delivered.size - notDelivered;
    if (missing > 0) throw new Error(`trial ${i}: ${missing} announcement(s) never delivered and not shown as unconfirmed`);
    rmSync(dir, { recursive: true, force: true });
  }
  await new Promise<void>((res) => server.close(() => res()));
  closeSync(spool);
  rmSync(base, { recursive: true, force: true });
  return { kills, ...result, runMs };
}

if (process.argv[1]?.endsWith('send-kill.js')) console.log(JSON.stringify(await benchSendKill()));
