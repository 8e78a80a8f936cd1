import { composeMail } from '../mail/compose.js';
import { fileTransport, type FlushResult, Outbox, type OutboxKind, type Transport } from '../mail/outbox.js';
import { partialText, render, type TemplateName } from '../templates/render.js';
import { renderInlinedHtml } from '../templates/inline.js';
import { templateLang } from '../templates/i18n.js';
import type { Game } from './game.js';
import { now } from './clock.js';
import { UserError } from '../user-error.js';

export interface Address {
  name: string;
  address: string;
}

/** "Spielleitung <gm@example.org>" → name and address. */
export function parseAddress(text: string): Address {
  const m = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(text);
  if (m) return { name: m[1]!.replace(/^"|"$/g, ''), address: m[2]!.toLowerCase() };
  return { name: '', address: text.trim().toLowerCase() };
}

/** Renders a template (subject, text, optional HTML) and records the message in an outbox. */
export async function queueMail(game: Game, outbox: Outbox, m: {
  id: string; kind: OutboxKind; to: Address; template: TemplateName; data: object; inReplyTo?: string | null;
  /** Held back until then (rate limit); with a key, a newer message supersedes an unsent older one. */
  notBefore?: Date | null; key?: string;
}): Promise<boolean> {
  if (outbox.has(m.id)) return false;
  const lang = templateLang(game.settings.language);
  const css = partialText(game.layout.dir, 'mail-style');
  const data = { game: game.settings.name, address: parseAddress(game.settings.mail.from).address, css, ...m.data };
  const subject = render(game.layout.dir, lang, m.template, 'subject', data);
  const text = render(game.layout.dir, lang, m.template, 'txt', data);
  if (subject === null || text === null) throw new UserError(`template ${lang}/${m.template} is missing its subject or text part`);
  const html = renderInlinedHtml(game.layout.dir, lang, m.template, css, data, (d) => render(game.layout.dir, lang, m.template, 'html', d));
  return queueRendered(game, outbox, { ...m, subject, text, html: html ?? undefined });
}

/** Records an already rendered message in an outbox (the newsletter renders its own parts). */
export async function queueRendered(game: Game, outbox: Outbox, m: {
  id: string; kind: OutboxKind; to: Address; subject: string; text: string; html?: string | undefined;
  images?: { cid: string; filename: string; content: Buffer }[]; inReplyTo?: string | null;
  notBefore?: Date | null; key?: string;
}): Promise<boolean> {
  if (outbox.has(m.id)) return false;
  const from = parseAddress(game.settings.mail.from);
  const raw = await composeMail({
    from, to: m.to, subject: m.subject, text: m.text, html: m.html, images: m.images, inReplyTo: m.inReplyTo, idSeed: `${from.address}/${m.id}`, date: now(),
    autoSubmitted: m.kind === 'receipt' || m.kind === 'refusal' || m.kind === 'notice' ? 'auto-replied' : 'auto-generated',
  });
  return outbox.queue(m.id, m.kind, m.to.address, m.subject, raw, now(), { notBefore: m.notBefore ?? undefined, key: m.key });
}

/** The transport the settings name. */
export async function transportFor(game: Game): Promise<Transport> {
  if (game.settings.mail.transport === 'file') return fileTransport;
  const { smtpTransport } = await import('../mail/smtp.js');
  return smtpTransport(game.settings.mail);
}

/** Sends everything queued and due in these outboxes. failed: to be retried; rejected: refused for good (5xx). */
export async function flushOutboxes(game: Game, dirs: string[]): Promise<FlushResult> {
  const transport = await transportFor(game);
  const from = parseAddress(game.settings.mail.from).address;
  const total: FlushResult = { sent: 0, failed: 0, rejected: 0, held: 0, unconfirmed: 0 };
  try {
    for (const dir of dirs) {
      const r = await new Outbox(dir).flush(transport, from, now);
      total.sent += r.sent;
      total.failed += r.failed;
      total.rejected += r.rejected;
      total.held += r.held;
      total.unconfirmed += r.unconfirmed;
    }
  } finally {
    await transport.close?.();
  }
  return total;
}
