import { mkdtempSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

let dir = '';
const env = { POSTBOGGLE_NOW: '2026-11-24T10:00:00Z' };
const ingest = (raw: string | Buffer) => runCli(['ingest', '--dir', dir], { input: raw as string, env });
const outFiles = (sub = 'rounds/001/outbox') => (existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)).filter((f) => f.endsWith('.eml')) : []);
const mail = (headers: string[], body: string) => [...headers, '', body].join('\r\n');

beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), 'pb-hostile-')), 'game');
  const e = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  runCli(['init', '--dir', dir], { env: e });
  runCli(['player', 'add', 'alice@example.test', 'Alice', '--dir', dir], { env: e });
  runCli(['player', 'add', 'html@example.test', '<b>Bold</b> & <script>x()</script>', '--dir', dir], { env: e });
  runCli(['round', 'new', '--dir', dir, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env: e });
});

describe('hostile and broken mail', () => {
  it('stores an oversized mail whole, reads only its header and refuses it', () => {
    const big = mail(['From: alice@example.test', 'Subject: Runde 1', 'Message-ID: <big@example.test>'], 'gurren\r\n' + 'x'.repeat(700_000));
    const r = ingest(big);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/refused \(too-large\) from alice@example.test/);
    const stored = readdirSync(join(dir, 'rounds/001/inbox'));
    expect(readFileSync(join(dir, 'rounds/001/inbox', stored[0]!)).length).toBe(Buffer.byteLength(big));
    expect(existsSync(join(dir, 'rounds/001/entries.json'))).toBe(false);
  });

  it('survives malformed MIME and binary junk without losing the mail', () => {
    const broken = [
      mail(['From: alice@example.test', 'Subject: Runde 1', 'Content-Type: multipart/mixed; boundary="zzz"'], '--zzz\r\nContent-Type: text/plain\r\n\r\ngurren, Gras\r\n--zz'),
      mail(['From: alice@example.test', 'Content-Type: text/plain; charset=x-unknown-charset', 'Content-Transfer-Encoding: base64'], '!!!not base64%%%'),
      Buffer.concat([Buffer.from('From: alice@example.test\r\nSubject: \u0000\u0001\r\n\r\n'), Buffer.from([0xff, 0xfe, 0x00, 0x80, 0x81])]).toString('latin1'),
      'no headers at all, just text',
    ];
    for (const raw of broken) {
      const r = ingest(raw);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
    }
    const stored = [...readdirSync(join(dir, 'rounds/001/inbox')), ...readdirSync(join(dir, 'rounds/unrouted/inbox'))];
    expect(stored).toHaveLength(4);
    // Each readable one became Alice's entry in turn: the broken multipart one is in the history.
    const alice = JSON.parse(readFileSync(join(dir, 'rounds/001/entries.json'), 'utf8')).entries[0];
    expect([alice, ...alice.replaced].some((e: { main: string[] }) => e.main.slice(0, 2).join() === 'gurren,Gras')).toBe(true);
    expect(JSON.stringify(alice)).not.toMatch(/\\u0000/);
  });

  it('does not let a display name inject headers into a reply', () => {
    const r = ingest(mail(['From: =?UTF-8?Q?Eve=0D=0ABcc=3A_victim=40example.test?= <eve@example.test>', 'Subject: Runde 1', 'Message-ID: <inject@example.test>'], 'gurren'));
    expect(r.stdout).toMatch(/refused \(unknown-sender\)/);
    const [f] = outFiles('rounds/unrouted/outbox');
    const refusal = readFileSync(join(dir, 'rounds/unrouted/outbox', f!), 'utf8');
    const head = refusal.split('\r\n\r\n')[0]!;
    expect(head).not.toMatch(/^Bcc:/im);
    expect(head).toMatch(/^To: eve@example.test$/m); // a stranger gets a fixed text: not even their name comes back
  });

  it('escapes HTML in names and words in the HTML newsletter', () => {
    ingest(mail(['From: html@example.test', 'Subject: Runde 1', 'Message-ID: <h@example.test>'], 'Wörter: gurren\r\n<img src=x onerror=alert(1)>'));
    runCli(['score', '--dir', dir, '--reject-pending', '--early']);
    runCli(['newsletter', '--dir', dir]);
    const html = readFileSync(join(dir, 'rounds/001/newsletter.html'), 'utf8');
    expect(html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; &lt;script&gt;x()&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html).toContain('<s class="no">&lt;img</s>'); // the token, shown as text and struck through
    expect(html).not.toMatch(/<b>Bold/);
  });

  it('never answers bounces, lists, bulk mail or robots', () => {
    const robots = [
      ['From: MAILER-DAEMON@example.test', 'Subject: Undelivered'],
      ['From: postmaster@example.test', 'Subject: Delivery Status Notification'],
      ['From: alice@example.test', 'Content-Type: multipart/report; report-type=delivery-status; boundary="b"'],
      ['From: alice@example.test', 'List-Id: <boggle.lists.example.test>'],
      ['From: alice@example.test', 'Precedence: bulk'],
      ['From: noreply@example.test'],
      ['From: alice@example.test', 'Return-Path: <>'],
      ['From: postboggle@localhost'], // the game's own address: a reply would talk to itself
    ];
    robots.forEach((h, i) => {
      const r = ingest(mail([...h, `Message-ID: <robot${i}@example.test>`], 'gurren'));
      expect(r.stdout, h.join(' ')).toMatch(/not answered/);
    });
    expect(outFiles()).toHaveLength(0);
    expect(outFiles('rounds/unrouted/outbox')).toHaveLength(0);
  });

  it('answers a player at the registered address, not at a Reply-To', () => {
    ingest(mail(['From: alice@example.test', 'Reply-To: attacker@example.test', 'Subject: Runde 1', 'Message-ID: <rt@example.test>'], 'gurren'));
    const [f] = outFiles();
    expect(readFileSync(join(dir, 'rounds/001/outbox', f!), 'utf8')).toMatch(/^To: Alice <alice@example.test>$/m);
  });

  it('with a player code, refuses an entry without it and tells the real player', () => {
    const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8').replace('email: alice@example.test, name: Alice }', 'email: alice@example.test, name: Alice, code: tulpe }');
    writeFileSync(join(dir, 'postboggle.yaml'), yaml);
    const forged = ingest(mail(['From: alice@example.test', 'Reply-To: eve@example.test', 'Subject: Runde 1', 'Message-ID: <forged@example.test>'], 'gurren'));
    expect(forged.stdout).toMatch(/refused \(bad-code\)/);
    const refusal = readFileSync(join(dir, 'rounds/unrouted/outbox', outFiles('rounds/unrouted/outbox')[0]!), 'utf8');
    expect(refusal).toMatch(/^To: Alice <alice@example.test>$/m);
    expect(existsSync(join(dir, 'rounds/001/entries.json'))).toBe(false);
    const real = ingest(mail(['From: alice@example.test', 'Subject: Runde 1', 'Message-ID: <real@example.test>'], 'Code: tulpe\r\ngurren, Besen'));
    expect(real.stdout).toMatch(/entry for round 1 from alice@example.test/);
    expect(JSON.parse(readFileSync(join(dir, 'rounds/001/entries.json'), 'utf8')).entries[0].main).toEqual(['gurren', 'Besen']);
  });
});
