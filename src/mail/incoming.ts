import { simpleParser } from 'mailparser';
import { headerEnd, mailIdentity } from './identity.js';

/** What postboggle needs of a received mail. */
export interface IncomingMail {
  /** Stable identity: the Message-ID together with a hash of the content (see identity.ts). */
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

const ROBOT_SENDER = /^(?:mailer-daemon|postmaster|post_master|post-master|no-?reply|do-?not-?reply|donotreply|bounces?|listserv|majordomo|mailman|sympa|ezmlm|abuse|autoreply|auto-reply|daemon)(?:[+@.-]|$)|^owner-|-(?:admin|owner|request|bounces?|errors)(?:\+[^@]*)?@/i;
/** Subjects only robots write: vacation notes, bounces, list loop alerts (also forwarded: "Fwd: Undelivered Mail …"). */
const ROBOT_SUBJECT = /^(?:(?:re|aw|fw|fwd|wg|tr)\s?:\s*)*(?:auto:|auto(?:matic)?[ -]?(?:reply|response|antwort)|automatische antwort|abwesenheitsnotiz|abwesend:|out of (?:the )?office|réponse automatique|risposta automatica|absence du bureau|loop alert|mail loop|undeliver(?:ed|able)|delivery status notification|delivery failure|mail delivery (?:failed|failure|system)|returned mail|returned to sender|unzustellbar|nicht zustellbar|non remis|non recapitabile|failure notice|delivery has failed|warning: could not send|message not delivered|abuse report|spam report)/i;
const ROBOT_HEADERS = ['list', 'list-id', 'list-unsubscribe', 'list-post', 'x-autoreply', 'x-autorespond', 'x-auto-response-suppress', 'x-loop', 'x-mailing-list',
  'x-vacation', 'x-apple-action', 'feedback-type', 'x-failed-recipients', 'x-ms-exchange-generated-message-source'];
/** Parts that only bounces and abuse reports carry, also inside a forwarded message. */
const REPORT_PART = /^(?:message\/(?:delivery-status|feedback-report|disposition-notification)|text\/rfc822-headers|message\/global-delivery-status)/i;
const FORWARDED_BOUNCE = /^(?:content-type:\s*multipart\/report|from:[^\n]{0,80}(?:mailer-daemon|postmaster|mail delivery))/im;

/**
 * RFC 3834 and common practice: never answer auto-replies, bounces, abuse reports or
 * mailing lists, so that two robots cannot talk to each other for ever. Robots that do not
 * say so are recognised by their sender, their subject and their parts.
 */
export function noReplyReason(headers: Map<string, unknown>, from: string | null, contentType: string, subject = '', parts: { contentType: string; head?: string }[] = []): string | null {
  const auto = header(headers, 'auto-submitted').toLowerCase();
  if (auto && auto !== 'no') return `Auto-Submitted: ${auto}`;
  const precedence = header(headers, 'precedence').toLowerCase();
  if (/bulk|junk|list|auto_reply/.test(precedence)) return `Precedence: ${precedence}`;
  // mailparser gathers the List-* headers into one "list" entry.
  for (const h of ROBOT_HEADERS) {
    if (headers.has(h)) return `${h} header`;
  }
  if (/multipart\/report/i.test(contentType)) return 'delivery or abuse report';
  if (!from) return 'no sender address';
  if (ROBOT_SENDER.test(from)) return `sender ${from}`;
  const returnPath = header(headers, 'return-path');
  if (headers.has('return-path') && /^\s*<?\s*>?\s*$/.test(returnPath)) return 'empty Return-Path (bounce)';
  if (ROBOT_SUBJECT.test(subject.slice(0, 300))) return `subject "${subject.slice(0, 60)}"`;
  for (const p of parts) {
    if (REPORT_PART.test(p.contentType)) return `${p.contentType} part (a report, or a forwarded bounce)`;
    if (/^message\/rfc822/i.test(p.contentType) && p.head && FORWARDED_BOUNCE.test(p.head)) return 'forwarded bounce';
  }
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
  const when = m?.[1]?.split(';').pop()?.trim().slice(0, 200);
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
  const subject = cleanHeaderText(mail.subject ?? '', 300);
  const parts = (mail.attachments ?? []).slice(0, 50).map((a) => ({ contentType: a.contentType ?? '', head: /^message\/rfc822/i.test(a.contentType ?? '') ? a.content.subarray(0, 4096).toString('latin1') : undefined }));
  return {
    id: mailIdentity(raw, messageId),
    messageId,
    fromAddress,
    fromName: cleanName(from?.name ?? ''),
    replyAddress: replyTo?.address?.toLowerCase() ?? fromAddress,
    subject,
    text,
    date: mail.date ?? null,
    receivedAt: topReceivedDate(raw),
    noReplyReason: noReplyReason(mail.headers as Map<string, unknown>, fromAddress, contentType, subject, parts),
  };
}

/**
 * The sender of a mail that is not parsed (quarantined): the address in its first From
 * header line, found by a bounded linear scan. Only used to tell a registered player.
 */
export function roughFrom(raw: Buffer): string | null {
  const end = headerEnd(raw, 64 * 1024);
  const head = raw.toString('latin1', 0, end < 0 ? Math.min(raw.length, 64 * 1024) : end);
  for (const line of head.split(/\r?\n/)) {
    if (!/^from:/i.test(line)) continue;
    const m = /<([^<>\s@]{1,64}@[^<>\s@]{1,255})>/.exec(line) ?? /([^\s<>"@:,]{1,64}@[^\s<>"@,]{1,255})/.exec(line.slice(5));
    return m ? m[1]!.toLowerCase() : null;
  }
  return null;
}
