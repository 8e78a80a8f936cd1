// Reads an entry from the text of a player's mail (SPEC 7). Pure: text in, entry out.
// Players write anything from "1. gurren" lists to "gurren, Gras, Besen" lines, from any
// client, often as a reply quoting the announcement; the receipt shows them how it was read.

export interface ParsedEntry {
  main: string[];
  substitutes: string[];
  /** The declared joker as typed (one letter after folding is checked by the caller), or null. */
  joker: string | null;
  /** The round the mail names ("Runde 12", "Round 12"), or null. */
  round: number | null;
  /** The player's code ("Code: tulpe"), if the mail gives one. */
  code: string | null;
}

const SIGNATURE = /^-- ?$/;
const QUOTE_HEADER = [
  /^Am .{4,}(schrieb|geschrieben)/i, // "Am 3. Mai 2026 um 10:00 schrieb Spielleitung <…>:" (may wrap)
  /^On .{4,}wrote:?\s*$/i,
  /^On .{4,}(<[^>]*>|@)/i, // "On Mon, 3 May 2026, Spielleitung <gm@x>" with "wrote:" on the next line
  /^-{2,}\s*(Original Message|Ursprüngliche Nachricht|Weitergeleitete Nachricht|Forwarded message)/i,
  /^_{8,}\s*$/, // Outlook separator line
  /^(From|Von):\s.+/, // Outlook header block of the quoted message
];
const ROUND = /\b(?:Runde|Round|Rd\.?)\s*(?:Nr\.?|No\.?|#)?\s*:?\s*(\d{1,4})\b/i;
// "Joker: A", "Joker A", "Joker = a", "* = A", "Stern: A" (Stern and Star, German and English
// words themselves, only with a colon or equals sign).
const JOKER = /^\s*(?:(?:Joker|Stern|Star|\*)\s*[:=]|Joker\s)\s*["'„“]?([^\s"'“”.,;]{1,3})["'“”]?\s*\.?\s*$/i;
/** "Joker: A, gurren, Gras": the joker first on a line of words. */
const JOKER_THEN_WORDS = /^\s*(?:Joker|Stern|Star|\*)\s*[:=]\s*["'„“]?(\p{L})["'“”]?\s*[,;]\s*(.*)$/iu;
const SUBSTITUTES = /^\s*(?:Ersatzw(?:ö|oe)rter|Ersatzwort|Ersatz|Substitutes?|Subs?|Reserve|E)\s*[:=]\s*(.*)$/i;
const MAIN_HEADER = /^\s*(?:W(?:ö|oe)rter|Words|Hauptw(?:ö|oe)rter|Main)\s*:\s*(.*)$/i;
const CODE = /^\s*(?:Code|Kennwort|Passwort|Password)\s*[:=]\s*(\S+)\s*$/i;
/** "E1. Besen", "S2) Kur": substitutes numbered the way receipts and newsletters show them. */
const SUB_NUMBERED = /^\s*(?:E|S)(\d)\s*[.):]\s*(.*)$/i;
const NUMBERED = /^\s*(?:\(?\d{1,2}\s*[.):]|#\d{1,2}\b)\s*(.*)$/;
const BULLET = /^\s*[-•·–*]\s+(.*)$/;
const GREETING = /^(hallo|hello|hi|hey|moin|servus|liebe[rs]?|dear|guten|good|salut|bonjour|ciao)\b/i;
/** A closing line ("Viele Grüße", "Best regards"): the entry is over, a name may follow. */
const CLOSING = /^(?:(?:viele|beste[n]?|liebe|herzliche|freundliche|mit|schöne|sonnige)\s+)?(?:grüße|grüssen|grüßen|gruß|gruss|gruesse)(?!\p{L})|^(?:lg|vg|mfg|cheers|thanks|thank you|danke|regards|best regards|kind regards|best wishes|bis bald|bis dann|tschüss|ciao|cordialement|saluti)(?!\p{L})/iu;

/** The part of the body the player wrote: no quoted text, no signature, no quoted earlier message. */
export function ownText(body: string): string[] {
  const out: string[] = [];
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.replace(/\u00a0/g, ' ');
    if (SIGNATURE.test(line)) break;
    if (QUOTE_HEADER.some((re) => re.test(line.trim()))) break;
    if (/^\s*>/.test(line)) continue;
    out.push(line);
  }
  return out;
}

const MAX_TOKENS = 50;

/** Numbering inside a line ("1. gurren 2. Gras"): not a word, and not one of the 7. */
const NUMBER_TOKEN = /^[(#]?\d{1,2}[.):]?$/;

/** Splits a list line into tokens: commas, semicolons, white space; sentence punctuation and quotes around a word dropped. */
function tokens(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .filter((t) => !NUMBER_TOKEN.test(t))
    .map((t) => t.replace(/^["'„“‚‘(\[]+|["'“”‘’)\].!?:]+$/g, ''))
    .filter((t) => t.length > 0);
}

/** A line that is prose (a greeting, an intro ending in a colon, a sentence) rather than words. */
function isProse(line: string): boolean {
  const t = line.trim();
  // "Liebe, gurren, Gras" is a list whatever its first word; "Hallo, wann ist Schluss?" is not.
  if (/[,;]\s*\S/.test(t) && !/\?/.test(t) && t.split(/[,;]/).every((seg) => seg.trim().split(/\s+/).length <= 2)) return false;
  const words = t.split(/\s+/);
  // "Hallo," or "Viele Grüße" — but a lone "Liebe" or "Bis" is a word.
  if (GREETING.test(t) && (words.length >= 2 || /[,!]$/.test(t))) return true;
  if (/:\s*$/.test(t)) return true;
  // A sentence: several words, ending like a sentence or long.
  return words.length >= 3 && (/[.!?]$/.test(t) || words.length >= 6);
}

export function parseEntry(subject: string, body: string): ParsedEntry {
  const lines = ownText(body);
  const round = ROUND.exec(subject)?.[1] ?? lines.map((l) => ROUND.exec(l)?.[1]).find((x) => x !== undefined) ?? null;
  const numbered = lines.some((l) => NUMBERED.test(l) && tokens(NUMBERED.exec(l)![1]!).length > 0);
  const main: string[] = [];
  const substitutes: string[] = [];
  let joker: string | null = null;
  let code: string | null = null;
  let inSubstitutes = false;
  for (const [i, line] of lines.entries()) {
    if (!line.trim()) continue;
    // "Viele Grüße", "Gruß, Bob": what follows is a name, a few lines at most. (A lone
    // "Gruß" with a list going on after it is the word GRUSS.)
    if (CLOSING.test(line.trim()) && lines.slice(i + 1).filter((l) => l.trim()).length <= 3) break;
    const c = CODE.exec(line);
    if (c) {
      code = c[1]!;
      continue;
    }
    const j = JOKER.exec(line);
    if (j) {
      joker = j[1]!;
      continue;
    }
    const jw = JOKER_THEN_WORDS.exec(line);
    if (jw) {
      joker = jw[1]!;
      (inSubstitutes ? substitutes : main).push(...tokens(jw[2]!));
      continue;
    }
    if (ROUND.test(line) && line.replace(ROUND, '').trim().replace(/[:.,-]/g, '') === '') continue;
    const sn = SUB_NUMBERED.exec(line);
    if (sn) {
      inSubstitutes = true;
      substitutes.push(...tokens(sn[2]!));
      continue;
    }
    const s = SUBSTITUTES.exec(line);
    if (s) {
      inSubstitutes = true;
      substitutes.push(...tokens(s[1]!.replace(NUMBERED, '$1')));
      continue;
    }
    const m = MAIN_HEADER.exec(line);
    let text = m ? m[1]! : line;
    const n = NUMBERED.exec(text);
    if (n) text = n[1]!;
    else if (BULLET.test(text)) text = BULLET.exec(text)![1]!;
    else if (!m && (numbered && !inSubstitutes)) continue; // a numbered list: unnumbered lines are prose
    if (!n && !m && isProse(text)) continue;
    (inSubstitutes ? substitutes : main).push(...tokens(text));
  }
  // A mail of thousands of "words" is not an entry; what lies beyond the limits is cut here
  // (it would be over-limit anyway) so that entries.json stays small.
  return { main: main.slice(0, MAX_TOKENS), substitutes: substitutes.slice(0, MAX_TOKENS), joker, round: round === null ? null : Number(round), code };
}
