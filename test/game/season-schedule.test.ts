import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';

// A season on a weekly rhythm (every Sunday 20:00, Europe/Berlin), driven by the fake clock:
// reminders, a deadline moved with --notify, a re-announcement, missed-round notices, the
// newsletter held for approval, a voided round, a paused game, tick --dry-run. Everything is
// asserted on the files postboggle writes and on the outboxes.

let dir = '';
const cli = (args: string[], now: string) => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: now } });
const ok = (args: string[], now: string) => {
  const r = cli(args, now);
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
};
const json = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8'));
const outbox = (n: number) => {
  const d = join(dir, 'rounds', String(n).padStart(3, '0'), 'outbox');
  return existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.eml')).sort() : [];
};
const readOut = (n: number, file: string) => simpleParser(readFileSync(join(dir, 'rounds', String(n).padStart(3, '0'), 'outbox', file)));

let mailNo = 0;
/** A plain entry mail from a player, as a file for ingest --eml. */
function entryMail(from: string, round: number, words: string[]): string {
  const file = join(dir, '..', `mail-${++mailNo}.eml`);
  writeFileSync(file, [
    `From: ${from}`, 'To: Saison <saison@example.org>', `Subject: Runde ${round}`, `Message-ID: <m${mailNo}@example.test>`,
    'Date: Wed, 25 Nov 2026 10:00:00 +0100', 'Content-Type: text/plain; charset=UTF-8', '', ...words.map((w, i) => `${i + 1}. ${w}`), '',
  ].join('\r\n'));
  return file;
}

