import { createHash, type Hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { RoundResult } from '../rules/round-scoring.js';
import { Journal } from '../store/journal.js';
import type { TemplateLang } from '../templates/render.js';
import { formatDeadline } from './deadline.js';
import { readJsonIfExists, writeJson } from './json-files.js';
import type { GameLayout } from './layout.js';
import { journalPath, type JournalRecord } from './round-journal.js';

// What the newsletter tells about the GM's hand in a round: the decisions on entries (with
// their reasons), and, when a newsletter goes out again after a change, that it is a
// correction and what changed since the one sent before (rounds/NNN/newsletter-sent.json
// keeps what was sent).

/** The version of a round's results: a newsletter is sent once per version. */
export function resultsVersion(result: RoundResult): string {
  return jsonHash(result).slice(0, 8);
}

/**
 * The SHA-256 (hex) of JSON.stringify(value), its bytes hashed in pieces: a round of
 * 100,000 players is some 250 MB of JSON, not to be built as one string just to be
 * hashed. The top level's arrays (the players) are written one element at a time, exactly
 * as JSON.stringify writes them (a property test compares the two).
 */
export function jsonHash(value: unknown): string {
  const h = createHash('sha256');
  if (value === null || typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return h.update(JSON.stringify(value) ?? '').digest('hex');
  }
  if (Array.isArray(value)) {
    return elements(h, value).digest('hex');
  }
  h.update('{');
  let first = true;
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue; // left out, as JSON.stringify does
    h.update(`${first ? '' : ','}${JSON.stringify(k)}:`);
    first = false;
    if (Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
      elements(h, v);
    } else h.update(JSON.stringify(v));
  }
  return h.update('}').digest('hex');
}

/** An array as JSON.stringify writes it, an element at a time (undefined, a function and a hole as null). */
function elements(h: Hash, list: readonly unknown[]): Hash {
  h.update('[');
  for (let i = 0; i < list.length; i++) h.update(`${i ? ',' : ''}${JSON.stringify(list[i]) ?? 'null'}`);
  return h.update(']');
}

interface SentPlayer {
  email: string;
  name: string;
  total: number;
  rank: number;
  words: Record<string, string>;
}

interface SentSnapshot {
  version: string;
  at: string;
  players: SentPlayer[];
  /** The snapshot this one corrected (so a newsletter rendered again still says what changed). */
  previous?: { version: string; at: string; players: SentPlayer[] };
}

const sentPath = (layout: GameLayout, round: number) => join(layout.round(round), 'newsletter-sent.json');

function snapshotPlayers(result: RoundResult): SentPlayer[] {
  return result.players.map((p) => ({
    email: p.email.toLowerCase(), name: p.name, total: p.total, rank: p.rank,
    words: Object.fromEntries(p.words.map((w) => [w.word ?? w.input, w.status])),
  }));
}

/** Records what was sent (after a newsletter went out). */
export function recordSent(layout: GameLayout, result: RoundResult, at: Date): void {
  const version = resultsVersion(result);
  const before = readJsonIfExists<SentSnapshot>(sentPath(layout, result.round));
  if (before?.version === version) return;
  const snap: SentSnapshot = { version, at: at.toISOString(), players: snapshotPlayers(result), ...(before ? { previous: { version: before.version, at: before.at, players: before.players } } : {}) };
  writeJson(sentPath(layout, result.round), snap);
}

const T = {
  de: {
    points: (a: number, b: number) => `${a} → ${b} Punkte`, rank: (a: number, b: number) => `Platz ${a} → ${b}`,
    added: (t: number) => `neu in der Wertung (${t} Punkte)`, gone: 'nicht mehr in der Wertung',
    status: { counted: 'gezählt', rejected: 'abgelehnt', unused: 'nicht gebraucht' } as Record<string, string>,
    verdicts: 'Urteile geändert', none: 'Urteile neu gefasst, ohne Änderung an Punkten und Plätzen',
  },
  en: {
    points: (a: number, b: number) => `${a} → ${b} points`, rank: (a: number, b: number) => `rank ${a} → ${b}`,
    added: (t: number) => `new in the results (${t} points)`, gone: 'no longer in the results',
    status: { counted: 'counted', rejected: 'rejected', unused: 'unused' } as Record<string, string>,
    verdicts: 'verdicts changed', none: 'verdicts restated, no change to points or ranks',
  },
  fr: {
    points: (a: number, b: number) => `${a} → ${b} points`, rank: (a: number, b: number) => `place ${a} → ${b}`,
    added: (t: number) => `nouveau au classement (${t} points)`, gone: 'plus au classement',
    status: { counted: 'compté', rejected: 'refusé', unused: 'pas utilisé' } as Record<string, string>,
    verdicts: 'verdicts changés', none: 'verdicts reformulés, sans changement de points ni de places',
  },
  it: {
    points: (a: number, b: number) => `${a} → ${b} punti`, rank: (a: number, b: number) => `posto ${a} → ${b}`,
    added: (t: number) => `nuovo in classifica (${t} punti)`, gone: 'non più in classifica',
    status: { counted: 'contata', rejected: 'rifiutata', unused: 'non usata' } as Record<string, string>,
    verdicts: 'verdetti cambiati', none: 'verdetti riformulati, senza cambi di punti o posti',
  },
};

