import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { fixture } from '../helpers.js';
import { makeGame } from './game-fixture.js';

// Every command refuses the impossible with one line on stderr, a non-zero exit, no stack
// trace, and writes nothing; state files that were edited wrongly are named with the key.

const oneLine = (r: { status: number; stderr: string }, pattern: RegExp) => {
  expect(r.status).not.toBe(0);
  expect(r.stderr).toMatch(pattern);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).not.toMatch(/\n\s+at /);
};

describe('bad arguments', { timeout: 120_000 }, () => {
  let dir = '';
  const cli = (args: string[]) => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: '2026-11-03T12:00:00Z' } });
  beforeAll(() => {
    dir = makeGame({ Alice: { main: ['Ferne'], substitutes: [], joker: null } });
  });

  it('ranking --window must be a whole number from 1', () => {
    for (const w of ['0', 'abc', '-3', '2.5']) oneLine(cli(['ranking', `--window=${w}`]), new RegExp(`^postboggle: --window "${w.replace('.', '\\.')}" is not a whole number from 1 up`));
  });

  it('a round number that is not one is named as such', () => {
    oneLine(cli(['round', 'show', 'abc']), /^postboggle: "abc" is not a round number/);
    oneLine(cli(['score', '0']), /^postboggle: "0" is not a round number/);
    oneLine(cli(['entries', 'x1']), /^postboggle: "x1" is not a round number/);
    oneLine(cli(['round', 'show', '7']), /^postboggle: there is no round 7/);
    oneLine(cli(['ratings', '--round', 'abc']), /^postboggle: "abc" is not a round number/);
    oneLine(cli(['solve', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--min-length', 'abc']), /^postboggle: --min-length "abc" is not a whole number from 1 up/);
    oneLine(cli(['watch', '--interval', '0']), /^postboggle: --interval "0" is not a whole number from 1 up/);
  });

  it('round show tells the real state: past the deadline, not published; received times in the game\'s zone, in entries too', () => {
    const r = runCli(['round', 'show', '1', '--dir', dir], { env: { POSTBOGGLE_NOW: '2026-11-09T12:00:00Z' } });
    expect(r.stdout).toMatch(/^round 1 \(deadline passed, closes at the next tick, not published\)/);
    expect(r.stdout).toContain('Alice 02.11. 11:00; times in Europe/Berlin');
    // entries too (received 10:00Z)
    const entries = runCli(['entries', '1', '--dir', dir]).stdout;
    expect(entries).toMatch(/^round 1: \d+ entr(y|ies) \(times in Europe\/Berlin\)/);
    expect(entries).toContain('Alice <alice@example.test>, received 2026-11-02 11:00 +01:00');
  });

  it('player add names a bad EMAIL argument; an IDN domain is kept in its ASCII form', () => {
    const before = readFileSync(join(dir, 'postboggle.yaml'), 'utf8');
    oneLine(cli(['player', 'add', 'bob.example.org', 'Bob']), /^postboggle: player add: EMAIL "bob.example.org" is not an email address/);
    oneLine(cli(['player', 'add', 'jürgen@example.org', 'Jürgen']), /^postboggle: player add: EMAIL "jürgen@example.org" has characters before the @/);
    oneLine(cli(['player', 'add', 'a@b@', 'X']), /^postboggle: player add: EMAIL "a@b@"/);
    expect(readFileSync(join(dir, 'postboggle.yaml'), 'utf8')).toBe(before);
    expect(cli(['player', 'add', 'anna@bücher.example', 'Anna']).stdout).toBe('added Anna <anna@xn--bcher-kva.example>\n');
  });

  it('round deadline refuses what cannot be a deadline, and a round that cannot move', () => {
    const before = readFileSync(join(dir, 'rounds/001/round.json'), 'utf8');
    oneLine(cli(['round', 'deadline', '1']), /^postboggle: round deadline needs the new deadline/);
    oneLine(cli(['round', 'deadline', '1', '+2x']), /^postboggle: "\+2x" is not a duration/);
    oneLine(cli(['round', 'deadline', '1', 'next week']), /^postboggle: "next week" is not a deadline/);
    oneLine(cli(['round', 'deadline', '1', '2026-11-02T10:00']), /is already past; pass --force/);
    oneLine(cli(['round', 'deadline', '1', '+1d', '--notify']), /^postboggle: round 1 is not published yet/);
    expect(readFileSync(join(dir, 'rounds/001/round.json'), 'utf8')).toBe(before);
  });

  it('init takes --language, --timezone and --from, and refuses bad ones without writing', () => {
    const base = mkdtempSync(join(tmpdir(), 'pb-init-'));
    const en = runCli(['init', '--dir', join(base, 'en'), '--name', 'Word Hunt', '--language', 'en', '--timezone', 'Europe/London', '--from', 'Word Hunt <hunt@example.org>']);
    expect(en.status, en.stderr).toBe(0);
    const text = readFileSync(join(base, 'en', 'postboggle.yaml'), 'utf8');
    expect(text).toMatch(/^language: en$/m);
    expect(text).toMatch(/^ {2}timezone: Europe\/London /m);
    expect(text).toMatch(/^ {2}from: "Word Hunt <hunt@example.org>"$/m);
    oneLine(runCli(['init', '--dir', join(base, 'tz'), '--timezone', 'Mars/Olympus']), /^postboggle: --timezone "Mars\/Olympus" is not a time zone/);
    oneLine(runCli(['init', '--dir', join(base, 'from'), '--from', 'nobody']), /^postboggle: --from "nobody" is not an address/);
    expect(existsSync(join(base, 'tz'))).toBe(false);
    expect(existsSync(join(base, 'from'))).toBe(false);
  });
});

describe('state files edited by hand', { timeout: 120_000 }, () => {
  const edit = (dir: string, file: string, f: (o: Record<string, unknown>) => void) => {
    const o = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    f(o);
    writeFileSync(join(dir, file), JSON.stringify(o));
  };
  const game = () => makeGame({ Alice: { main: ['Ferne'], substitutes: [], joker: null } });
  const at = (dir: string, args: string[]) => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: '2026-11-03T12:00:00Z' } });

  it('a deadline that is not an ISO time is named with its file and key, by every command that reads it', () => {
    for (const [bad, cmds] of [['2026-12-06 20:00', [['round', 'show'], ['tick'], ['ingest', '--eml', fixture('mail/thunderbird-numbered.eml')]]], ['Sonntag 20 Uhr', [['round', 'list']]]] as const) {
      const dir = game();
      edit(dir, 'rounds/001/round.json', (o) => { o.deadline = bad; });
      for (const cmd of cmds) {
        oneLine(at(dir, [...cmd]), /^postboggle: rounds\/001\/round\.json: deadline: expected an ISO 8601 time with its offset/);
      }
      expect(existsSync(join(dir, 'rounds/001/inbox'))).toBe(false);
    }
  }, 120_000);

  it('a file found good before and edited since is checked again (the memo of good files goes by their bytes); a damaged memo is no matter', () => {
    const dir = game();
    expect(at(dir, ['round', 'show']).status).toBe(0); // found good, remembered
    expect(readFileSync(join(dir, '.postboggle-state.cache'), 'utf8')).toMatch(/"rounds\/001\/round\.json":"[0-9a-f]{64}"/);
    expect(at(dir, ['round', 'show']).status).toBe(0);
    edit(dir, 'rounds/001/round.json', (o) => { o.deadline = 'Sonntag'; });
    oneLine(at(dir, ['round', 'show']), /^postboggle: rounds\/001\/round\.json: deadline: expected an ISO 8601 time/);
    edit(dir, 'rounds/001/round.json', (o) => { o.deadline = '2026-11-08T12:00:00.000+01:00'; });
    writeFileSync(join(dir, '.postboggle-state.cache'), '{"schemas":"x","good":{"rounds/001/round.json":'); // damaged
    expect(at(dir, ['round', 'show']).status).toBe(0);
    edit(dir, 'rounds/001/round.json', (o) => { o.state = 'opne'; });
    oneLine(at(dir, ['round', 'show']), /^postboggle: rounds\/001\/round\.json: state: expected open/);
  });

  it('a misspelt state is named', () => {
    const dir = game();
    edit(dir, 'rounds/001/round.json', (o) => { o.state = 'opne'; });
    oneLine(at(dir, ['round', 'show']), /^postboggle: rounds\/001\/round\.json: state: expected open, closed, scored or void/);
    const doc = at(dir, ['doctor']);
    expect(doc.status).toBe(1);
    expect(doc.stdout).toMatch(/^error: rounds\/001\/round\.json: state: expected open, closed, scored or void\n {2}repair: /m);
  });

  it('a renamed key in entries.json is named, and doctor points to rebuild', () => {
    const dir = game();
    edit(dir, 'rounds/001/entries.json', (o) => {
      const e = (o.entries as Record<string, unknown>[])[0]!;
      e.words = e.main;
      delete e.main;
    });
    oneLine(at(dir, ['entries', '1']), /^postboggle: rounds\/001\/entries\.json: entries\.0\.main: /);
    const doc = at(dir, ['doctor']);
    expect(doc.status).toBe(1);
    expect(doc.stdout).toMatch(/error: rounds\/001\/entries\.json: entries\.0\.main: .*\n {2}repair: postboggle rebuild/);
  });

  it('doctor finds a scored round without results, and a healthy game has nothing to repair', () => {
    const dir = game();
    edit(dir, 'rounds/001/round.json', (o) => { o.publishedAt = '2026-11-01T11:00:00.000Z'; });
    expect(at(dir, ['doctor']).stdout).toBe('no problems found\n');
    edit(dir, 'rounds/001/round.json', (o) => { o.state = 'scored'; });
    const doc = at(dir, ['doctor']);
    expect(doc.status).toBe(1);
    expect(doc.stdout).toContain('error: rounds/001/results.json: missing, but round.json says scored\n  repair: postboggle score 1');
  });

  it('a deadline edited by hand is announced anew by round publish, also in a round published before announcedDeadlines existed', () => {
    const dir = game();
    expect(at(dir, ['player', 'add', 'alice@example.test', 'Alice']).status).toBe(0);
    expect(at(dir, ['round', 'publish']).stdout).toMatch(/1 announcement\(s\) queued/);
    edit(dir, 'rounds/001/round.json', (o) => { delete o.announcedDeadlines; });
    expect(at(dir, ['round', 'publish']).stdout).toMatch(/0 announcement\(s\) queued/);
    edit(dir, 'rounds/001/round.json', (o) => { o.deadline = '2026-11-10T20:00:00+01:00'; });
    expect(at(dir, ['round', 'publish']).stdout).toMatch(/1 announcement\(s\) queued/);
    expect(readdirSync(join(dir, 'rounds/001/outbox')).filter((f) => f.endsWith('.eml')).sort()).toEqual(['announcement-1-20261110T1900-alice_example.test.eml', 'announcement-1-alice_example.test.eml']);
  });

  it('doctor --json is stable', () => {
    const dir = game();
    edit(dir, 'rounds/001/round.json', (o) => { o.round = 2; o.publishedAt = '2026-11-01T11:00:00.000Z'; });
    const doc = JSON.parse(at(dir, ['doctor', '--json']).stdout);
    expect(doc).toEqual({ ok: false, findings: [{ severity: 'error', file: 'rounds/001/round.json', problem: 'round: 2, but the folder is round 1', repair: 'set "round": 1' }] });
  });
});

