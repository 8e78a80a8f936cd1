import { headerEnd } from './identity.js';

// Before a mail goes to the MIME parser, one linear pass over its bytes checks that its
// structure is within what any real entry needs. A mail beyond these limits (thousands of
// MIME parts, thousands of header lines, parts nested hundreds deep) is not read at all: it
// is stored, set aside in quarantine and shown to the GM, and ingest goes on.

export const LIMITS = {
  /** MIME boundary lines in the whole mail. */
  parts: 200,
  /** Lines in any one header block. */
  headerLines: 1000,
  /** Bytes of the top-level header block. */
  headerBytes: 256 * 1024,
  /** Bytes of one line. */
  lineBytes: 1_000_000,
};

/** Why the mail is set aside unread, or null when it may be parsed. */
export function structureProblem(raw: Buffer): string | null {
  const end = headerEnd(raw, LIMITS.headerBytes + 4);
  if (end < 0 && raw.length > LIMITS.headerBytes) return `header larger than ${LIMITS.headerBytes} bytes`;
  let headerLines = 0;
  let inHeader = true;
  let parts = 0;
  let lineStart = 0;
  const boundaries = new Set<string>();
  for (let i = 0; i <= raw.length; i++) {
    if (i < raw.length && raw[i] !== 0x0a) continue;
    const len = i - lineStart;
    if (len > LIMITS.lineBytes) return `a line of more than ${LIMITS.lineBytes} bytes`;
    const empty = len === 0 || (len === 1 && raw[lineStart] === 0x0d);
    if (inHeader) {
      if (empty) inHeader = false;
      else {
        if (++headerLines > LIMITS.headerLines) return `more than ${LIMITS.headerLines} header lines`;
        if (len < 2000) {
          const m = /boundary\s*=\s*(?:"([^"]{1,200})"|([^\s;"]{1,200}))/i.exec(raw.toString('latin1', lineStart, i));
          if (m) boundaries.add(m[1] ?? m[2]!);
        }
      }
    } else if (raw[lineStart] === 0x2d && raw[lineStart + 1] === 0x2d && len > 2 && len < 300 && boundaries.size > 0) {
      const b = raw.toString('latin1', lineStart + 2, i).replace(/\s+$/, '').replace(/--$/, '');
      if (boundaries.has(b)) {
        // a part starts (or the multipart ends); the part's own header follows
        if (++parts > LIMITS.parts) return `more than ${LIMITS.parts} MIME parts`;
        inHeader = true;
        headerLines = 0;
      }
    }
    lineStart = i + 1;
  }
  return null;
}