/**
 * Whether this newsletter corrects one sent before, and what changed (one line per player
 * whose result changed). null: the first newsletter of the round, or this very version.
 */
export function correctionOf(layout: GameLayout, result: RoundResult, lang: TemplateLang, zone: string): { sentAt: string; changes: string[] } | null {
  const snap = readJsonIfExists<SentSnapshot>(sentPath(layout, result.round));
  if (!snap) return null;
  const version = resultsVersion(result);
  const before = snap.version === version ? snap.previous : snap;
  if (!before) return null;
  const t = T[lang];
  const now = new Map(snapshotPlayers(result).map((p) => [p.email, p]));
  const old = new Map(before.players.map((p) => [p.email, p]));
  const changes: string[] = [];
  for (const p of now.values()) {
    const o = old.get(p.email);
    if (!o) { changes.push(`${p.name}: ${t.added(p.total)}`); continue; }
    const parts: string[] = [];
    if (o.total !== p.total) parts.push(t.points(o.total, p.total));
    if (o.rank !== p.rank) parts.push(t.rank(o.rank, p.rank));
    const words = Object.keys({ ...o.words, ...p.words }).filter((w) => o.words[w] !== p.words[w])
      .map((w) => `${w} ${o.words[w] ? t.status[o.words[w]!] ?? o.words[w] : '–'} → ${p.words[w] ? t.status[p.words[w]!] ?? p.words[w] : '–'}`);
    if (words.length) parts.push(`${t.verdicts}: ${words.slice(0, 10).join(', ')}${words.length > 10 ? ', …' : ''}`);
    if (parts.length) changes.push(`${p.name}: ${parts.join('; ')}`);
  }
  for (const o of old.values()) if (!now.has(o.email)) changes.push(`${o.name}: ${t.gone}`);
  if (changes.length === 0) changes.push(t.none);
  return { sentAt: formatDeadline(before.at, zone, lang), changes };
}

export interface DecisionView {
  name: string;
  email: string;
  action: string;
  what: string;
  reason: string;
  when: string;
}

const SUBSTITUTES = { de: 'Ersatz', en: 'substitutes', fr: 'remplaçants', it: 'riserve' };

const ACTION_TEXT = {
  de: { set: 'Einsendung von der Spielleitung gesetzt', restore: 'frühere Einsendung wiederhergestellt', 'accept-late': 'verspätete Einsendung angenommen', remove: 'Einsendung gestrichen' },
  en: { set: 'entry set by the game master', restore: 'an earlier entry restored', 'accept-late': 'a late entry accepted', remove: 'entry removed' },
  fr: { set: 'participation fixée par le maître du jeu', restore: 'une participation antérieure rétablie', 'accept-late': 'une participation tardive acceptée', remove: 'participation retirée' },
  it: { set: 'partecipazione fissata dal direttore di gioco', restore: 'una partecipazione precedente ripristinata', 'accept-late': 'una partecipazione tardiva accettata', remove: 'partecipazione ritirata' },
};

/** The GM's decisions on a round's entries, oldest first (from the round's journal). */
export function gmDecisions(layout: GameLayout, round: number, lang: TemplateLang, zone: string): DecisionView[] {
  const path = journalPath(layout, round);
  if (!existsSync(path)) return [];
  const out: DecisionView[] = [];
  for (const r of new Journal<JournalRecord>(path).read().records) {
    if ((r.kind !== 'entry' && r.kind !== 'removed') || !r.gm) continue;
    const words = r.kind === 'entry' ? [r.main.join(', '), r.substitutes.length ? `${SUBSTITUTES[lang]}: ${r.substitutes.join(', ')}` : '', r.joker ? `Joker ${r.joker}` : ''].filter(Boolean).join('; ') : '';
    out.push({ name: r.name, email: r.email, action: r.gm.action, what: `${ACTION_TEXT[lang][r.gm.action]}${words ? ` (${words})` : ''}`, reason: r.gm.reason, when: formatDeadline(r.gm.at, zone, lang) });
  }
  return out;
}