describe('a season on a weekly schedule', { timeout: 180_000 }, () => {
  beforeAll(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'pb-season-')), 'game');
    const t = '2026-11-23T09:00:00Z'; // a Monday
    ok(['init', '--name', 'Saison', '--from', 'Saison <saison@example.org>'], t);
    for (const [email, name] of [['alice@example.test', 'Alice'], ['bob@example.test', 'Bob'], ['carol@example.test', 'Carol']]) ok(['player', 'add', email!, name!], t);
    const settings = readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
      .replace('  # every: sunday ', '  every: sunday   ').replace('  # at: "20:00"', '  at: "20:00"  ')
      .replace('  reminders: []', '  reminders: [P2D, PT6H]').replace('  missedNotice: false', '  missedNotice: true')
      .replace('  approval: false', '  approval: true')
      .replace('dictionary: {}', 'dictionary: { file: words.txt }');
    writeFileSync(join(dir, 'postboggle.yaml'), settings);
    expect(settings).toMatch(/^ {2}every: sunday .*\n {2}at: "20:00" .*\n[^]*approval: true/m); // init's template has the keys, commented
    writeFileSync(join(dir, 'words.txt'), 'ferne\nferner\nbesen\nelle\n');
  });

  it('opens the first round on the rhythm: the coming Sunday 20:00 in the game\'s zone', () => {
    ok(['round', 'new', '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW'], '2026-11-23T09:00:00Z');
    expect(json('rounds/001/round.json').deadline).toBe('2026-11-29T20:00:00.000+01:00');
    expect(ok(['round', 'publish'], '2026-11-23T09:00:00Z')).toMatch(/3 announcement\(s\) queued, 3 sent/);
    ok(['ingest', '--eml', entryMail('Alice <alice@example.test>', 1, ['Ferne', 'Elle', 'Zar-Reich'])], '2026-11-25T09:00:00Z');
    const show = ok(['round', 'show', '1'], '2026-11-25T09:00:00Z');
    expect(show).toMatch(/^round 1 \(open\)/);
    expect(show).toContain('missing: Bob <bob@example.test>, Carol <carol@example.test>');
    expect(show).toMatch(/Alice 25\.11\. 10:00; times in Europe\/Berlin/); // received 09:00Z, shown in the game's zone
  });

  it('tick --dry-run says it would remind, and writes nothing', () => {
    const roundBefore = readFileSync(join(dir, 'rounds/001/round.json'), 'utf8');
    const boxBefore = readFileSync(join(dir, 'rounds/001/outbox/journal.jsonl'), 'utf8');
    const out = ok(['tick', '--dry-run'], '2026-11-27T19:30:00Z');
    expect(out).toContain('would remind 2 player(s) without an entry in round 1 (P2D before the deadline)');
    expect(outbox(1).filter((f) => f.startsWith('reminder-'))).toEqual([]);
    expect(readFileSync(join(dir, 'rounds/001/round.json'), 'utf8')).toBe(roundBefore);
    expect(readFileSync(join(dir, 'rounds/001/outbox/journal.jsonl'), 'utf8')).toBe(boxBefore);
  });

  it('reminds players without an entry, each reminder once', async () => {
    expect(ok(['tick'], '2026-11-26T12:00:00Z')).toBe('nothing due\n'); // more than two days before
    expect(ok(['tick'], '2026-11-27T19:30:00Z')).toContain('reminded 2 player(s) without an entry in round 1 (P2D before the deadline)');
    expect(ok(['tick'], '2026-11-27T19:40:00Z')).toBe('nothing due\n');
    expect(outbox(1).filter((f) => f.startsWith('reminder-'))).toEqual(['reminder-1-P2D-bob_example.test.eml', 'reminder-1-P2D-carol_example.test.eml']);
    ok(['tick'], '2026-11-29T13:30:00Z');
    expect(outbox(1).filter((f) => f.startsWith('reminder-'))).toHaveLength(4);
    const m = await readOut(1, 'reminder-1-PT6H-bob_example.test.eml');
    expect(m.subject).toBe('Saison: Erinnerung – Runde 1 endet Sonntag, 29. November 2026 um 20:00 Uhr (Europe/Berlin, MEZ)');
    expect(m.text).toContain('in 6 Stunden');
    expect(m.headers.get('auto-submitted')).toBe('auto-generated');
  });

  it('moves the deadline and tells every player; refuses a past one; publishing again announces the new deadline', async () => {
    const moved = cli(['round', 'deadline', '1', '+1d', '--notify'], '2026-11-29T14:00:00Z');
    expect(moved.status, moved.stderr).toBe(0);
    expect(json('rounds/001/round.json').deadline).toBe('2026-11-30T20:00:00.000+01:00');
    const notices = outbox(1).filter((f) => f.startsWith('deadline-'));
    expect(notices).toEqual(['deadline-1-20261130T1900-alice_example.test.eml', 'deadline-1-20261130T1900-bob_example.test.eml', 'deadline-1-20261130T1900-carol_example.test.eml']);
    const m = await readOut(1, notices[0]!);
    expect(m.text).toContain('Neuer Einsendeschluss: Montag, 30. November 2026 um 20:00 Uhr');
    expect(m.text).toContain('(bisher: Sonntag, 29. November 2026 um 20:00 Uhr');
    expect(m.text).toContain('Deine Einsendung bleibt gültig');

    const before = readFileSync(join(dir, 'rounds/001/round.json'), 'utf8');
    const past = cli(['round', 'deadline', '1', '2026-11-20T20:00'], '2026-11-29T14:00:00Z');
    expect(past.status).toBe(1);
    expect(past.stderr).toMatch(/^postboggle: the new deadline 2026-11-20T20:00:00.000\+01:00 is already past; pass --force/);
    expect(past.stderr.trim().split('\n')).toHaveLength(1);
    const words = cli(['round', 'deadline', '1', 'Sonntag 20 Uhr'], '2026-11-29T14:00:00Z');
    expect(words.stderr).toMatch(/"Sonntag 20 Uhr" is not a deadline/);
    expect(readFileSync(join(dir, 'rounds/001/round.json'), 'utf8')).toBe(before);

    expect(ok(['round', 'publish', '1'], '2026-11-29T14:00:00Z')).toMatch(/3 announcement\(s\) queued/);
    expect(ok(['round', 'publish', '1'], '2026-11-29T14:05:00Z')).toMatch(/0 announcement\(s\) queued/);
    const again = await readOut(1, 'announcement-1-20261130T1900-bob_example.test.eml');
    expect(again.subject).toContain('Montag, 30. November 2026 um 20:00 Uhr');
  });

  it('closes on the new deadline, tells those who missed it, holds the newsletter for approval, and opens the next round on the rhythm', async () => {
    const dry = ok(['tick', '--dry-run'], '2026-11-30T19:05:00Z');
    expect(dry.split('\n').filter(Boolean)).toEqual([
      'would close round 1 (deadline 2026-11-30T20:00:00.000+01:00)',
      'would tell 2 player(s) that they missed round 1',
      'would score round 1: 1 entry',
      'would open round 2 until 2026-12-06T20:00:00.000+01:00 and mail 3 announcement(s)',
      'newsletter of round 1 awaits your approval: read it with postboggle newsletter 1, send it with postboggle newsletter approve 1',
    ]);
    expect(json('rounds/001/round.json').state).toBe('open');
    expect(existsSync(join(dir, 'rounds/002'))).toBe(false);
    expect(existsSync(join(dir, 'rounds/001/results.json'))).toBe(false);
    expect(outbox(1).filter((f) => f.startsWith('missed-'))).toEqual([]);
    const out = ok(['tick'], '2026-11-30T19:05:00Z');
    expect(out).toContain('round 1 closed');
    expect(out).toContain('told 2 player(s) that they missed round 1');
    expect(out).toContain('round 1 scored: 1 entry');
    expect(out).toContain('newsletter of round 1 awaits your approval');
    expect(outbox(1).filter((f) => f.startsWith('missed-'))).toEqual(['missed-1-bob_example.test.eml', 'missed-1-carol_example.test.eml']);
    expect((await readOut(1, 'missed-1-carol_example.test.eml')).subject).toBe('Saison: Runde 1 ist ohne deine Einsendung zu Ende');
    expect(outbox(1).filter((f) => f.startsWith('newsletter-'))).toEqual([]);
    // The next round's deadline comes from the rhythm, not from when tick ran.
    expect(json('rounds/002/round.json')).toMatchObject({ state: 'open', deadline: '2026-12-06T20:00:00.000+01:00' });
    expect(ok(['tick'], '2026-11-30T19:10:00Z')).toContain('awaits your approval');
    expect(ok(['round', 'list'], '2026-11-30T19:10:00Z')).toMatch(/ {2}1 .*1 entry +scored, newsletter awaits approval\n {2}2 .*open/);

    // results.json holds a token that is not a word (word: null), and is read back as valid.
    expect(json('rounds/001/results.json').players[0].words.find((w: { input: string }) => w.input === 'Zar-Reich')).toMatchObject({ word: null, status: 'rejected', reason: 'not-a-word' });
    expect(ok(['newsletter', 'approve', '1'], '2026-11-30T19:15:00Z')).toMatch(/approved: 3 sent/);
    expect(outbox(1).filter((f) => f.startsWith('newsletter-'))).toHaveLength(3);
    expect(json('rounds/001/round.json').newsletterApprovedAt).toBe('2026-11-30T19:15:00.000Z');
  });

  it('voids a round: not scored, skipped by the ranking, no newsletter; the season goes on', () => {
    ok(['round', 'void', '2', '--reason', 'Feld ohne Vokale'], '2026-12-02T10:00:00Z');
    expect(json('rounds/002/round.json')).toMatchObject({ state: 'void', voided: { reason: 'Feld ohne Vokale' } });
    const late = cli(['ingest', '--eml', entryMail('Bob <bob@example.test>', 2, ['Ferne'])], '2026-12-02T11:00:00Z');
    expect(late.stdout).toMatch(/refused/);
    const t = ok(['tick'], '2026-12-02T12:00:00Z');
    expect(t).toContain('round 3 opened until 2026-12-06T20:00:00.000+01:00');
    expect(existsSync(join(dir, 'rounds/002/results.json'))).toBe(false);
    ok(['ingest', '--eml', entryMail('Bob <bob@example.test>', 3, ['Ferne', 'Besen'])], '2026-12-03T10:00:00Z');
    const closing = ok(['tick'], '2026-12-06T19:10:00Z');
    expect(closing).toContain('round 3 scored: 1 entry');
    expect(closing).not.toMatch(/round 2/);
    expect(json('rounds/004/round.json').deadline).toBe('2026-12-13T20:00:00.000+01:00');
    ok(['newsletter', 'approve', '3'], '2026-12-06T19:20:00Z');
    const ranking = JSON.parse(ok(['ranking', '--json'], '2026-12-06T19:20:00Z'));
    expect(ranking.rounds).toEqual([1, 3]);
    expect(outbox(2).filter((f) => f.startsWith('newsletter-'))).toEqual([]);
    expect(cli(['score', '2'], '2026-12-06T19:20:00Z').stderr).toMatch(/round 2 is void/);
  });

  it('pauses the whole game: tick closes nothing until resume', () => {
    ok(['pause'], '2026-12-10T10:00:00Z');
    expect(readFileSync(join(dir, 'postboggle.yaml'), 'utf8')).toMatch(/paused: true/);
    const t = ok(['tick'], '2026-12-13T19:30:00Z');
    expect(t).toContain('the game is paused');
    expect(json('rounds/004/round.json').state).toBe('open');
    expect(outbox(4).filter((f) => f.startsWith('reminder-'))).toEqual([]);
    expect(ok(['round', 'show', '4'], '2026-12-13T19:30:00Z')).toMatch(/^round 4 \(deadline passed, closes at the next tick, game paused\)/);
    expect(ok(['resume'], '2026-12-13T19:31:00Z')).toContain('round 4\'s deadline passed during the pause');
    expect(ok(['tick'], '2026-12-13T19:32:00Z')).toContain('round 4 closed');
  });

  it('doctor finds nothing to repair', () => {
    const r = cli(['doctor'], '2026-12-13T19:40:00Z');
    expect(r.stdout).not.toMatch(/^error/m);
    expect(r.status).toBe(0);
  });
});

