import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, copyFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/game/settings.js';
import { runCli } from '../cli/run-cli.js';
import { fixture } from '../helpers.js';

function newGame(lang = 'de'): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'pb-rob-')), 'game');
  const env = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
  expect(runCli(['init', '--dir', dir, '--lang', lang, '--name', 'Test Game'], { env }).status).toBe(0);
  runCli(['player', 'add', 'alice@example.test', 'Alice', '--dir', dir], { env });
  expect(runCli(['round', 'new', '--dir', dir, '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW', '--deadline', '2026-11-29T18:00'], { env }).status).toBe(0);
  return dir;
}

describe('settings validation', () => {
  it('names the bad key', () => {
    expect(() => parseSettings('language: klingon\n')).toThrow(/language: Invalid option/);
    expect(() => parseSettings('rules:\n  minLenght: 4\n')).toThrow(/rules: Unrecognized key.*minLenght/);
    expect(() => parseSettings('players:\n  - { email: not-an-address, name: X }\n')).toThrow(/players\.0\.email/);
    expect(() => parseSettings('rules: [\n')).toThrow(/not valid YAML/);
    expect(() => parseSettings('schedule:\n  timezone: Mars/Olympus\n')).toThrow(/schedule.timezone: unknown time zone/);
    expect(() => parseSettings('schedule:\n  duration: one week\n')).toThrow(/schedule.duration: expected an ISO 8601 duration/);
    expect(() => parseSettings('mail:\n  smtp:\n    host: x\n    password: secret\n')).toThrow(/mail.smtp: Unrecognized key.*password/);
  });
  it('reports a broken postboggle.yaml as one line from any command', () => {
    const dir = newGame();
    writeFileSync(join(dir, 'postboggle.yaml'), 'name: x\nrules:\n  scheme: scrabble\n');
    const r = runCli(['round', 'show', '--dir', dir]);
    expect(r.status).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/postboggle.yaml: rules.scheme: Invalid option/);
  });
  it('init writes commented defaults that load, and refuses to overwrite', () => {
    const dir = newGame();
    const text = readFileSync(join(dir, 'postboggle.yaml'), 'utf8');
    expect(text).toMatch(/^# postboggle game settings/);
    expect(text).toMatch(/scheme: letters\s+# letters, boggle, oldfashion, paroliere/);
    expect(runCli(['init', '--dir', dir]).stderr).toMatch(/exists already/);
  });
  it('player add keeps the comments of the settings file, each at its place', () => {
    const dir = newGame();
    const text = readFileSync(join(dir, 'postboggle.yaml'), 'utf8');
    expect(text).toMatch(/# rounds in the rolling ranking/);
    expect(text).toMatch(/^# Your own word list/m); // still at the top level, above its key
    expect(text).toMatch(/^dictionary: \{\}$/m);
    expect(text).toMatch(/^ {2}# smtp:/m);
    expect(runCli(['player', 'add', 'alice@example.test', 'Alice', '--dir', dir]).stderr).toMatch(/is a player already/);
  });
});

describe('two processes, one game', () => {
  it('refuses to work while another live postboggle holds the lock, and takes over a stale one', () => {
    const dir = newGame();
    writeFileSync(join(dir, '.postboggle.lock'), `${process.pid}\n`);
    const r = runCli(['judge', 'accept', 'Gamelle', '--dir', dir]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/another postboggle \(pid \d+\) is working on this game/);
    writeFileSync(join(dir, '.postboggle.lock'), '999999\n'); // no such process
    expect(runCli(['judge', 'accept', 'Gamelle', '--dir', dir]).status).toBe(0);
    expect(readdirSync(dir)).not.toContain('.postboggle.lock');
  });
});

describe('other ways mail comes in', () => {
  it('reads one mail from standard input (procmail, fetchmail)', () => {
    const dir = newGame();
    const r = runCli(['ingest', '--dir', dir], { input: readFileSync(fixture('mail/thunderbird-numbered.eml'), 'utf8'), env: { POSTBOGGLE_NOW: '2026-11-24T10:00:00Z' } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/entry for round 1 from alice@example.test/);
  });
  it('reads a Maildir, new/ and cur/', () => {
    const dir = newGame();
    const md = join(dir, '..', 'Maildir');
    for (const sub of ['new', 'cur', 'tmp']) mkdirSync(join(md, sub), { recursive: true });
    copyFileSync(fixture('mail/thunderbird-numbered.eml'), join(md, 'new', '1700000000.1.host'));
    copyFileSync(fixture('mail/gmail-replacement.eml'), join(md, 'cur', '1700000001.2.host:2,S'));
    const r = runCli(['ingest', '--dir', dir, '--maildir', md], { env: { POSTBOGGLE_NOW: '2026-11-25T10:00:00Z' } });
    expect(r.stdout).toMatch(/2 message\(s\) read/);
    const alice = JSON.parse(readFileSync(join(dir, 'rounds/001/entries.json'), 'utf8')).entries[0];
    expect(alice.main).toEqual(['gurren', 'Gras', 'Gamelle', 'Besen']); // the later one is the entry of record
  });
  it('answers in English in an English game', () => {
    const dir = newGame('en');
    runCli(['ingest', '--dir', dir, '--eml', fixture('mail/thunderbird-numbered.eml')], { env: { POSTBOGGLE_NOW: '2026-11-24T10:00:00Z' } });
    const box = join(dir, 'rounds/001/outbox');
    const receipt = readdirSync(box).find((f) => f.startsWith('receipt-') && f.endsWith('.eml'))!;
    const text = readFileSync(join(box, receipt), 'utf8');
    expect(text).toMatch(/Subject: Test Game: your entry for round 1 was received/);
    expect(text).toMatch(/we read your entry for round 1 as:/);
  });
  it('rate-limits replies to strangers: once a day per address, and in all', () => {
    const dir = newGame();
    const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8').replace('strangerRepliesPerHour: 10', 'strangerRepliesPerHour: 2');
    writeFileSync(join(dir, 'postboggle.yaml'), yaml);
    const env = { POSTBOGGLE_NOW: '2026-11-24T10:00:00Z' };
    const raw = readFileSync(fixture('mail/unknown-sender.eml'), 'utf8');
    // the same stranger three times: one reply
    const same = [1, 2, 3].map((i) => runCli(['ingest', '--dir', dir], { input: raw.replace('<stranger@example.test>', `<stranger${i}@example.test>`), env }).stdout);
    expect(same.filter((o) => /reply queued/.test(o))).toHaveLength(1);
    // other strangers: the second gets one, then the hour's two are used up
    const others = [4, 5, 6].map((i) => runCli(['ingest', '--dir', dir], { input: raw.replace('<stranger@example.test>', `<stranger${i}@example.test>`).replace('mallory@example.test', `m${i}@example.test`), env }).stdout);
    expect(others.filter((o) => /reply queued/.test(o))).toHaveLength(1);
  });
});

describe('settings that shape the game', () => {
  it('a game\'s own word list replaces the dictionary', () => {
    const dir = newGame();
    writeFileSync(join(dir, 'words.txt'), 'gurren\nBesen\nGras\tGras\n');
    const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8').replace('dictionary: {}', 'dictionary: { file: words.txt }');
    writeFileSync(join(dir, 'postboggle.yaml'), yaml);
    const env = { POSTBOGGLE_NOW: '2026-11-24T10:00:00Z' };
    runCli(['ingest', '--dir', dir], { input: 'From: alice@example.test\r\nSubject: Runde 1\r\n\r\nJoker: A\r\ngurren, Gras, Ferne\r\n', env });
    const pending = JSON.parse(runCli(['review', '--dir', dir, '--json'], { env }).stdout).pending;
    expect(pending.map((p: { word: string }) => p.word)).toEqual(['FERNE']); // in the German dictionary, not in words.txt
  });
  it('round new re-rolls until the quality floor is met, and keeps the seed that did it', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pb-rob-')), 'game');
    const env = { POSTBOGGLE_NOW: '2026-11-22T10:00:00Z' };
    runCli(['init', '--dir', dir], { env });
    const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8').replace('    minWords: 400\n    minBestPoints: 45\n', '    minWords: 900\n    minBestPoints: 60\n');
    expect(yaml).toContain('minWords: 900'); // the German template has the floor on
    writeFileSync(join(dir, 'postboggle.yaml'), yaml);
    const r = runCli(['round', 'new', '--dir', dir, '--seed', 'floor', '--json'], { env });
    expect(r.status, r.stderr).toBe(0);
    const round = JSON.parse(r.stdout);
    expect(round.seed).toMatch(/^floor(#\d+)?$/);
    const solved = JSON.parse(runCli(['solve', round.field, '--json']).stdout);
    expect(solved.wordCount).toBeGreaterThanOrEqual(900);
    expect(solved.bestEntry.points).toBeGreaterThanOrEqual(60);
  });
});

describe('tick on the file transport', () => {
  it('waits for the GM while words await review, then scores, opens the next round and sends the newsletter once', { timeout: 180_000 }, () => { // opening round 2 rolls to the German quality floor (dictionary load and solves)
    const dir = newGame();
    const at = (t: string) => ({ POSTBOGGLE_NOW: t });
    expect(runCli(['round', 'publish', '--dir', dir], { env: at('2026-11-22T10:00:00Z') }).status).toBe(0); // tick holds a round never published
    runCli(['ingest', '--dir', dir], { input: 'From: alice@example.test\r\nSubject: Runde 1\r\nMessage-ID: <t1@example.test>\r\n\r\nJoker: A\r\ngurren, Gamelle\r\n', env: at('2026-11-24T10:00:00Z') });
    expect(runCli(['tick', '--dir', dir], { env: at('2026-11-25T10:00:00Z') }).stdout).toBe('nothing due\n');
    const blocked = runCli(['tick', '--dir', dir], { env: at('2026-11-29T18:00:00Z') }).stdout;
    expect(blocked).toMatch(/round 1 closed/);
    expect(blocked).toMatch(/round 1 not scored: .*awaiting review \(GAMELLE\)/);
    expect(runCli(['tick', '--dir', dir], { env: at('2026-11-29T18:10:00Z') }).stdout).toMatch(/^round 1 not scored/);
    runCli(['judge', 'accept', 'Gamelle', '--dir', dir]);
    const done = runCli(['tick', '--dir', dir], { env: at('2026-11-29T18:20:00Z') }).stdout;
    expect(done).toMatch(/round 1 scored: 1 entry/);
    expect(done).toMatch(/round 2 opened until 2026-12-06T19:20:00.000\+01:00; 1 announcement\(s\) sent/);
    expect(done).toMatch(/newsletter of round 1: 1 sent/);
    expect(readFileSync(join(dir, 'rounds/001/newsletter.txt'), 'utf8')).toMatch(/Gamelle\s+7 \+1/);
    expect(runCli(['tick', '--dir', dir], { env: at('2026-11-29T18:30:00Z') }).stdout).toBe('nothing due\n');
  });
});
