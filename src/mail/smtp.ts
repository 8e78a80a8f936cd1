import nodemailer from 'nodemailer';
import type { Transport } from './outbox.js';
import { UserError } from '../user-error.js';

interface SmtpSettings {
  smtp?: { host: string; port: number; secure: boolean; tls: boolean; user?: string | undefined } | undefined;
}

/**
 * SMTP through nodemailer. TLS is on by default (STARTTLS required, or TLS from the first
 * byte with secure: true); the password comes from POSTBOGGLE_SMTP_PASSWORD, never from the
 * settings file.
 */
export function smtpTransport(mail: SmtpSettings): Transport {
  const s = mail.smtp;
  if (!s) throw new UserError('mail.transport is smtp but mail.smtp (host, port) is not set in postboggle.yaml');
  const pass = process.env.POSTBOGGLE_SMTP_PASSWORD;
  if (s.user && !pass) throw new UserError('mail.smtp.user is set: put the password in the environment variable POSTBOGGLE_SMTP_PASSWORD');
  const transporter = nodemailer.createTransport({
    host: s.host,
    port: s.port,
    secure: s.secure,
    requireTLS: s.tls && !s.secure,
    ignoreTLS: !s.tls,
    auth: s.user ? { user: s.user, pass: pass! } : undefined,
    // One connection for the whole run (83 players: one handshake, not 83).
    pool: true,
    maxConnections: 1,
    maxMessages: 500,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    send(raw, envelope, accepted) {
      // The callback form: accepted() runs in nodemailer's own callback, no promise hop first.
      return new Promise<void>((resolve, reject) => {
        transporter.sendMail({ envelope: { from: envelope.from, to: [envelope.to] }, raw }, (err) => {
          if (err) { reject(err); return; }
          accepted?.();
          resolve();
        });
      });
    },
    async close() {
      transporter.close();
    },
  };
}
