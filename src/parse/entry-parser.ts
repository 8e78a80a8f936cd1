// Reads an entry from the text of a player's mail (SPEC 7). Pure: text in, entry out.
// Players write anything from "1. gurren" lists to "gurren, Gras, Besen" lines, from any
// client, top- or bottom-posting, with greetings, closings and phone signatures around their
// words; the receipt shows them how the mail was read and what was left out.
//
// Whether a mail is an entry at all is decided on evidence: keyword lines (Joker:, Ersatz:,
// Wörter:), a numbered list, or words that lie on the round's field. A mail that is not
// clearly an entry ("Bin im Urlaub", "help", a question) never replaces one.

import { CLOSINGS, COMMANDS, FUNCTION_WORDS, GREETINGS } from './phrases.js';
import { type IgnoredWhy, isAppSignature, type Line, MAX_LINE, normalise, ownText } from './own-text.js';

export { ownText } from './own-text.js';
export type { IgnoredWhy } from './own-text.js';

export interface IgnoredText {
  text: string;
  why: IgnoredWhy;
  /** Its line in the body, from 1. */
  line: number;
}

export interface ParsedEntry {
  main: string[];
  substitutes: string[];
  /** The declared joker as typed (one letter after folding is checked by the caller), or null. */
  joker: string | null;
  /** The round the player names: in the subject (not a reply's) or on a line of its own ("Runde 12"). */
  round: number | null;
  /** A round named only by the subject of a reply ("Re: … Runde 1"): used when no round is open. */
  roundHint: number | null;
  /** The player's code ("Code: tulpe"), if the mail gives one. */
  code: string | null;
  /** Whether the mail is an entry; when not, `why` says so. */
  isEntry: boolean;
  /** The evidence that made it an entry, or why it is not one. */
  why: 'keywords' | 'numbered' | 'round-named' | 'on-field' | 'list' | 'no-words' | 'command' | 'not-on-field';
  /** What the player wrote that was left out, in the order of the mail: the receipt lists it. */
  ignored: IgnoredText[];
  /** Non-empty lines of quoted earlier messages (left out too). */
  quotedLines: number;
}

export interface ParseContext {
  /** Whether a token can be traced on the round's field (any joker letter). */
  onField?: ((token: string) => boolean) | undefined;
  /** The sender's display name: a line with just that name is a signature. */
  senderName?: string | undefined;
  /** The game's language: its small words (and English ones) mark a line as a sentence. Default de. */
  language?: 'de' | 'en' | 'fr' | 'it' | undefined;
}

const ROUND_WORD = '(?:Runde|Round|Rd\\.?|Manche|Tour|Turno|Giro|Partita)';
const ROUND_IN_SUBJECT = new RegExp(`(?:^|[^\\p{L}])${ROUND_WORD}\\s{0,3}(?:Nr\\.?|No\\.?|n[°º]\\.?|#)?\\s{0,3}:?\\s{0,3}(\\d{1,4})(?!\\d)`, 'iu');
const ROUND_LINE = new RegExp(`^${ROUND_WORD}\\s{0,3}(?:Nr\\.?|No\\.?|n[°º]\\.?|#)?\\s{0,3}:?\\s{0,3}(\\d{1,4})\\s{0,3}[:.,-]?$`, 'i');
/** Reply and forward prefixes in subjects, in the languages of the game and of common clients. */
export const REPLY_PREFIX = /^\s*(?:(?:re|aw|antw|antwort|wg|fw|fwd|tr|réf|rif|r|ri|sv|vs)\s?(?:\[\d+\])?\s?:\s*)+/i;

