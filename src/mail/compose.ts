import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import { cleanHeaderText, cleanName } from './incoming.js';

export interface OutgoingMail {
  from: { name: string; address: string };
  to: { name: string; address: string };
  subject: string;
  text: string;
  html?: string | undefined;
  /** Pictures the HTML shows as cid:… (multipart/related). */
  images?: { cid: string; filename: string; content: Buffer }[] | undefined;
  inReplyTo?: string | null | undefined;
  /** auto-replied for receipts and refusals, auto-generated for announcements and newsletters (RFC 3834); null: a player's mail (a computer player's entry). */
  autoSubmitted: 'auto-replied' | 'auto-generated' | null;
  /** Stable Message-ID seed, so a message composed twice is the same message. */
  idSeed: string;
  date: Date;
}

/** Builds the RFC 5322 message. Names are cleaned of line breaks; nodemailer encodes the rest. */
export async function composeMail(m: OutgoingMail): Promise<Buffer> {
  const domain = m.from.address.split('@')[1] ?? 'postboggle.invalid';
  const seed = createHash('sha256').update(m.idSeed).digest('hex');
  const messageId = `<${seed.slice(0, 24)}@${domain}>`;
  const composer = new MailComposer({
    from: { name: cleanName(m.from.name), address: m.from.address },
    to: { name: cleanName(m.to.name), address: m.to.address },
    subject: cleanHeaderText(m.subject, 300),
    text: m.text,
    html: m.html,
    attachments: m.images?.map((i) => ({ cid: i.cid, filename: i.filename, content: i.content, contentType: 'image/png', contentDisposition: 'inline' as const })),
    messageId,
    date: m.date,
    inReplyTo: m.inReplyTo ?? undefined,
    references: m.inReplyTo ?? undefined,
    headers: m.autoSubmitted ? { 'Auto-Submitted': m.autoSubmitted, 'X-Auto-Response-Suppress': 'All' } : {},
    // The MIME boundaries from the seed too: composed twice, a message is byte for byte the same.
    baseBoundary: seed.slice(24, 40),
  } as ConstructorParameters<typeof MailComposer>[0]);
  return composer.compile().build();
}
