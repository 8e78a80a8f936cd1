import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import * as base64 from 'nodemailer/lib/base64';
import * as qp from 'nodemailer/lib/qp';
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

/** The message as nodemailer's MailComposer builds it (the tree of MIME nodes). */
export function composerFor(m: OutgoingMail): MailComposer {
  const domain = m.from.address.split('@')[1] ?? 'postboggle.invalid';
  const seed = createHash('sha256').update(m.idSeed).digest('hex');
  const messageId = `<${seed.slice(0, 24)}@${domain}>`;
  return new MailComposer({
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
}

/** Builds the RFC 5322 message. Names are cleaned of line breaks; nodemailer encodes the rest. */
export async function composeMail(m: OutgoingMail): Promise<Buffer> {
  const root = composerFor(m).compile() as unknown as MimeNodeLike;
  return serializeSync(root) ?? root.build();
}

// nodemailer writes a message through a pipeline of streams, a few per MIME part: for the
// mails of a big round that machinery (streams, AbortSignals, timers) cost more than the
// encoding itself, about half the CPU of `newsletter --send`. The tree of parts is built by
// nodemailer as before, and every header line comes from its own buildHeaders(); only the
// walk that writes the parts one after the other is done here, synchronously, with
// nodemailer's own QP and base64 encoders fed the whole content at once (their output does
// not depend on how the input is split). test/mail/compose.test.ts holds it byte for byte
// to nodemailer's build() for any text, HTML, names and pictures. Anything this walk does not
// know (a stream or file as content, transforms, DKIM, another line ending) is left to build().

interface MimeNodeLike {
  build(): Promise<Buffer>;
  buildHeaders(): string;
  getHeader(key: string): unknown;
  childNodes: MimeNodeLike[];
  content?: unknown;
  contentType?: string;
  multipart: string | false;
  boundary: string | false;
  newline?: unknown;
  _raw?: unknown;
  _transforms: unknown[];
  _processFuncs: unknown[];
}

/** Runs one of nodemailer's encoder streams over the whole input at once, without the stream machinery. */
function encodeAll(encoder: { _transform(c: Buffer, e: string, d: () => void): void; _flush(d: () => void): void; push(c: unknown, e?: string): boolean }, input: Buffer): Buffer[] {
  const out: Buffer[] = [];
  encoder.push = (chunk: unknown, encoding?: string) => {
    if (chunk !== null && chunk !== undefined) out.push(typeof chunk === 'string' ? Buffer.from(chunk, (encoding ?? 'utf8') as BufferEncoding) : (chunk as Buffer));
    return true;
  };
  if (input.length) encoder._transform(input, 'buffer', () => undefined);
  encoder._flush(() => undefined);
  return out;
}

function writeNode(node: MimeNodeLike, out: Buffer[]): boolean {
  if (node._raw !== undefined && node._raw !== null && node._raw !== false) return false;
  const content = node.content;
  if (content !== undefined && content !== null && content !== '' && typeof content !== 'string' && !Buffer.isBuffer(content)) return false;
  out.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  // What buildHeaders() just wrote (it scans the content for it: not twice).
  const transferEncoding = String(node.getHeader('Content-Transfer-Encoding') ?? '').toLowerCase().trim();
  if (content) {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content as Buffer;
    if (transferEncoding === 'base64') out.push(...encodeAll(new base64.Encoder({}) as never, bytes));
    else if (transferEncoding === 'quoted-printable') out.push(...encodeAll(new qp.Encoder({ binary: !/^text\//i.test(node.contentType ?? '') } as never) as never, bytes));
    else out.push(bytes);
  }
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out.push(Buffer.from(`${i > 0 ? '\r\n' : ''}--${node.boundary}\r\n`));
      if (!writeNode(child, out)) throw new Unsupported();
    });
    out.push(Buffer.from(`\r\n--${node.boundary}--\r\n`));
  }
  return true;
}

class Unsupported extends Error {}

/** The message nodemailer's build() would give, or null when the walk cannot tell. */
export function serializeSync(root: MimeNodeLike): Buffer | null {
  if (root._transforms.length || root._processFuncs.length || root.newline) return null;
  const out: Buffer[] = [];
  try {
    if (!writeNode(root, out)) return null;
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  // (nodemailer's LastNewline: the message ends with a line break)
  let lastByte: number | undefined;
  for (let i = out.length - 1; i >= 0 && lastByte === undefined; i--) if (out[i]!.length) lastByte = out[i]![out[i]!.length - 1];
  if (lastByte === 0x0d) out.push(Buffer.from('\n'));
  else if (lastByte !== 0x0a) out.push(Buffer.from('\r\n'));
  return Buffer.concat(out);
}
