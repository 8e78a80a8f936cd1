// Which lines of a mail body the player wrote: not the quoted message (top or bottom
// posting, `>` quotes, Outlook's header block), not the signature. Pure and linear in the
// size of the text: every pattern runs on a line cut to MAX_LINE characters.

import { APP_SIGNATURES } from './phrases.js';

/** Patterns never see more than this many characters of a line, so no line can make them slow. */
export const MAX_LINE = 400;

export interface Line {
  /** The line as written (NFC, spaces normalised), cut to MAX_LINE for matching. */
  text: string;
  /** Its number in the body, from 1. */
  no: number;
}

export interface OwnText {
  lines: Line[];
  /** Lines left out, with why and where (line number from 1): the receipt lists them. */
  ignored: { text: string; why: IgnoredWhy; line: number }[];
  /** Non-empty lines of quoted earlier messages. */
  quotedLines: number;
}

export type IgnoredWhy = 'quote' | 'signature' | 'greeting' | 'closing' | 'text' | 'not numbered' | 'command' | 'round' | 'address';

/** Invisible characters some clients put into text; removed before anything else. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
const SPACES = /[\t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;

export function normalise(body: string): string {
  return body.normalize('NFC').replace(INVISIBLE, '').replace(SPACES, ' ').replace(/\r\n?/g, '\n');
}

const SIGNATURE_DASHES = /^-- ?$/;
const QUOTED = /^\s*>/;
/** "Am 3. Mai 2026 um 10:00 schrieb Spielleitung <gm@x>:" and its English, French, Italian kin; may wrap over 2–3 lines. */
const ATTRIBUTION: RegExp[] = [
  /^am\s[^\n]{0,300}?\b(?:schrieb|geschrieben)\b/i,
  /^on\s[^\n]{0,300}?\bwrote:?$/i,
  /^le\s[^\n]{0,300}?\ba écrit\s?:?$/i,
  /^il giorno\s[^\n]{0,300}?\bha scritto:?$/i,
  /^il\s[^\n]{0,300}?\bha scritto:?$/i,
  /^[^\n]{0,200}?\b(?:schrieb|wrote|a écrit|ha scritto)\s?:$/i,
];
const SEPARATOR = /^(?:-{2,}|_{2,}|={2,})?\s*(?:original message|ursprüngliche nachricht|originalnachricht|weitergeleitete nachricht|forwarded message|message d'origine|message transféré|messaggio originale|messaggio inoltrato|begin forwarded message|anfang der weitergeleiteten nachricht)\s*:?\s*(?:-{2,}|_{2,}|={2,})?$/i;
const UNDERSCORES = /^_{8,}$/;
/** The wrapped end of an attribution: "<gm@example.org>:", "wrote:". */
const ATTRIBUTION_END = /^(?:[^\s<>]{0,80}\s)?<?[^<>\s]{1,200}>\s?:?$|^(?:wrote|schrieb|a écrit|ha scritto)\s?:?$/i;
/** Outlook's block of the quoted message: From:, then Sent:/Date:/To: within a few lines. */
const HEADER_FROM = /^(?:from|von|de|da)\s?:\s*\S/i;
const HEADER_NEXT = /^(?:sent|gesendet|envoyé|inviato|date|datum|to|an|à|a|subject|betreff|objet|oggetto|cc)\s?:/i;

const cut = (s: string) => (s.length > MAX_LINE ? s.slice(0, MAX_LINE) : s);

export function isAppSignature(t: string): boolean {
  return t.length <= 120 && APP_SIGNATURES.some((re) => re.test(t));
}

/** Whether line i starts the quoted earlier message (attribution, separator, Outlook header block). */
function quoteStart(lines: string[], i: number): boolean {
  const t = lines[i]!.trim();
  if (!t) return false;
  if (SEPARATOR.test(t) || UNDERSCORES.test(t)) return true;
  if (HEADER_FROM.test(t)) {
    for (let k = i + 1; k < Math.min(lines.length, i + 4); k++) if (HEADER_NEXT.test(lines[k]!.trim())) return true;
    return false;
  }
  if (!/^(?:am|on|le|il)\s/i.test(t) && !/(?:schrieb|wrote|écrit|scritto)\s?:?$/i.test(t)) return false;
  // The attribution may wrap: join this line with the next two.
  let joined = t;
  for (let k = 0; k < 3 && i + k < lines.length; k++) {
    if (k > 0) joined += ' ' + lines[i + k]!.trim();
    if (ATTRIBUTION.some((re) => re.test(cut(joined)))) return true;
  }
  return false;
}

/**
 * Splits a body into the player's own lines and what is left out. Top posting (text above
 * the quoted message) and bottom or inline posting (text below or between `>` quotes) are
 * both read; an unquoted original (Outlook) below an attribution is left out.
 */
export function ownText(body: string): OwnText {
  const all = normalise(body).split('\n').map(cut);
  // nextQuoted[i]: the first `>` line at or after i (one pass from the end: linear).
  const nextQuoted = new Array<number>(all.length + 1).fill(all.length);
  for (let i = all.length - 1; i >= 0; i--) nextQuoted[i] = QUOTED.test(all[i]!) ? i : nextQuoted[i + 1]!;
  const lines: Line[] = [];
  const ignored: OwnText['ignored'] = [];
  let quoted = 0;
  for (let i = 0; i < all.length; i++) {
    const raw = all[i]!;
    const t = raw.trim();
    if (QUOTED.test(raw)) { quoted++; continue; }
    if (SIGNATURE_DASHES.test(raw) || isAppSignature(t)) {
      // A signature ends the own text, unless a `>` quote follows (the player wrote below it: bottom posting).
      ignored.push({ text: t || '--', why: 'signature', line: i + 1 });
      const q = nextQuoted[i + 1]!;
      if (q >= all.length) break;
      for (let k = i + 1; k < q; k++) if (all[k]!.trim()) ignored.push({ text: all[k]!.trim(), why: 'signature', line: k + 1 });
      i = q - 1;
      continue;
    }
    if (quoteStart(all, i)) {
      // The first line after the attribution (and its wrapped end, "<gm@x>:" or "wrote:").
      let k = i + 1;
      while (k < all.length && k <= i + 2 && (!all[k]!.trim() || ATTRIBUTION_END.test(all[k]!.trim()))) k++;
      while (k < all.length && !all[k]!.trim()) k++;
      if (k < all.length && QUOTED.test(all[k]!)) {
        // Bottom or inline posting: the quote is `>`-quoted; the player's text follows it.
        quoted += k - i;
        i = k - 1;
        continue;
      }
      // Top posting or a forwarded original: everything from here on is the earlier message.
      for (let r = i; r < all.length; r++) if (all[r]!.trim()) quoted++;
      break;
    }
    lines.push({ text: raw, no: i + 1 });
  }
  return { lines, ignored, quotedLines: quoted };
}
