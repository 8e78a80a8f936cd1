import { Readable } from 'node:stream';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import type { Transport } from './outbox.js';
import { UserError } from '../user-error.js';

interface SmtpSettings {
  smtp?: {
    host: string; port: number; secure: boolean; tls: boolean; user?: string | undefined;
    /** At most this many messages a second (a provider's limit); unlimited when absent. */
    perSecond?: number | undefined;
  } | undefined;
}

/** A connection is used for this many messages, then replaced (servers limit a session). */
const MESSAGES_A_CONNECTION = 500;

/**
 * SMTP through nodemailer's SMTPConnection, one connection for the whole run (83 players:
 * one handshake, not 83). TLS is on by default (STARTTLS required, or TLS from the first
 * byte with secure: true); the password comes from POSTBOGGLE_SMTP_PASSWORD, never from the
 * settings file.
 *
 * The connection itself rather than nodemailer's pool: the pool starts reading a message
 * before the server has said DATA, so it cannot tell when the last bytes are handed over,
 * and the outbox needs that moment to never send a message twice (src/mail/outbox.ts). Here
 * the message is read only after the server's 354, straight into the socket.
 */
export function smtpTransport(mail: SmtpSettings): Transport {
  const s = mail.smtp;
  if (!s) throw new UserError('mail.transport is smtp but mail.smtp (host, port) is not set in postboggle.yaml');
  const pass = process.env.POSTBOGGLE_SMTP_PASSWORD;
  if (s.user && !pass) throw new UserError('mail.smtp.user is set: put the password in the environment variable POSTBOGGLE_SMTP_PASSWORD');
  const options = {
    host: s.host,
    port: s.port,
    secure: s.secure,
    requireTLS: s.tls && !s.secure,
    ignoreTLS: !s.tls,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  };
  let open: Promise<SMTPConnection> | null = null;
  let used = 0;
  let lastSend = 0;
  const gap = s.perSecond ? 1000 / s.perSecond : 0;

  const drop = () => {
    const c = open;
    open = null;
    void c?.then((conn) => conn.close(), () => undefined);
  };
  const connection = (): Promise<SMTPConnection> => {
    if (open && used >= MESSAGES_A_CONNECTION) {
      const c = open;
      open = null;
      void c.then((conn) => conn.quit(), () => undefined);
    }
    if (!open) {
      used = 0;
      open = new Promise<SMTPConnection>((resolve, reject) => {
        const conn = new SMTPConnection(options);
        let settled = false;
        conn.once('error', (err: Error) => {
          if (!settled) { settled = true; reject(err); }
        });
        conn.connect(() => {
          if (!s.user) { settled = true; resolve(conn); return; }
          conn.login({ user: s.user, pass: pass! }, (err) => {
            settled = true;
            if (err) { conn.close(); reject(err); } else resolve(conn);
          });
        });
      });
      const mine = open;
      mine.then((conn) => {
        // A connection that fails later (the server hangs up between messages) is replaced.
        conn.on('error', () => { if (open === mine) drop(); });
        conn.once('end', () => { if (open === mine) open = null; });
      }, () => { if (open === mine) open = null; });
    }
    return open;
  };

  return {
    name: 'smtp',
    async send(raw, envelope, accepted, handed) {
      if (gap) {
        const wait = lastSend + gap - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        lastSend = Date.now();
      }
      const conn = await connection();
      used++;
      await new Promise<void>((resolve, reject) => {
        // accepted() runs in the connection's own callback, no promise hop first.
        conn.send({ from: envelope.from, to: [envelope.to] }, handed ? streamTelling(raw, handed) : raw, (err) => {
          if (err) {
            const code = (err as { code?: string }).code;
            // Refused by the server (the recipient, the message): the session stays usable
            // once reset; anything else, and the next message opens a new connection.
            if (code === 'EENVELOPE' || code === 'EMESSAGE') {
              conn.reset((e) => { if (e) drop(); reject(err); });
              return;
            }
            drop();
            reject(err);
            return;
          }
          accepted?.();
          resolve();
        });
      });
    },
    async close() {
      const c = open;
      open = null;
      if (c) await c.then((conn) => conn.quit(), () => undefined);
    },
  };
}

/** How much of a message is offered to the connection at a time. */
const CHUNK = 16 * 1024;

/**
 * The message as a stream that calls handed() when the connection asks for more after its
 * last chunk: everything before has been taken, and the end of the data (the final dot,
 * which makes the server keep the message) is written only after handed() has returned.
 */
export function streamTelling(raw: Buffer, handed: () => void): Readable {
  let offset = 0;
  return new Readable({
    highWaterMark: CHUNK,
    read() {
      if (offset >= raw.length) {
        handed();
        this.push(null);
        return;
      }
      const chunk = raw.subarray(offset, offset + CHUNK);
      offset += chunk.length;
      this.push(chunk);
    },
  });
}