describe('mail read into a game', { timeout: 120_000 }, () => {
  it('--received-at wins over the Received header (as docs/mail.md says), read in the game\'s zone', () => {
    const dir = makeGame({});
    const r = runCli(['player', 'add', 'alice@example.test', 'Alice', '--dir', dir]);
    expect(r.status, r.stderr).toBe(0);
    const ing = runCli(['ingest', '--eml', fixture('mail/thunderbird-numbered.eml'), '--received-at', '2026-11-02T09:30', '--dir', dir], { env: { POSTBOGGLE_NOW: '2026-11-03T12:00:00Z' } });
    expect(ing.status, ing.stderr).toBe(0);
    const entries = JSON.parse(readFileSync(join(dir, 'rounds/001/entries.json'), 'utf8')).entries;
    expect(entries.find((e: { email: string }) => e.email === 'alice@example.test').receivedAt).toBe('2026-11-02T08:30:00.000Z');
    const bad = runCli(['ingest', '--eml', fixture('mail/thunderbird-numbered.eml'), '--received-at', 'yesterday', '--dir', dir]);
    oneLine(bad, /^postboggle: --received-at "yesterday" is not an ISO 8601 time/);
  });

  it('ingest | head -1 ends without a stack trace and reads every mail', () => {
    const main = fileURLToPath(new URL('../../dist/src/cli/main.js', import.meta.url));
    const corpus = fixture('mail/corpus');
    const mails = readdirSync(corpus).filter((f) => f.endsWith('.eml')).map((f) => join(corpus, f));
    for (let i = 0; i < 3; i++) {
      const dir = makeGame({});
      const r = spawnSync('sh', ['-c', `"${process.execPath}" "${main}" ingest --dir "${dir}" --eml ${mails.map((m) => `"${m}"`).join(' ')} | head -1`],
        { encoding: 'utf8', env: { ...process.env, POSTBOGGLE_NOW: '2026-11-03T12:00:00Z' } });
      expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
      expect(r.stdout.trim().split('\n')).toHaveLength(1);
      const stored = ['rounds/001/inbox', 'rounds/unrouted/inbox', 'rounds/quarantine'].flatMap((d) => (existsSync(join(dir, d)) ? readdirSync(join(dir, d)).filter((f) => f.endsWith('.eml')) : []));
      expect(stored.length).toBeGreaterThanOrEqual(mails.length - 5); // every mail stored (duplicates among the corpus share a file)
    }
  });
});

describe('the new commands', () => {
  it('each has --help with an example', () => {
    const top = runCli(['--help']).stdout;
    for (const cmd of ['pause', 'resume', 'doctor']) expect(top).toContain(`postboggle ${cmd}`);
    for (const cmd of [['pause'], ['resume'], ['doctor'], ['round'], ['tick'], ['newsletter']]) {
      const r = runCli([...cmd, '--help']);
      expect(r.status).toBe(0);
      expect(r.stdout).toContain('Examples:');
    }
    expect(runCli(['round', '--help']).stdout).toContain('round deadline 3 +2d --notify');
    expect(runCli(['newsletter', '--help']).stdout).toContain('newsletter approve 3');
    expect(runCli(['tick', '--help']).stdout).toContain('tick --dry-run');
  }, 60_000);
});