// "Joker: A", "Joker A", "Joker = a", "* = A", "Stern: A", "Jolly: A".
const JOKER = /^(?:(?:Joker|Jolly|Stern|Star|Étoile|Etoile|Stella|\*)\s{0,3}[:=]|Joker\s)\s{0,3}["'„“«]?([^\s"'“”».,;]{1,3})["'“”»]?\s{0,3}\.?$/i;
/** "Joker: A, gurren, Gras": the joker first on a line of words. */
const JOKER_THEN_WORDS = /^(?:Joker|Jolly|Stern|Star|\*)\s{0,3}[:=]\s{0,3}["'„“]?(\p{L})["'“”]?\s{0,3}[,;]\s*(.*)$/iu;
const SUBSTITUTE_WORD = '(?:Ersatzw(?:ö|oe)rter|Ersatzwort|Ersatz|Substitutes?|Subs?|Reserve|Remplaçants?|Remplacants?|Sostitut[ie]|Riserv[ae])';
const SUBSTITUTES = new RegExp(`^(?:${SUBSTITUTE_WORD}|E)\\s{0,3}[:=]\\s*(.*)$`, 'i');
/** "…, Perlet, Ersatz: Igel, Eile": the substitutes start in the middle of a line. */
const SUBSTITUTES_INSIDE = new RegExp(`^(.*?)[\\s,;]${SUBSTITUTE_WORD}\\s{0,3}:\\s*(.*)$`, 'i');
const MAIN_HEADER = /^(?:W(?:ö|oe)rter|Hauptw(?:ö|oe)rter|Words|Main|Mots|Parole)\s{0,3}:\s*(.*)$/i;
const CODE = /^(?:Code|Kennwort|Passwort|Password|Mot de passe|Codice)\s{0,3}[:=]\s{0,3}(\S+)$/i;
/** "E1. Besen", "S2) Kur": substitutes numbered the way receipts and newsletters show them. */
const SUB_NUMBERED = /^(?:E|S)(\d{1,2})\s{0,3}[.):]\s*(.*)$/i;
const NUMBERED = /^(?:\(?(\d{1,2})\s{0,3}[.):]|#(\d{1,2})\b)\s*(.*)$/;
const BARE_NUMBERED = /^(\d{1,2})\s+(\S.*)$/;
const BULLET = /^[-•·–*▪◦]\s+(.*)$/;
/** Numbering inside a line ("1. gurren 2. Gras"): not a word, and not one of the 7. */
const NUMBER_TOKEN = /^(?:\(?\d{1,3}[.):]|#\d{1,3})$/;
const PHONE = /(?:^|\s|:)(?:\+|00)?\d[\d ()/.-]{5,}\d(?:\s|$)/;
const PHONE_LABEL = /^(?:tel|tel\.|telefon|phone|mobil|mobile|handy|fax|cell|portable|cellulare|t|m|p)\s?[.:]/i;
 /** An intro before a colon and a list after it. */
const INTRO_THEN_LIST = /^([^:\d]{1,60}):\s+(\S.*)$/;
const LIST_WORDS = /\b(?:w(?:ö|oe)rter|words|mots|parole|liste|list|einsendung|entry|tipps?)\b/i;
function introIsProse(intro: string, small: (w: string) => boolean): boolean {
  const words = intro.trim().split(/\s+/);
  return words.length >= 2 && (LIST_WORDS.test(intro) || words.some((w) => small(w.toLowerCase())));
}
const ADDRESS_LIKE = /(?:https?:\/\/|www\.|\S@\S)/i;

const MAX_TOKENS = 50;
const OPEN_CLOSE: Record<string, string> = { '"': '"', '„': '“', '“': '”', '”': '”', '‚': '‘', '‘': '’', "'": "'", '«': '»', '»': '«', '‹': '›', '(': ')', '[': ']' };

/** One token as typed: matched quotes or brackets around it and sentence punctuation after it are not part of it. */
function cleanToken(raw: string): string {
  let t = raw.replace(/[.,;:!?]+$/, '');
  for (let k = 0; k < 2 && t.length >= 2; k++) {
    const close = OPEN_CLOSE[t[0]!];
    if (close !== undefined && (t.endsWith(close) || (close === '“' && t.endsWith('”')))) t = t.slice(1, -1).replace(/[.,;:!?]+$/, '');
    else break;
  }
  return t;
}

/** Splits a list line into tokens: commas, semicolons, white space; numbering dropped, everything else kept as typed. */
function tokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/[,;\s]+/)) {
    if (!raw || NUMBER_TOKEN.test(raw) || /^[-–•·*]+$/.test(raw)) continue;
    const t = cleanToken(raw);
    if (t) out.push(t);
  }
  return out;
}

