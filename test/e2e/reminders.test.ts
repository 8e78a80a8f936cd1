import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/run-cli.js';
import { type MailStack, mailbox, sendAs, startMailStack, waitForMail } from './mailstack.js';

// The schedule through the real servers: an entry fetched over IMAP, a reminder to the
// player without one, a deadline moved with --notify, the missed-round notice, all sent by
// SMTP (Postfix) and read back from the players' mailboxes (Dovecot).

let stack: MailStack;
let dir = '';
let now = '2026-11-23T09:00:00Z';
const cli = (args: string[]) => runCli([...args, '--dir', dir], { env: { POSTBOGGLE_NOW: now, POSTBOGGLE_IMAP_PASSWORD: 'gmpass' } });
const ok = (args: string[]) => {
  const r = cli(args);
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
};

beforeAll(() => {
  stack = startMailStack();
  dir = join(mkdtempSync(join(tmpdir(), 'pb-e2e-sched-')), 'game');
  ok(['init', '--name', 'Saison', '--from', 'Saison <gm@example.test>']);
  const yaml = readFileSync(join(dir, 'postboggle.yaml'), 'utf8')
    .replace('transport: file ', 'transport: smtp ')
    .replace('  # smtp:                 # password: environment variable POSTBOGGLE_SMTP_PASSWORD', `  smtp:\n    host: 127.0.0.1\n    port: ${stack.smtpPort}\n    tls: false`)
    .replace('  # imap:                 # password: environment variable POSTBOGGLE_IMAP_PASSWORD', `  imap:\n    host: 127.0.0.1\n    port: ${stack.imapPort}\n    tls: false\n    user: gm@example.test`)
    .replace('  # every: sunday ', '  every: sunday   ').replace('  # at: "20:00"', '  at: "20:00"  ')
    .replace('  reminders: []', '  reminders: [P2D]').replace('  missedNotice: false', '  missedNotice: true');
  writeFileSync(join(dir, 'postboggle.yaml'), yaml);
  for (const [email, name] of [['alice@example.test', 'Alice'], ['bob@example.test', 'Bob']]) ok(['player', 'add', email!, name!]);
}, 180_000);

afterAll(() => stack?.stop());

describe('the schedule over real mail', { timeout: 180_000 }, () => {
  it('reminds only the player without an entry, tells both of a moved deadline, and tells the one who missed it', async () => {
    ok(['round', 'new', '--field', 'FERNC/BSREO/EM*RU/NLIGK/ZALEW']);
    expect(ok(['round', 'publish'])).toMatch(/2 announcement\(s\) queued, 2 sent via smtp/);
    now = '2026-11-25T09:00:00Z';
    await sendAs(stack, 'Alice <alice@example.test>', 'gm@example.test', 'Re: Runde 1', 'Joker: A\ngurren, Gras, Besen\n');
    await waitForMail(stack, 'gm@example.test', () => true);
    expect(ok(['tick'])).toMatch(/entry for round 1 from alice@example.test/);

    now = '2026-11-27T19:30:00Z';
    expect(ok(['tick'])).toContain('reminded 1 player(s) without an entry in round 1 (P2D before the deadline)');
    const reminder = await waitForMail(stack, 'bob@example.test', (m) => m.subject.includes('Erinnerung'));
    expect(reminder).toHaveLength(1);
    expect(reminder[0]!.raw).toContain('Auto-Submitted: auto-generated');
    expect(ok(['tick'])).not.toContain('reminded');

    now = '2026-11-29T12:00:00Z';
    expect(ok(['round', 'deadline', '1', '+1d', '--notify'])).toMatch(/2 player\(s\) told, 2 sent via smtp/);
    for (const who of ['alice@example.test', 'bob@example.test']) {
      expect(await waitForMail(stack, who, (m) => m.subject.includes('neuer Einsendeschluss Montag, 30. November 2026'))).toHaveLength(1);
    }

    now = '2026-11-30T19:05:00Z';
    const closing = ok(['tick']);
    expect(closing).toContain('told 1 player(s) that they missed round 1');
    expect(await waitForMail(stack, 'bob@example.test', (m) => m.subject.includes('ohne deine Einsendung'))).toHaveLength(1);
    expect((await mailbox(stack, 'alice@example.test')).filter((m) => m.subject.includes('Erinnerung') || m.subject.includes('ohne deine Einsendung'))).toHaveLength(0);
  });
});
