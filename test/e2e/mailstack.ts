import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImapFlow } from 'imapflow';
import nodemailer from 'nodemailer';

// Real Dovecot (IMAP + LMTP) and Postfix (SMTP) on 127.0.0.1 for the end-to-end tests,
// installed from Debian's packages when missing and started with all state in a temp folder.

const SCRIPTS = fileURLToPath(new URL('../../scripts/mailstack/', import.meta.url));

export interface MailStack {
  dir: string;
  imapPort: number;
  smtpPort: number;
  env: Record<string, string>;
  stop(): void;
}

export function startMailStack(): MailStack {
  if (!['/usr/sbin/dovecot', '/usr/sbin/postfix', '/usr/bin/s-nail', '/usr/bin/mutt'].every((p) => existsSync(p))) {
    execFileSync('bash', [join(SCRIPTS, 'setup.sh')], { stdio: 'inherit' });
  }
  const base = 20000 + (process.pid % 2000) * 4; // ports of our own, so parallel runs do not collide
  const env = {
    MS_DIR: mkdtempSync(join(tmpdir(), 'pb-mailstack-')),
    IMAP_PORT: String(base), SMTP_PORT: String(base + 1), LMTP_PORT: String(base + 2), AUTH_PORT: String(base + 3),
  };
  const r = spawnSync('bash', [join(SCRIPTS, 'start.sh')], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`mail stack did not start:\n${r.stdout}\n${r.stderr}`);
  return {
    dir: env.MS_DIR, imapPort: base, smtpPort: base + 1, env,
    stop: () => { spawnSync('bash', [join(SCRIPTS, 'stop.sh')], { env: { ...process.env, ...env } }); },
  };
}

export const PASSWORDS: Record<string, string> = { 'gm@example.test': 'gmpass', 'alice@example.test': 'alicepass', 'bob@example.test': 'bobpass' };

/** A player's mail client sending through Postfix. */
export async function sendAs(stack: MailStack, from: string, to: string, subject: string, text: string, extra: Record<string, string> = {}): Promise<string> {
  const t = nodemailer.createTransport({ host: '127.0.0.1', port: stack.smtpPort, secure: false, ignoreTLS: true });
  const info = await t.sendMail({ from, to, subject, text, headers: extra });
  t.close();
  return info.messageId;
}

export interface Fetched {
  uid: number;
  subject: string;
  raw: string;
}

/** The messages in one user's mailbox, read over IMAP. */
export async function mailbox(stack: MailStack, user: string, path = 'INBOX'): Promise<Fetched[]> {
  const client = new ImapFlow({ host: '127.0.0.1', port: stack.imapPort, secure: false, doSTARTTLS: false, auth: { user, pass: PASSWORDS[user]! }, logger: false });
  await client.connect();
  try {
    const lock = await client.getMailboxLock(path);
    try {
      const status = await client.status(path, { messages: true });
      if (!status.messages) return [];
      const all = await client.fetchAll('1:*', { uid: true, envelope: true, source: true });
      return all.map((m) => ({ uid: m.uid, subject: m.envelope?.subject ?? '', raw: m.source?.toString('utf8') ?? '' }));
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

/** Waits until a mailbox holds messages matching the predicate (Postfix delivers within a second or two). */
export async function waitForMail(stack: MailStack, user: string, pred: (m: Fetched) => boolean, count = 1, timeoutMs = 20_000): Promise<Fetched[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailbox(stack, user)).filter(pred);
    if (found.length >= count || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
}
