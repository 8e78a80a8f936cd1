import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMail } from '../mail/incoming.js';
import { parseEntry } from '../parse/entry-parser.js';
import { Journal } from '../store/journal.js';
import { UserError } from '../user-error.js';
import { now } from './clock.js';
import type { Game } from './game.js';
import { markIds } from './inbox.js';
import { declaredJoker } from './ingest.js';
import { writeJson } from './json-files.js';
import { addressesOf, findPlayer } from './player-lookup.js';
import { type EntryRecord, type GmDecision, type JournalRecord, journalPath, type RemovedRecord, RoundBook } from './round-journal.js';
import type { RoundRecord } from './rounds.js';

// The GM's overrides of entries (postboggle entry set|restore|accept-late|remove): each is
// a record appended to the round's journal, with what, when and why, never an edit of
// earlier records. The entry of record is derived as always (the latest record of the
// player), and the newsletter lists the decisions (corrections.ts).

export type EntryAction = GmDecision['action'];

/** One item of a player's history in a round: their mails' entries, the GM's decisions, refused late mails. */
export interface HistoryItem {
  /** Shown as #n: restore takes it. */
  n: number;
  record: EntryRecord | RemovedRecord | Extract<JournalRecord, { kind: 'refused' }>;
  current: boolean;
}

/** The player as the round's journal knows them: their current address (any of their addresses may be typed). */
function who(game: Game, email: string): { email: string; name: string; addresses: string[] } {
  const p = findPlayer(game.settings, email);
  if (p) return { email: p.email.toLowerCase(), name: p.name, addresses: addressesOf(p) };
  return { email: email.toLowerCase(), name: email, addresses: [email.toLowerCase()] };
}

export function playerHistory(game: Game, round: RoundRecord, email: string): { name: string; email: string; items: HistoryItem[] } {
  const p = who(game, email);
  const path = journalPath(game.layout, round.round);
  const records = existsSync(path) ? new Journal<JournalRecord>(path).read().records : [];
  const book = new RoundBook(game.layout, round.round, { legacy: false, readOnly: true });
  const current = p.addresses.map((a) => book.entryOf(a)).find(Boolean);
  book.close();
  const mine = records.filter((r): r is HistoryItem['record'] =>
    ((r.kind === 'entry' || r.kind === 'removed') && p.addresses.includes(r.email))
    || (r.kind === 'refused' && r.reason === 'round-closed' && (p.addresses.includes(r.email ?? '') || p.addresses.includes(r.from ?? ''))));
  const known = mine.some((r) => r.kind !== 'refused') || findPlayer(game.settings, email);
  if (!known) throw new UserError(`${email} is not a player and sent nothing for round ${round.round}`);
  const name = mine.find((r): r is EntryRecord => r.kind === 'entry')?.name ?? p.name;
  return { name, email: p.email, items: mine.map((record, i) => ({ n: i + 1, record, current: record === current || (!!current && record.id === current.id) })) };
}

function gmId(parts: unknown): string {
  return `gm-${createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 20)}`;
}

/** Words typed on the command line: "gurren, Gras Besen" → [gurren, Gras, Besen]. */
export function wordList(text: string | string[] | undefined): string[] {
  const all = Array.isArray(text) ? text.join(',') : text ?? '';
  return all.split(/[,;\s]+/).map((w) => w.trim()).filter(Boolean);
}

export interface OverrideRequest {
  action: EntryAction;
  reason: string;
  /** set: the entry. */
  main?: string[];
  substitutes?: string[];
  joker?: string | null;
  /** restore: the history item number (#n, from entry show); accept-late: a refused mail's id (prefix), default the latest. */
  which?: string | undefined;
}

