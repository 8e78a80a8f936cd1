import { readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { isMap, isSeq, parseDocument } from 'yaml';
import { cacheSettings } from './settings-cache.js';
import { writeFileVerified } from '../store/verified-write.js';
import { UserError } from '../user-error.js';
import { parseSettings, type Settings } from './settings.js';

export { addressesOf, findPlayer, identities, type Identities, type PlayerSettings } from './player-lookup.js';
import { addressesOf, type PlayerSettings } from './player-lookup.js';

/** The next free id of the form p<N>. */
export function nextPlayerId(players: readonly Record<string, unknown>[]): string {
  const used = players.map((p) => (typeof p.id === 'string' ? /^p(\d+)$/.exec(p.id)?.[1] : undefined)).filter(Boolean).map(Number);
  return `p${Math.max(0, players.length, ...used) + 1}`;
}

/** Whether a player is away (paused) at a moment: until the end of pausedUntil in the game's zone. */
export function isPaused(p: Pick<PlayerSettings, 'pausedUntil'>, at: Date, zone: string): boolean {
  if (!p.pausedUntil) return false;
  const end = DateTime.fromISO(p.pausedUntil, { zone }).endOf('day');
  return end.isValid && at.getTime() <= end.toMillis();
}

/** A date typed by the GM or a player (2026-12-24, 24.12.2026, 24.12.) as YYYY-MM-DD, or null. */
export function parseDay(text: string, today: Date, zone: string): string | null {
  const t = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (m) return day(+m[1]!, +m[2]!, +m[3]!, zone);
  m = /^(\d{1,2})[./](\d{1,2})(?:[./](\d{2}|\d{4})?)?$/.exec(t);
  if (m) {
    const [dd, mm] = [+m[1]!, +m[2]!];
    if (m[3]) return day(m[3].length === 2 ? 2000 + +m[3] : +m[3], mm, dd, zone);
    // Without a year: the next such day (24.12. typed in January means this December).
    const base = DateTime.fromJSDate(today).setZone(zone);
    const d = day(base.year, mm, dd, zone);
    return d && DateTime.fromISO(d, { zone }).endOf('day') < base ? day(base.year + 1, mm, dd, zone) : d;
  }
  return null;
}

function day(y: number, mo: number, d: number, zone: string): string | null {
  const dt = DateTime.fromObject({ year: y, month: mo, day: d }, { zone });
  return dt.isValid ? dt.toISODate() : null;
}

type PlayerEntry = Record<string, unknown> & { email: string; name: string };

/**
 * Edits the players list in postboggle.yaml, keeping the GM's comments and layout; the
 * result is validated before it is written (verified, so a full disk leaves the old file).
 */
export function editPlayers(path: string, edit: (players: PlayerEntry[]) => PlayerEntry[]): Settings {
  const doc = parseDocument(readFileSync(path, 'utf8'));
  const current = (doc.toJS() as { players?: PlayerEntry[] }).players ?? [];
  const next = edit(current.map((p) => ({ ...p })));
  const node = doc.createNode(next);
  if (isSeq(node)) {
    node.flow = next.length === 0;
    for (const item of node.items) if (isMap(item)) item.flow = true;
  }
  doc.set('players', node);
  const text = doc.toString();
  const settings = parseSettings(text, path); // never write settings that would not load
  writeFileVerified(path, text);
  cacheSettings(path, text, settings); // (a large YAML is slow to parse: once an edit is enough)
  return settings;
}

/** The index of the player an address belongs to, or a one-line error naming the argument. */
export function playerIndex(players: PlayerEntry[], address: string): number {
  const a = address.toLowerCase();
  const i = players.findIndex((p) => addressesOf(p as PlayerSettings).includes(a));
  if (i < 0) throw new UserError(`${address} is not a player (postboggle player list)`);
  return i;
}
