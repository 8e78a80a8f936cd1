import { createHash } from 'node:crypto';
import { simpleParser } from 'mailparser';

/** What postboggle needs of a received mail. */
export interface IncomingMail {
  /** Stable identity: the Message-ID if the mail has one, else a hash of its bytes. */
  id: string;
  messageId: string | null;
  fromAddress: string | null;
  fromName: string;
  /** Reply-To if given, else From: where a reply goes. */
  replyAddress: string | null;
  subject: string;
  text: string;
  date: Date | null;
  /** Time the topmost Received header gives (set by our own mail server), if any. */
  receivedAt: Date | null;
  /** Why no automatic reply may go to this mail (auto-reply, bounce, list), or null. */
  noReplyReason: string | null;
}

const MAX_TEXT = 100_000;

function header(headers: Map<string, unknown>, name: string): string {
  const v = headers.get(name);
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && 'text' in (v as object)) return String((v as { text: unknown }).text); // address headers
  if (typeof v === 'object' && 'value' in (v as object)) return String((v as { value: unknown }).value);
  return String(v);
}

/**
 * RFC 3834 and common practice: never answer auto-replies, bounces or mailing lists, so
 * that two robots cannot talk to each other for ever.
 */
export function noReplyReason(headers: Map<string, unknown>, from: string | null, contentType: string): string | null {
  const auto = header(headers, 'auto-submitted').toLowerCase();
  if (auto && auto !== 'no') return `Auto-Submitted: ${auto}`;
  const precedence = header(headers, 'precedence').toLowerCase();
  if (/bulk|junk|list|auto_reply/.test(precedence)) return `Precedence: ${precedence}`;
  // mailparser gathers the List-* headers into one "list" entry.
  for (const h of ['list', 'list-id', 'list-unsubscribe', 'x-autoreply', 'x-autorespond', 'x-auto-response-suppress']) {
    if (headers.has(h)) return `${h} header`;
  }
  if (/multipart\/report/i.test(contentType)) return 'delivery report (bounce)';
  if (!from) return 'no sender address';
  if (/^(mailer-daemon|postmaster|no-?reply|do-?not-?reply|bounces?)([+@-]|$)/i.test(from)) return `sender ${from}`;
  const returnPath = header(headers, 'return-path');
  if (headers.has('return-path') && /^\s*<?\s*>?\s*$/.test(returnPath)) return 'empty Return-Path (bounce)';
  return null;
}

/** C0 and C1 control characters (but tab and line breaks) are never part of an entry. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Header text arrives from strangers: no line breaks or control characters, bounded length. */
export function cleanHeaderText(text: string, max: number): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

export const cleanName = (name: string) => cleanHeaderText(name, 100);

function topReceivedDate(raw: Buffer): Date | null {
  const head = raw.subarray(0, Math.min(raw.length, 64 * 1024)).toString('latin1').split(/\r?\n\r?\n/)[0] ?? '';
  const m = /^Received:((?:.*)(?:\r?\n[ \t].*)*)/im.exec(head);
  const when = m?.[1]?.split(';').pop()?.trim();
  if (!when) return null;
  const d = new Date(when.replace(/\s*\(.*\)\s*$/, ''));
  return Number.isNaN(d.getTime()) ? null : d;
}

export async function readMail(raw: Buffer): Promise<IncomingMail> {
  const mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, maxHtmlLengthToParse: 2_000_000 });
  // A From that parses as a group (a stray colon in the name) still has its address inside.
  const first = (list: typeof mail.from) => {
    const v = list?.value[0];
    return v?.address ? v : v?.group?.[0];
  };
  const from = first(mail.from);
  const replyTo = first(mail.replyTo);
  const fromAddress = from?.address ? from.address.toLowerCase() : null;
  const messageId = mail.messageId ?? null;
  const text = (mail.text ?? '').slice(0, MAX_TEXT).replace(CONTROL, '');
  const contentType = header(mail.headers as Map<string, unknown>, 'content-type');
  return {
    id: createHash('sha256').update(messageId ?? raw).digest('hex').slice(0, 20),
    messageId,
    fromAddress,
    fromName: cleanName(from?.name ?? ''),
    replyAddress: replyTo?.address?.toLowerCase() ?? fromAddress,
    subject: cleanHeaderText(mail.subject ?? '', 300),
    text,
    date: mail.date ?? null,
    receivedAt: topReceivedDate(raw),
    noReplyReason: noReplyReason(mail.headers as Map<string, unknown>, fromAddress, contentType),
  };
}