/** Records a GM override in the round's journal and writes entries.json anew. Returns the record. */
export async function overrideEntry(game: Game, round: RoundRecord, email: string, req: OverrideRequest): Promise<EntryRecord | RemovedRecord> {
  const reason = req.reason.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  if (!reason) throw new UserError(`entry ${req.action} needs --reason "…" (it is shown to the players in the newsletter)`);
  const hist = playerHistory(game, round, email);
  const t = now();
  const gm: GmDecision = { action: req.action, at: t.toISOString(), reason };
  const base = { messageId: null, from: null, subject: '', source: '', email: hist.email, name: hist.name };
  let record: EntryRecord | RemovedRecord;
  const markHandled: string[] = [];
  switch (req.action) {
    case 'set': {
      const main = req.main ?? [];
      if (main.length === 0) throw new UserError('entry set needs --words (the main words, separated by commas or spaces)');
      let joker: string | null = null;
      if (req.joker) {
        const j = declaredJoker(req.joker, game.settings.language);
        if (!j.joker) throw new UserError(`--joker "${req.joker}" is not one letter`);
        joker = j.joker;
      }
      record = { ...base, kind: 'entry', id: gmId([round.round, hist.email, gm, main, req.substitutes, joker]), at: gm.at, main, substitutes: req.substitutes ?? [], joker, gm };
      break;
    }
    case 'restore': {
      const n = Number.parseInt(String(req.which ?? '').replace(/^#/, ''), 10);
      const item = hist.items.find((i) => i.n === n);
      if (!item) throw new UserError(`entry restore needs the number of an earlier entry as listed by postboggle entry show ${round.round} ${email} (like 1 or #1)`);
      if (item.record.kind !== 'entry') throw new UserError(`#${n} is not an entry (a ${item.record.kind === 'removed' ? 'removal' : 'refused mail: use entry accept-late'})`);
      if (item.current) throw new UserError(`#${n} is the entry of record already`);
      const from = item.record;
      record = { ...base, kind: 'entry', id: gmId([round.round, hist.email, gm, from.id]), at: gm.at, main: from.main, substitutes: from.substitutes, joker: from.joker, gm: { ...gm, of: from.id } };
      break;
    }
    case 'accept-late': {
      const late = hist.items.map((i) => i.record).filter((r): r is Extract<JournalRecord, { kind: 'refused' }> => r.kind === 'refused');
      const ref = req.which?.toLowerCase();
      const chosen = ref ? late.filter((r) => r.id.startsWith(ref)) : late.slice(-1);
      if (chosen.length === 0) throw new UserError(ref ? `there is no late mail ${req.which} from ${email} in round ${round.round}` : `there is no late mail from ${email} in round ${round.round} (postboggle entry show ${round.round} ${email})`);
      if (chosen.length > 1) throw new UserError(`${req.which} names more than one late mail: give more characters`);
      const mailRec = chosen[0]!;
      const path = join(game.layout.dir, mailRec.source);
      if (!existsSync(path)) throw new UserError(`the raw copy of that mail (${mailRec.source}) is missing`);
      const mail = await readMail(readFileSync(path));
      const parsed = parseEntry(mail.subject, mail.text, { senderName: hist.name, language: game.settings.language });
      if (parsed.main.length + parsed.substitutes.length === 0) throw new UserError('no words could be read from that mail: use entry set with the words instead');
      // Ordered at its arrival: it replaces what the player sent before it, as if it had been in time.
      record = { ...base, kind: 'entry', id: gmId([round.round, hist.email, gm, mailRec.id]), at: mailRec.at, messageId: mailRec.messageId, from: mailRec.from, subject: mailRec.subject, source: mailRec.source,
        main: parsed.main, substitutes: parsed.substitutes, joker: declaredJoker(parsed.joker, game.settings.language).joker, gm: { ...gm, of: mailRec.id } };
      markHandled.push(mailRec.id);
      break;
    }
    case 'remove': {
      if (!hist.items.some((i) => i.current)) throw new UserError(`${email} has no entry in round ${round.round} to remove`);
      record = { ...base, kind: 'removed', id: gmId([round.round, hist.email, gm]), at: gm.at, gm };
      break;
    }
  }
  const book = new RoundBook(game.layout, round.round);
  try {
    book.append(record);
    book.journal.sync();
    writeJson(game.layout.entries(round.round), book.entries());
  } finally {
    book.close();
  }
  markIds(game.layout, markHandled, `accepted late (${reason})`);
  return record;
}