const lower = (s: string) => s.toLowerCase();
const startsWithPhrase = (t: string, phrases: readonly string[]): string | null => {
  const l = lower(t);
  let best: string | null = null;
  for (const p of phrases) {
    if (l.startsWith(p) && (l.length === p.length || !/[\p{L}\p{N}]/u.test(l[p.length]!)) && (!best || p.length > best.length)) best = p;
  }
  return best;
};

/** A greeting line: "Hallo Anna,", "Hi!", "Liebe Spielleitung,", "Hello". */
export function isGreeting(t: string, first: boolean): boolean {
  const p = startsWithPhrase(t, GREETINGS);
  if (!p) return false;
  const rest = t.slice(p.length).replace(/^[\s,!.:]+/, '');
  const restWords = rest ? rest.split(/\s+/).length : 0;
  if (/[,!]$/.test(t)) return restWords <= 4;
  // Without punctuation: "Hallo Anna" or a lone "Hallo" opening the mail; a lone "Liebe" in a list is a word.
  return restWords >= 1 ? restWords <= 3 && !/[,;]/.test(rest) : first && !['liebe', 'lieber', 'liebes', 'cher', 'caro', 'cara', 'na'].includes(lower(p));
}

/** A closing line: "Viele Grüße", "LG Carol", "Gruß, Bob", "Servus Hans", "Sent from my iPhone". */
export function closingPhrase(t: string): boolean {
  const p = startsWithPhrase(t, CLOSINGS);
  if (!p) return false;
  const rest = t.slice(p.length).replace(/^[\s,!.:-]+/, '').replace(/[\s,!.]+$/, '');
  return !rest || (rest.split(/\s+/).length <= 4 && !/[,;]/.test(rest) && !/\d/.test(rest));
}

function isPhoneLine(t: string): boolean {
  const digits = t.replace(/\D/g, '').length;
  return (PHONE_LABEL.test(t) && digits >= 5) || (PHONE.test(t) && digits >= 7);
}

