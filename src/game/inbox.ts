import { join } from 'node:path';
import { DateTime } from 'luxon';
import { Journal } from '../store/journal.js';
import { UserError } from '../user-error.js';
import { now } from './clock.js';
import type { Game } from './game.js';
import type { GameLayout } from './layout.js';
import { findPlayer } from './player-lookup.js';
import { journalPath, type JournalRecord } from './round-journal.js';
import { roundNumbers } from './rounds.js';

// The GM inbox (docs/commands.md, `postboggle inbox`): every mail that did not become an
// entry and needs a person's eye — refused, unreadable (quarantined), not an entry, a
// stranger's join request — derived from the round journals. Marking one handled appends
// to rounds/inbox-done.jsonl; nothing is ever rewritten.

export type InboxRecord = Extract<JournalRecord, { kind: 'not-an-entry' | 'refused' | 'quarantined' | 'ignored' | 'command' }>;

export interface InboxItem {
  /** The short id shown and typed (the first 10 hex digits of the mail's identity). */
  ref: string;
  round: number | null;
  record: InboxRecord;
  handled: { at: string; note: string } | null;
  /** Whether it waits for the GM: robots and answered commands do not (shown with --all). */
  needsGm: boolean;
}

interface DoneRecord {
  id: string;
  at: string;
  note: string;
}

const donePath = (layout: GameLayout) => join(layout.rounds, 'inbox-done.jsonl');
const INBOX_KINDS = new Set(['not-an-entry', 'refused', 'quarantined', 'ignored', 'command']);

function needsGm(r: InboxRecord): boolean {
  if (r.kind === 'ignored') return false;
  if (r.kind === 'command') return (r.command === 'join' && r.outcome === 'join-requested') || r.outcome === 'resign-requested';
  return true;
}

/** Every inbox item of the game, oldest first. */
export function inboxItems(layout: GameLayout): InboxItem[] {
  const done = new Map<string, DoneRecord>();
  for (const d of new Journal<DoneRecord>(donePath(layout)).read().records) done.set(d.id, d);
  const items: InboxItem[] = [];
  for (const round of [null, ...roundNumbers(layout)]) {
    for (const r of new Journal<JournalRecord>(journalPath(layout, round)).read().records) {
      if (!INBOX_KINDS.has(r.kind)) continue;
      const rec = r as InboxRecord;
      const d = done.get(rec.id);
      items.push({ ref: rec.id.slice(0, 10), round, record: rec, handled: d ? { at: d.at, note: d.note } : null, needsGm: needsGm(rec) });
    }
  }
  return items.sort((a, b) => Date.parse(a.record.at) - Date.parse(b.record.at));
}

/** The items waiting for the GM (not yet handled). */
export function openItems(layout: GameLayout): InboxItem[] {
  return inboxItems(layout).filter((i) => i.needsGm && !i.handled);
}

/** Marks items handled by their short ids (any unique prefix of at least 4 digits). */
export function markDone(layout: GameLayout, refs: string[], note = ''): InboxItem[] {
  const items = inboxItems(layout);
  const chosen = refs.map((ref) => {
    const r = ref.trim().toLowerCase();
    if (r.length < 4) throw new UserError(`inbox id "${ref}" is too short: give at least 4 characters (postboggle inbox)`);
    const hits = items.filter((i) => i.record.id.startsWith(r));
    if (hits.length === 0) throw new UserError(`there is no inbox item ${ref} (postboggle inbox --all)`);
    if (new Set(hits.map((h) => h.record.id)).size > 1) throw new UserError(`inbox id ${ref} is ambiguous: give more characters`);
    return hits[0]!;
  });
  markIds(layout, chosen.filter((i) => !i.handled).map((i) => i.record.id), note);
  return chosen;
}

export function markIds(layout: GameLayout, ids: string[], note: string): void {
  if (ids.length === 0) return;
  const j = new Journal<DoneRecord>(donePath(layout));
  try {
    j.appendMany([...new Set(ids)].map((id) => ({ id, at: now().toISOString(), note })));
  } finally {
    j.close();
  }
}

export interface JoinRequest {
  address: string;
  name: string;
  at: string;
  ids: string[];
}

/** Strangers' join requests not yet handled, one per address (the latest name asked for). */
export function joinRequests(game: Game): JoinRequest[] {
  const by = new Map<string, JoinRequest>();
  for (const i of openItems(game.layout)) {
    const r = i.record;
    if (r.kind !== 'command' || r.command !== 'join' || !r.from || findPlayer(game.settings, r.from)) continue;
    const cur = by.get(r.from);
    if (cur) { cur.ids.push(r.id); if (r.name) cur.name = r.name; cur.at = r.at; } else by.set(r.from, { address: r.from, name: r.name ?? '', at: r.at, ids: [r.id] });
  }
  return [...by.values()];
}

/** One line of the inbox listing. */
export function describeItem(i: InboxItem, zone: string): string {
  const local = (iso: string) => DateTime.fromISO(iso).setZone(zone).toFormat('yyyy-MM-dd HH:mm');
  const r = i.record;
  const what = r.kind === 'refused' ? `refused (${r.reason})`
    : r.kind === 'not-an-entry' ? `not an entry (${r.reason})`
    : r.kind === 'quarantined' ? `unreadable, quarantined (${r.why})`
    : r.kind === 'ignored' ? `robot, not answered (${r.why})`
    : r.command === 'join' && r.outcome === 'join-requested' ? `join request${r.name ? ` as "${r.name}"` : ''} (postboggle player approve ${r.from})`
    : r.outcome === 'resign-requested' ? `asks to leave the game (postboggle player remove ${r.from})`
    : `mail command ${r.command.toUpperCase()}${r.outcome === 'answered' ? '' : ` (${r.outcome})`}, answered`;
  const where = i.round === null ? 'no round' : `round ${i.round}`;
  const subject = r.subject ? ` "${r.subject.slice(0, 60)}"` : '';
  const done = i.handled ? `  [handled ${local(i.handled.at)}${i.handled.note ? `: ${i.handled.note}` : ''}]` : '';
  return `${i.ref}  ${local(r.at)}  ${where}  ${r.from ?? '(no sender)'}${subject}: ${what}; ${r.source}${done}`;
}