describe('a round the players were never told about', { timeout: 180_000 }, () => {
  it('is held open past its deadline, and the GM is told; with autoPublish, tick publishes it', () => {
    dir = join(mkdtempSync(join(tmpdir(), 'pb-hold-')), 'game');
    ok(['init'], '2026-11-23T09:00:00Z');
    ok(['player', 'add', 'alice@example.test', 'Alice'], '2026-11-23T09:00:00Z');
    ok(['round', 'new', '--seed', 'x', '--duration', 'P2D'], '2026-11-23T09:00:00Z');
    expect(ok(['tick'], '2026-11-24T09:00:00Z')).toContain('round 1 is not published yet');
    const held = ok(['tick'], '2026-11-26T09:00:00Z');
    expect(held).toContain('round 1 is past its deadline but was never published: held open');
    expect(json('rounds/001/round.json').state).toBe('open');
    expect(outbox(1)).toEqual([]);
    expect(ok(['round', 'list'], '2026-11-26T09:00:00Z')).toContain('deadline passed, closes at the next tick, not published');
    // Doctor says so too, and how to repair it.
    const doc = cli(['doctor'], '2026-11-26T09:00:00Z');
    expect(doc.status).toBe(1);
    expect(doc.stdout).toContain('round 1 is open but was never published');
    expect(doc.stdout).toContain('postboggle round deadline 1 +P3D');

    const late = cli(['round', 'publish'], '2026-11-26T09:00:00Z');
    expect(late.status).toBe(1);
    expect(late.stderr).toBe('postboggle: round 1 is past its deadline: there is nothing to announce (give it a new deadline first: postboggle round deadline 1 +P3D)\n');
    ok(['round', 'deadline', '1', '+P3D'], '2026-11-26T09:00:00Z');
    writeFileSync(join(dir, 'postboggle.yaml'), readFileSync(join(dir, 'postboggle.yaml'), 'utf8').replace('  autoPublish: false', '  autoPublish: true'));
    expect(ok(['tick'], '2026-11-26T09:05:00Z')).toContain('round 1 published: 1 announcement(s) sent');
    expect(outbox(1)).toEqual(['announcement-1-alice_example.test.eml']);
  });
});
