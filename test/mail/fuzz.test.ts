import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openGame } from '../../src/game/game.js';
import { Ingestor } from '../../src/game/ingest.js';
import { seededRng } from '../../src/rules/rng.js';
import { fixture } from '../helpers.js';

// Fuzzing: 2,000 mutations of the real-client corpus, seeded, through the real ingest.
// Whatever a mail looks like, ingest must not abort, and its raw bytes must be kept.

const FUZZ = Number(process.env.POSTBOGGLE_FUZZ ?? 2000);
const corpusDir = fixture('mail/corpus');
const seeds = [
  ...readdirSync(corpusDir).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(join(corpusDir, f))),
  ...readdirSync(fixture('mail')).filter((f) => f.endsWith('.eml')).map((f) => readFileSync(fixture(`mail/${f}`))),
];

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const int = (rng: Rng, n: number) => Math.floor(rng() * n);

/** One mutation of a mail, chosen by the seeded generator. */
const MUTATIONS: ((b: Buffer, rng: Rng) => Buffer)[] = [
  (b, rng) => { const c = Buffer.from(b); for (let i = 0; i < 1 + int(rng, 20); i++) c[int(rng, c.length)] = int(rng, 256); return c; }, // flip bytes
  (b, rng) => b.subarray(0, int(rng, b.length)), // truncate
  (b, rng) => { const s = b.toString('latin1'); const i = int(rng, s.length); return Buffer.from(s.slice(0, i) + s.slice(i).replace(/\r?\n\r?\n/, '\r\n'), 'latin1'); }, // lose the header/body gap
  (b) => Buffer.from(b.toString('latin1').replace(/\r\n/g, '\n'), 'latin1'), // bare LF
  (b) => Buffer.from(b.toString('latin1').replace(/\r\n/g, '\r'), 'latin1'), // bare CR
  (b, rng) => { const s = b.toString('latin1'); const lines = s.split('\r\n'); const i = int(rng, Math.min(lines.length, 12)); lines.splice(i, 0, ...Array(int(rng, 3000)).fill(lines[i] ?? 'X-A: b')); return Buffer.from(lines.join('\r\n'), 'latin1'); }, // repeat a header line
  (b, rng) => Buffer.from(b.toString('latin1').replace(/charset="?[\w-]+"?/gi, () => `charset=${pick(rng, ['utf-7', 'x-unknown', 'iso-2022-jp', 'utf-16', 'windows-1258', '"'])}`), 'latin1'), // charsets
  (b, rng) => Buffer.from(b.toString('latin1').replace(/Content-Transfer-Encoding: [\w-]+/gi, () => `Content-Transfer-Encoding: ${pick(rng, ['base64', 'quoted-printable', 'x-uuencode', '7bit', 'binary'])}`), 'latin1'), // encodings
  (b, rng) => { const bd = `fz${int(rng, 1e6)}`; const n = 1 + int(rng, 250); return Buffer.concat([Buffer.from(`From: alice@example.test\r\nContent-Type: multipart/mixed; boundary="${bd}"\r\n\r\n`), ...Array.from({ length: n }, () => Buffer.concat([Buffer.from(`--${bd}\r\nContent-Type: message/rfc822\r\n\r\n`), b, Buffer.from('\r\n')])), Buffer.from(`--${bd}--\r\n`)]); }, // wrap in many parts
  (b, rng) => { let s = b.toString('latin1'); for (let i = 0; i < 1 + int(rng, 200); i++) s = `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n${s}\r\n--n${i}--`; return Buffer.from(`From: bob@example.test\r\n${s}`, 'latin1'); }, // nest deep
  (b, rng) => Buffer.concat([b.subarray(0, int(rng, b.length)), Buffer.from('On '), Buffer.alloc(int(rng, 60_000), '<'), Buffer.from('\r\n> '.repeat(int(rng, 2000)))]), // hostile quoting
  (b, rng) => Buffer.from(b.toString('latin1').replace(/^From: .*$/im, pick(rng, ['From: =?UTF-8?Q?Eve=0D=0ABcc=3A_x=40y?= <eve@example.test>', 'From: <>', 'From: "a:b" <alice@example.test>', 'From:', 'From: a@b@c', `From: ${'x'.repeat(5000)}@example.test`])), 'latin1'), // broken From
  (b, rng) => Buffer.concat([b, Buffer.alloc(int(rng, 120_000), pick(rng, ['A', '\0', '\xff', '=', '-']))]), // tails of junk
  (b, rng) => Buffer.from(b.toString('latin1').replace(/Message-ID: .*/i, `Message-ID: <reused-${int(rng, 5)}@example.test>`), 'latin1'), // reused Message-IDs
  (b, rng) => Buffer.from(b.toString('latin1').replace(/\r\n\r\n/, `\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${'<div>'.repeat(int(rng, 8000))}`), 'latin1'), // deep HTML
  (b, rng) => Buffer.from(b.toString('utf8').normalize(pick(rng, ['NFD', 'NFKD', 'NFC'])), 'utf8'), // Unicode forms
];

