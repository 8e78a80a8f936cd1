import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { rawMail } from './game-fixture.js';

// A batch read ahead in worker threads (src/game/read-pool.ts) writes what a batch read one
// mail at a time in one thread writes: the same files, byte for byte, the same journal lines
// in the same order, the same receipts and the same output, for a batch with every kind of
// mail in it (entries, replacements, the same mail twice in the window, trace-header copies,
// commands, strangers, robots, a mail too large, hostile structure that is quarantined).

const NOW = '2026-11-24T10:00:00Z';
let base = '';
let maildir = '';

function entry(n: number, from: string, body: string, extra: string[] = []): Buffer {
  return rawMail([`From: ${from}`, 'To: gm@example.test', 'Subject: Runde 1', `Message-ID: <ra${n}@example.test>`, ...extra], body);
}

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), 'pb-readahead-'));
  base = join(root, 'game');
  const e = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  runCli(['init', '--dir', base, '--name', 'Boggle'], { env: e });
  const players = Array.from({ length: 12 }, (_, i) => `  - { email: p${i}@example.test, name: "Player ${i}"${i === 3 ? ', aliases: [three@example.test]' : ''} }`).join('\n');
  writeFileSync(join(base, 'postboggle.yaml'), readFileSync(join(base, 'postboggle.yaml'), 'utf8')
    .replace('players: []', `players:\n${players}`).replace(/from: ".*"/, 'from: "Boggle <gm@example.test>"')
    .replace(/maxMessageBytes: \d+/, 'maxMessageBytes: 20000'));
  runCli(['round', 'new', '--dir', base, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env: e });
  const words = ['gurren', 'Gras', 'Besen', 'Ferne', 'Kur', 'Igel', 'Eile', 'Rose', 'xyzzy'];
  const mails: Buffer[] = [];
  for (let i = 0; i < 40; i++) {
    const p = i % 12;
    const list = Array.from({ length: 7 }, (_, k) => words[(i + k) % words.length]).join(', ');
    mails.push(entry(i, `Player ${p} <${p === 3 && i % 2 ? 'three' : `p${p}`}@example.test>`, `Joker: ${i % 3 ? 'A' : 'E'}\r\n${list}\r\nErsatz: Igel, Eile\r\n\r\nPlayer ${p}`));
  }
  mails.push(mails[5]!, mails[5]!); // the same bytes twice more, inside the window
  mails.push(Buffer.concat([Buffer.from('Received: from b by mx2; Tue, 24 Nov 2026 09:00:05 +0000\r\n'), mails[6]!])); // another copy of a message
  mails.push(entry(100, 'p1@example.test', 'help'));
  mails.push(entry(101, 'p2@example.test', 'Bin im Urlaub\r\nBis bald'));
  mails.push(entry(102, 'stranger@example.test', 'gurren, Gras'));
  mails.push(entry(103, 'p4@example.test', 'gurren', ['Auto-Submitted: auto-replied']));
  mails.push(entry(104, 'p5@example.test', `gurren, Gras\r\n${'x'.repeat(30_000)}`)); // too large
  const parts = Array.from({ length: 300 }, (_, i) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${i}`).join('\r\n');
  mails.push(entry(105, 'p6@example.test', `${parts}\r\n--b--`, ['Content-Type: multipart/mixed; boundary="b"'])); // quarantined
  mails.push(Buffer.from('this is not a mail at all\r\n'));
  mails.push(entry(106, 'p7@example.test', 'Runde 9\r\ngurren, Gras')); // no such round
  for (let i = 0; i < 8; i++) mails.push(entry(200 + i, `p${i}@example.test`, `1. Besen\r\n2. Ferne\r\n3. gurren\r\nErsatz: Kur`));
  maildir = join(root, 'Maildir');
  for (const sub of ['new', 'cur', 'tmp']) mkdirSync(join(maildir, sub), { recursive: true });
  mails.forEach((m, i) => writeFileSync(join(maildir, 'new', `${String(i).padStart(4, '0')}.x:2,`), m));
});

/** Every file of the game but the caches, by path and content (an index's generation is named by its journal's inode: left out). */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/\.cache$|\.lock$|checkpoint\.json$/.test(f)) {
        out.push(`${relative(dir, p).replace(/\.index\/[0-9a-f]{16}\//, '.index/GEN/')} ${createHash('sha256').update(readFileSync(p)).digest('hex').slice(0, 16)}`);
      }
    }
  };
  walk(dir);
  return out.sort();
}

function run(threads: string, extra: Record<string, string> = {}) {
  const dir = join(mkdtempSync(join(tmpdir(), 'pb-readahead-run-')), 'game');
  cpSync(base, dir, { recursive: true });
  const r = runCli(['ingest', '--dir', dir, '--maildir', maildir], { env: { POSTBOGGLE_NOW: NOW, POSTBOGGLE_READ_THREADS: threads, ...extra } });
  expect(r.status, r.stderr).toBe(0);
  return { stdout: r.stdout.replaceAll(dir, 'GAME'), files: snapshot(dir) };
}

describe('a batch read ahead in worker threads', () => {
  it('writes what a batch read in one thread writes, byte for byte, also when a reading thread dies', () => {
    const alone = run('0');
    expect(alone.stdout).toMatch(/entry for round 1 from p0@example.test/);
    expect(alone.stdout).toMatch(/quarantined \(more than 200 MIME parts\)/);
    expect(alone.stdout).toMatch(/already ingested/);
    expect(alone.stdout).toMatch(/59 message\(s\) read/);
    const pooled = run('2');
    expect(pooled.stdout).toBe(alone.stdout);
    expect(pooled.files).toEqual(alone.files);
    // Every thread dies with its first mail: the ingest reads them itself.
    const dying = run('1', { POSTBOGGLE_CRASH_AT: 'read-worker' });
    expect(dying.stdout).toBe(alone.stdout);
    expect(dying.files).toEqual(alone.files);
  });
});
