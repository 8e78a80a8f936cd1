import { createRequire } from 'node:module';
import { composeMail } from '../mail/compose.js';
import { fileTransport, type FlushResult, Outbox, type OutboxKind, type Transport } from '../mail/outbox.js';
import { partialText, render, type TemplateName } from '../templates/render.js';
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
  const data = { game: game.settings.name, address: parseAddress(game.settings.mail.from).address, css: partialText(game.layout.dir, 'mail-style'), ...m.data };
  const subject = render(game.layout.dir, lang, m.template, 'subject', data);
  const text = render(game.layout.dir, lang, m.template, 'txt', data);
  if (subject === null || text === null) throw new UserError(`template ${lang}/${m.template} is missing its subject or text part`);
  const html = render(game.layout.dir, lang, m.template, 'html', data);
  return queueRendered(game, outbox, { ...m, subject, text, html: html === null ? undefined : inlineStyles(html) });
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

// juice (with cheerio) is loaded on first use: most commands send no HTML mail.
const require = createRequire(import.meta.url);
type Juice = typeof import('juice');
let juiceLib: Juice | undefined;
export const juice = (): Juice => (juiceLib ??= require('juice') as Juice);

/** Width attributes for old Outlook; heights stay as the templates give them (pictures scale with max-width). */
export const JUICE_OPTIONS = { applyWidthAttributes: true, applyHeightAttributes: false, removeStyleTags: true, preserveMediaQueries: true };

/**
 * Mail programs drop <style> (Gmail's apps for other accounts) or rewrite classes, so
 * every rule is inlined; the dark-mode media query stays in <style> for those that read it.
 */
export function inlineStyles(html: string): string {
  if (!html.includes('<style')) return html;
  return juice()(html, JUICE_OPTIONS)
    // What stays in <style> (the dark-mode rules) is sent without juice's indentation.
    .replace(/<style>([\s\S]*?)<\/style>/g, (_, css: string) => `<style>${css.replace(/\s*\n\s*/g, ' ').replace(/\s*([{};,])\s*/g, '$1').trim()}</style>`);
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
  const total: FlushResult = { sent: 0, failed: 0, rejected: 0, held: 0 };
  try {
    for (const dir of dirs) {
      const r = await new Outbox(dir).flush(transport, from, now);
      total.sent += r.sent;
      total.failed += r.failed;
      total.rejected += r.rejected;
      total.held += r.held;
    }
  } finally {
    await transport.close?.();
  }
  return total;
}