describe(`fuzz: ${FUZZ} mutated real mails`, () => {
  it('ingest never aborts and keeps every raw copy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-fuzz-'));
    writeFileSync(join(dir, 'postboggle.yaml'), 'name: Fuzz\nlanguage: de\nmail:\n  from: "Fuzz <gm@example.test>"\n  repliesPerHour: 1000\nplayers:\n  - { email: alice@example.test, name: Alice }\n  - { email: bob@example.test, name: Bob }\n  - { email: carol@example.test, name: Carol }\n');
    mkdirSync(join(dir, 'rounds', '001'), { recursive: true });
    writeFileSync(join(dir, 'rounds', '001', 'round.json'), JSON.stringify({ round: 1, field: 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', seed: null, dice: null, opens: '2026-11-22T10:00:00.000+01:00', deadline: '2099-11-29T18:00:00.000+01:00', state: 'open' }));
    const rng = seededRng('fuzz-9');
    const hashes = new Set<string>();
    const aborts: string[] = [];
    const ing = new Ingestor(openGame(dir));
    const kinds: Record<string, number> = {};
    const slowest = { ms: 0, size: 0, kind: '' };
    try {
      for (let i = 0; i < FUZZ; i++) {
        let m = pick(rng, seeds);
        for (let k = 0; k < 1 + int(rng, 3); k++) m = pick(rng, MUTATIONS)(m, rng);
        hashes.add(createHash('sha256').update(m).digest('hex'));
        try {
          const t0 = performance.now();
          const r = await ing.ingest(m);
          const ms = performance.now() - t0;
          if (ms > slowest.ms) Object.assign(slowest, { ms, size: m.length, kind: r.outcome.kind });
          kinds[r.outcome.kind] = (kinds[r.outcome.kind] ?? 0) + 1;
        } catch (e) {
          aborts.push(`${i}: ${(e as Error).message.slice(0, 200)}`);
        }
      }
    } finally {
      ing.finish();
    }
    expect(aborts).toEqual([]);
    // Every distinct input is stored byte for byte somewhere under rounds/.
    const stored = new Set<string>();
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (f.endsWith('.eml') && !p.includes('/outbox/')) stored.add(createHash('sha256').update(readFileSync(p)).digest('hex'));
      }
    };
    walk(join(dir, 'rounds'));
    const lost = [...hashes].filter((h) => !stored.has(h));
    expect(lost).toHaveLength(0);
    expect(existsSync(join(dir, 'rounds', 'incoming')) ? readdirSync(join(dir, 'rounds', 'incoming')) : []).toEqual([]);
    console.log(`fuzz: ${FUZZ} mails, ${hashes.size} distinct, 0 aborts, 0 lost; ${Object.entries(kinds).map(([k, n]) => `${n} ${k}`).join(', ')}; slowest mail ${slowest.ms.toFixed(0)} ms (${slowest.size} bytes, ${slowest.kind})`);
  }, 300_000);
});
