import { createHash } from 'node:crypto';

// A message's identity is its Message-ID together with a hash of its content, so that two
// different mails that reuse one Message-ID (broken clients, forgeries) are two messages,
// and the same mail fetched twice is one. "Content" leaves out the trace headers that the
// mail servers on the way add (Received, Return-Path, Delivered-To, …): the same mail
// delivered twice, or once by IMAP and once from a Maildir, is still one message.

const TRACE = new Set([
  'received', 'return-path', 'delivered-to', 'x-original-to', 'x-delivered-to', 'envelope-to', 'x-envelope-to',
  'authentication-results', 'arc-seal', 'arc-message-signature', 'arc-authentication-results', 'received-spf',
  'x-received', 'x-spam-status', 'x-spam-score', 'x-spam-level', 'x-spam-flag', 'x-spam-checker-version', 'x-virus-scanned',
  'x-uid', 'x-keywords', 'status', 'x-status', 'x-mozilla-status', 'x-mozilla-status2', 'lines', 'content-length', 'x-imapbase',
]);

/** The end of the header block (index of the blank line), scanning at most `limit` bytes. */
export function headerEnd(raw: Buffer, limit = raw.length): number {
  const n = Math.min(raw.length, limit);
  for (let i = 0; i < n; i++) {
    if (raw[i] !== 0x0a) continue;
    if (raw[i + 1] === 0x0a) return i + 1;
    if (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a) return i + 1;
  }
  return -1;
}

export function mailIdentity(raw: Buffer, messageId: string | null): string {
  const h = createHash('sha256');
  h.update(`${messageId ?? ''}\n`);
  const end = headerEnd(raw);
  const head = end < 0 ? raw : raw.subarray(0, end);
  let keep = true;
  let start = 0;
  // Header fields, each with its folded continuation lines; trace fields left out.
  while (start < head.length) {
    let nl = head.indexOf(0x0a, start);
    if (nl < 0) nl = head.length - 1;
    const first = head[start];
    if (first !== 0x20 && first !== 0x09) {
      const colon = head.indexOf(0x3a, start);
      const name = colon > start && colon < nl ? head.subarray(start, colon).toString('latin1').trim().toLowerCase() : '';
      keep = !TRACE.has(name);
    }
    if (keep) h.update(head.subarray(start, nl + 1));
    start = nl + 1;
  }
  if (end >= 0) h.update(raw.subarray(end));
  return h.digest('hex').slice(0, 24);
}

/** The hash of the exact bytes: names the raw copy while it waits to be read. */
export function bytesHash(raw: Buffer): string {
  return createHash('sha256').update(raw).digest('hex').slice(0, 24);
}