/** A name as it stands under a mail: one to four capitalised words, no list punctuation, no digits. */
function nameLike(t: string): boolean {
  const words = t.replace(/^[-–—~]\s*/, '').split(/\s+/);
  return words.length <= 4 && !/[,;\d]/.test(t) && words.every((w) => /^\p{Lu}[\p{L}.'’-]*$/u.test(w));
}

/** A line that is prose (a sentence, an intro ending in a colon, a question) rather than words. */
function isProse(t: string, small: (w: string) => boolean, onField?: (token: string) => boolean): boolean {
  if (/\?/.test(t)) return true;
  if (/:\s*$/.test(t)) return true;
  // "Liebe, gurren, Gras" is a list whatever its first word: commas between short pieces.
  const pieces = t.split(/[,;]/);
  if (pieces.length > 1 && pieces.every((seg) => seg.trim().split(/\s+/).length <= 2)) return false;
  const words = t.split(/\s+/).map((w) => cleanToken(w)).filter(Boolean);
  if (words.length < 2) return false;
  const fn = words.filter((w) => small(lower(w))).length;
  const onFieldShare = onField ? words.filter((w) => onField(w)).length / words.length : null;
  if (onFieldShare !== null && onFieldShare >= 0.8) return false; // a list of field words, whatever they are
  if (fn >= 1 && fn / words.length >= 0.25) return true;
  if (words.length >= 3 && /[.!]$/.test(t)) return true;
  // A long line with no small words is a list ("gurren Gras Besen Emaille Kur Elle Regen"),
  // unless the field says its words are not there.
  return onFieldShare !== null && words.length >= 4 && onFieldShare < 0.5 && fn > 0;
}

/** The round the mail names, and a round only hinted at by a reply's subject. */
export function namedRound(subject: string, body: string): { round: number | null; roundHint: number | null } {
  const s = normalise(subject).replace(/\s+/g, ' ').slice(0, MAX_LINE);
  const isReply = REPLY_PREFIX.test(s);
  const fromSubject = ROUND_IN_SUBJECT.exec(s)?.[1];
  let fromLine: string | undefined;
  for (const l of ownText(body).lines) {
    const m = ROUND_LINE.exec(l.text.trim());
    if (m) { fromLine = m[1]; break; }
  }
  const round = (isReply ? undefined : fromSubject) ?? fromLine;
  return { round: round === undefined ? null : Number(round), roundHint: isReply && fromSubject !== undefined ? Number(fromSubject) : null };
}

export function parseEntry(subject: string, body: string, ctx: ParseContext = {}): ParsedEntry {
  const own = ownText(body);
  const ignored: IgnoredText[] = [...own.ignored];
  const ownWords = FUNCTION_WORDS[ctx.language ?? 'de'];
  const small = (w: string) => ownWords.has(w) || FUNCTION_WORDS.en.has(w);
  const { round, roundHint } = namedRound(subject, body);
  const lines: Line[] = own.lines.filter((l) => l.text.trim());
  const name = ctx.senderName ? lower(normalise(ctx.senderName).trim()) : '';
  const firstName = name.split(/\s+/)[0] ?? '';
  const isSenderName = (t: string) => {
    const l = lower(t.replace(/^[-–—~]\s*/, '').replace(/^(?:dein|deine|euer|eure|your|ton|ta|votre|il tuo|la tua)\s+/i, '').replace(/[.!,]$/, ''));
    return !!name && (l === name || (firstName.length >= 2 && l === firstName));
  };

  // Where the own text ends: a closing followed only by a name, phone or address lines; a
  // phone or address block; the sender's name on one of the last lines.
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i]!.text.trim();
    const rest = lines.slice(i + 1, i + 6);
    const tail = lines.length - i - 1;
    const restIsSignature = rest.length === tail && rest.every((l) => signatureLine(l.text.trim()));
    if (closingPhrase(t)) {
      // A one-word closing ("Gruß", "Danke", "Best") is a word too: only with at most a name under it.
      const single = !/\s/.test(t.replace(/[\s,!.]+$/, ''));
      const ends = single
        ? tail <= 2 && rest.every((l) => signatureLine(l.text.trim()) || nameLike(l.text.trim()))
        : restIsSignature || (tail <= 3 && rest.every((l) => !NUMBERED.test(l.text.trim()) && !SUBSTITUTES.test(l.text.trim())));
      if (ends) { end = i; break; }
    }
    if ((isPhoneLine(t) || isAppSignature(t)) && tail <= 5) {
      end = i;
      // a name right above a phone number belongs to the signature
      while (end > 0 && isSenderNameOrName(lines[end - 1]!.text.trim(), i - end)) end--;
      break;
    }
    if (isSenderName(t) && tail <= 3 && rest.every((l) => signatureLine(l.text.trim()))) { end = i; break; }
  }
  function signatureLine(t: string): boolean {
    return isPhoneLine(t) || ADDRESS_LIKE.test(t) || (nameLike(t) && /\s/.test(t)) || isSenderName(t) || isAppSignature(t) || /^\d{4,5}\s+\p{L}/u.test(t) || /^\p{L}[\p{L}.\s-]*\s\d+\w?$/u.test(t);
  }
  function isSenderNameOrName(t: string, above: number): boolean {
    return above < 2 && (isSenderName(t) || (nameLike(t) && t.split(/\s+/).length >= 2) || closingPhrase(t));
  }
  for (const [k, l] of lines.slice(end).entries()) {
    ignored.push({ text: l.text.trim(), why: k === 0 && closingPhrase(l.text.trim()) ? 'closing' : 'signature', line: l.no });
  }

  const body_ = lines.slice(0, end);
  const numberedLines = body_.filter((l) => { const m = NUMBERED.exec(l.text.trim()); return m && tokens(m[3]!).length > 0; }).length;
  const bareNumbered = body_.filter((l, i) => BARE_NUMBERED.exec(l.text.trim())?.[1] === String(i + 1)).length >= 2;
  const main: string[] = [];
  const substitutes: string[] = [];
  let joker: string | null = null;
  let code: string | null = null;
  let inSubstitutes = false;
  let keywords = false;
  let listSyntax = false;
  let firstContent = true;
  const push = (list: string[]) => { (inSubstitutes ? substitutes : main).push(...list); };

  for (const l of body_) {
    const t = l.text.trim();
    const wasFirst = firstContent;
    firstContent = false;
    const c = CODE.exec(t);
    if (c) { code = c[1]!; keywords = true; continue; }
    const j = JOKER.exec(t);
    if (j) { joker = j[1]!; keywords = true; continue; }
    const jw = JOKER_THEN_WORDS.exec(t);
    if (jw) { joker = jw[1]!; keywords = true; push(tokens(jw[2]!)); continue; }
    if (ROUND_LINE.test(t)) { keywords = true; ignored.push({ text: t, why: 'round', line: l.no }); continue; }
    const sn = SUB_NUMBERED.exec(t);
    if (sn) { inSubstitutes = true; keywords = true; push(tokens(sn[2]!)); continue; }
    const s = SUBSTITUTES.exec(t);
    if (s) { inSubstitutes = true; keywords = true; push(tokens(s[1]!)); continue; }
    const m = MAIN_HEADER.exec(t);
    if (m) { inSubstitutes = false; keywords = true; push(tokens(m[1]!)); continue; }
    if (wasFirst && isGreeting(t, true) || isGreeting(t, false) && /[,!]$/.test(t)) { ignored.push({ text: t, why: 'greeting', line: l.no }); continue; }
    if (closingPhrase(t) && t.split(/\s+/).length >= 2 && !/[,;]\s*\S/.test(t)) { ignored.push({ text: t, why: 'closing', line: l.no }); continue; }
    if (ADDRESS_LIKE.test(t) && t.split(/\s+/).length <= 3) { ignored.push({ text: t, why: 'address', line: l.no }); continue; }
    // "…, Perlet, Ersatz: Igel, Eile"
    const inside = SUBSTITUTES_INSIDE.exec(t);
    let text = t;
    // "My words: gurren, Besen", "Für Runde 2: gurren, Ferne": an intro, then the list.
    const intro = INTRO_THEN_LIST.exec(t);
    if (intro && !inside && introIsProse(intro[1]!, small) && tokens(intro[2]!).length >= 2) {
      ignored.push({ text: `${intro[1]!}:`, why: 'text', line: l.no });
      text = intro[2]!;
    }
    let afterSubs: string | null = null;
    if (inside) { text = inside[1]!.trim(); afterSubs = inside[2]!; keywords = true; }
    const n = NUMBERED.exec(text);
    const bare = bareNumbered ? BARE_NUMBERED.exec(text) : null;
    const bullet = BULLET.exec(text);
    if (n) text = n[3]!;
    else if (bare) text = bare[2]!;
    else if (bullet) text = bullet[1]!;
    else if (numberedLines >= 2 && !inSubstitutes && !afterSubs) { ignored.push({ text: t, why: 'not numbered', line: l.no }); continue; }
    if (!n && !bare && !inside && isProse(text, small, ctx.onField)) { ignored.push({ text: t, why: 'text', line: l.no }); continue; }
    if (/[,;]\s*\S/.test(text)) listSyntax = true;
    push(tokens(text));
    if (afterSubs !== null) { inSubstitutes = true; push(tokens(afterSubs)); }
  }

  const all = [...main, ...substitutes];
  const evidence = ((): ParsedEntry['why'] => {
    if (all.length === 0) return 'no-words';
    const onField = ctx.onField;
    const fieldWords = onField ? all.filter((w) => onField(w) && !COMMANDS.has(lower(w))).length : null;
    // "help", "status", "Urlaub": a request, unless keyword lines or the field say otherwise
    if (!keywords && all.length <= 3 && all.some((w) => COMMANDS.has(lower(w))) && (fieldWords === null || fieldWords < 2)) return 'command';
    if (keywords) return 'keywords';
    if (numberedLines >= 2 || bareNumbered) return 'numbered';
    if (round !== null) return 'round-named'; // "Runde 2" in the subject: words for that round, on the field or not
    if (fieldWords === null) return listSyntax || all.length >= 2 ? 'list' : 'on-field';
    return fieldWords >= 1 && fieldWords * 2 >= all.length ? 'on-field' : 'not-on-field';
  })();
  const isEntry = evidence !== 'no-words' && evidence !== 'command' && evidence !== 'not-on-field';
  // A mail of thousands of "words" is not an entry; what lies beyond the limits is cut here
  // (it would be over-limit anyway) so that the journal stays small.
  return {
    main: main.slice(0, MAX_TOKENS), substitutes: substitutes.slice(0, MAX_TOKENS), joker, round, roundHint, code,
    isEntry, why: evidence, ignored: ignored.sort((a, b) => a.line - b.line), quotedLines: own.quotedLines,
  };
}
