// Player mail commands (docs/players.md): a mail whose whole message is one request word
// (in the subject, or as the player's first own line) is a command, answered and never
// taken as an entry. Pure: subject and body in, command out.

import { closingPhrase, isGreeting, REPLY_PREFIX } from './entry-parser.js';
import { isAppSignature, normalise, ownText } from './own-text.js';

export type CommandName = 'help' | 'status' | 'field' | 'ranking' | 'pause' | 'resign' | 'join';

export interface MailCommand {
  command: CommandName;
  /** What followed the command word on its line (PAUSE bis 24.12., JOIN Maria Muster), cleaned; empty if nothing. */
  argument: string;
}

/** The command words, lower case, German, English, French, Italian. */
const WORDS: Record<CommandName, string[]> = {
  help: ['hilfe', 'help', 'aide', 'aiuto', '?'],
  status: ['status', 'stand', 'etat', 'état', 'stato'],
  field: ['feld', 'field', 'grille', 'griglia', 'tabellone'],
  ranking: ['rangliste', 'ranking', 'tabelle', 'classement', 'classifica'],
  pause: ['pause', 'urlaub', 'vacation', 'holiday', 'holidays', 'vacances', 'pausa', 'ferie', 'vacanza'],
  resign: ['abmelden', 'abmeldung', 'resign', 'quit', 'unsubscribe', 'désinscription', 'desinscription', 'disiscrivi', 'disiscrizione'],
  join: ['anmelden', 'anmeldung', 'join', 'subscribe', 'inscription', 'iscrizione', 'iscrivimi'],
};
const BY_WORD = new Map<string, CommandName>(Object.entries(WORDS).flatMap(([c, ws]) => ws.map((w) => [w, c as CommandName])));

/** Arguments longer than this are not a command's (a sentence that starts with "Help"). */
const MAX_ARGUMENT = 60;
/** Commands that take no argument: "Status meiner Einsendung?" is a question for the GM, not STATUS. */
const NO_ARGUMENT = new Set<CommandName>(['help', 'status', 'field', 'ranking', 'resign']);

/** "Code: tulpe": the player's code, read by the entry parser; not part of the command. */
const CODE_LINE = /^(?:Code|Kennwort|Passwort|Password|Mot de passe|Codice)\s{0,3}[:=]\s{0,3}\S+$/i;

/** A line that is exactly a command, with its argument. */
export function commandLine(line: string): MailCommand | null {
  const t = normalise(line).trim().replace(/^[#/!]/, '').replace(/!+$/, '').slice(0, 200);
  const m = /^([\p{L}?]+)\.?(?:\s*[:\s]\s*(.*))?$/u.exec(t);
  if (!m) return null;
  const command = BY_WORD.get(m[1]!.toLowerCase());
  if (!command) return null;
  const argument = (m[2] ?? '').replace(/[\u0000-\u001f\u007f<>]/g, '').trim();
  if (argument.length > MAX_ARGUMENT || (argument && NO_ARGUMENT.has(command))) return null;
  return { command, argument };
}

/**
 * The command a mail is, if it is clearly one: its subject (reply prefixes off) is a command
 * line and the body says at most a line more, or its first own line (after a greeting) is a
 * command line and alone (greeting, closing and the sender's name aside).
 */
export function parseCommand(subject: string, body: string, senderName?: string): MailCommand | null {
  const name = senderName?.trim().toLowerCase();
  const own = ownText(body).lines.map((l) => l.text.trim()).filter((t) => t && !isAppSignature(t));
  const lines = own.filter((t, i) => !(i === 0 && isGreeting(t, true)) && !(closingPhrase(t) && !commandLine(t)) && !CODE_LINE.test(t))
    // The sender's name under the text is a signature ("STATUS" / "Anna").
    .filter((t, i, all) => !(i > 0 && i === all.length - 1 && name && (t.toLowerCase() === name || name.startsWith(`${t.toLowerCase()} `))));
  const fromSubject = commandLine(subject.replace(REPLY_PREFIX, ''));
  if (fromSubject) {
    if (lines.length === 0) return fromSubject;
    // Subject "ANMELDEN", body "Maria Muster": the body's one line is the argument.
    if (lines.length === 1 && !commandLine(lines[0]!) && !fromSubject.argument && (fromSubject.command === 'join' || fromSubject.command === 'pause')) {
      return { ...fromSubject, argument: lines[0]!.slice(0, MAX_ARGUMENT) };
    }
    if (lines.length === 1 && commandLine(lines[0]!)?.command === fromSubject.command) return commandLine(lines[0]!);
  }
  // In the body: the command alone ("Feld" over two more words is an entry), or JOIN over a name.
  const first = lines[0] ? commandLine(lines[0]) : null;
  if (first && lines.length === 1) return first;
  if (first?.command === 'join' && !first.argument && lines.length === 2 && lines[1]!.length <= MAX_ARGUMENT && !commandLine(lines[1]!)) return { ...first, argument: lines[1]! };
  return null;
}
