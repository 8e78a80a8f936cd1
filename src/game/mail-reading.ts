import { headerEnd } from '../mail/identity.js';
import { type IncomingMail, readMail } from '../mail/incoming.js';
import { structureProblem } from '../mail/precheck.js';
import { type MailCommand, parseCommand } from '../parse/mail-command.js';
import { namedRound, type ParsedEntry, parseEntry } from '../parse/entry-parser.js';
import { parseField } from '../rules/field.js';
import { foldWord } from '../rules/fold.js';
import { jokerOptions, onFieldAtAll } from '../rules/paths.js';
import type { RoundRecord } from './rounds.js';
import type { Settings } from './settings.js';

// Reading a received mail: what its bytes say, without the game's state. Pure CPU, no I/O:
// the same whether it runs in the ingest's own thread or in a worker thread ahead of it
// (read-pool.ts), so a batch reads mail on one core while it records on the other.

type Language = Settings['language'];

/** The mail as read, or why it is not read at all (its structure, or the parser gave up). */
export interface RawReading {
  problem: string | null;
  mail: IncomingMail | null;
}

/** The entry read from a mail, for one round and one sender's name (what parseEntry is given). */
export interface EntryReading {
  named: { round: number | null; roundHint: number | null };
  /** The round it was read for (pickRound), and the sender's name it was read with. */
  round: number | null;
  field: string | null;
  senderName: string;
  parsed: ParsedEntry;
  /** The mail command it would be, should ingest ask (parseCommand with the same name). */
  command: MailCommand | null;
}

export function headerPart(raw: Buffer): Buffer {
  const end = headerEnd(raw, 64 * 1024);
  return Buffer.concat([raw.subarray(0, end >= 0 ? end : Math.min(raw.length, 64 * 1024)), Buffer.from('\r\n\r\n')]);
}

/** Reads a mail: unless its structure is beyond any real entry, or the parser gives up. A mail over maxBytes: its header only. */
export async function readRaw(raw: Buffer, maxBytes: number): Promise<RawReading> {
  const tooLarge = raw.length > maxBytes;
  let problem = structureProblem(tooLarge ? headerPart(raw) : raw);
  let mail: IncomingMail | null = null;
  if (!problem) {
    try {
      mail = await readMail(tooLarge ? headerPart(raw) : raw);
    } catch (e) {
      problem = `cannot be parsed: ${(e as Error).message.split('\n')[0]!.slice(0, 200)}`;
    }
  }
  return { problem, mail };
}

/**
 * The round a mail is for: the one it names explicitly, else the open one (a reply to an
 * older round's newsletter still counts for the open round), else the one a reply's
 * subject hints at (so a late entry is told that round is closed).
 */
export function pickRound(named: { round: number | null; roundHint: number | null }, rounds: RoundRecord[]): RoundRecord | undefined {
  if (named.round !== null) return rounds.find((r) => r.round === named.round);
  return rounds.filter((r) => r.state === 'open').pop() ?? (named.roundHint !== null ? rounds.find((r) => r.round === named.roundHint) : undefined);
}

/** Tokens whose tracing on a field a tracer remembers. */
const MAX_TRACED = 100_000;

/** Whether a token can be traced on the field at all (the parser asks for every token of every mail). */
function fieldTracer(fieldText: string, language: Language): (token: string) => boolean {
  const field = parseField(fieldText);
  // Players of a round send mostly the same words: each is traced once a run. (Bounded:
  // a hostile batch of made-up tokens is traced each time, not kept.)
  const known = new Map<string, boolean>();
  return (t: string) => {
    let yes = known.get(t);
    if (yes === undefined) {
      const f = foldWord(t, language);
      yes = !!f && f.length >= 2 && onFieldAtAll(jokerOptions(field, f));
      if (known.size < MAX_TRACED) known.set(t, yes);
    }
    return yes;
  };
}

/** fieldTracer for each round's field, made once a field: what a reader of many mails asks the parser to trace with. */
export function fieldTracers(language: Language): (round: RoundRecord) => (token: string) => boolean {
  const tracers = new Map<string, (token: string) => boolean>();
  return (round) => {
    let t = tracers.get(round.field);
    if (!t) tracers.set(round.field, (t = fieldTracer(round.field, language)));
    return t;
  };
}

/** The entry in a mail, read for the round it picks among `rounds`, with the sender's name. */
export function readEntry(mail: IncomingMail, rounds: RoundRecord[], senderName: string, language: Language, onFieldOf: (round: RoundRecord) => (token: string) => boolean): EntryReading {
  const named = namedRound(mail.subject, mail.text);
  const target = pickRound(named, rounds);
  const parsed = parseEntry(mail.subject, mail.text, { onField: target ? onFieldOf(target) : undefined, senderName, language });
  return { named, round: target?.round ?? null, field: target?.field ?? null, senderName, parsed, command: parseCommand(mail.subject, mail.text, senderName) };
}
