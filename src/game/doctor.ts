import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Outbox } from '../mail/outbox.js';
import { Journal } from '../store/journal.js';
import { isLate } from './deadline.js';
import type { GameLayout } from './layout.js';
import { type JournalRecord, deriveEntries, ENTRIES_COPY_BYTES, indexDirOf, journalPath, roundKeys } from './round-journal.js';
import { type IndexKey, JournalIndex } from '../store/journal-index.js';
import { now } from './clock.js';
import { loadSettings, type Settings } from './settings.js';
import { problemOf, stateSchemas } from './state-schemas.js';
import type { RoundRecord } from './rounds.js';

/** One thing wrong with a game directory, and how to repair it. */
export interface Finding {
  severity: 'error' | 'warning';
  file: string;
  problem: string;
  repair: string;
}

const REBUILD = 'postboggle rebuild (reads every stored raw mail again and writes journals and entries.json anew)';

function readJsonFile(path: string): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(readFileSync(path, 'utf8')) };
  } catch (e) {
    return { error: `not valid JSON: ${(e as Error).message.split('\n')[0]}` };
  }
}

/**
 * Checks a game directory without changing it: the settings, every round's files against
 * their schemas and against one another, journals, stored mail not yet read, stale locks.
 * Each finding says how to repair it, naming postboggle rebuild where the state can be
 * derived again from the raw mails.
 */
export function checkGame(layout: GameLayout): Finding[] {
  const out: Finding[] = [];
  const rel = (p: string) => relative(layout.dir, p);
  let settings: Settings | undefined;
  try {
    settings = loadSettings(layout.settings);
  } catch (e) {
    out.push({ severity: 'error', file: rel(layout.settings), problem: (e as Error).message, repair: 'edit postboggle.yaml (docs/operations.md and docs/schedule.md describe every key), or postboggle init in an empty directory for a fresh one' });
  }
  if (existsSync(layout.lock)) {
    const pid = Number.parseInt(readFileSync(layout.lock, 'utf8'), 10);
    let alive = false;
    try { process.kill(pid, 0); alive = true; } catch (e) { alive = (e as NodeJS.ErrnoException).code === 'EPERM'; }
    if (!alive) out.push({ severity: 'warning', file: rel(layout.lock), problem: `lock left by a process that is gone (pid ${pid || '?'})`, repair: 'nothing to do: the next command takes it over' });
  }
  const dirs = existsSync(layout.rounds) ? readdirSync(layout.rounds).filter((n) => /^\d{3,}$/.test(n)).sort() : [];
  const open: number[] = [];
  for (const name of dirs) {
    const n = Number(name);
    const roundFile = layout.roundFile(n);
    let round: RoundRecord | undefined;
    if (!existsSync(roundFile)) {
      out.push({ severity: 'error', file: rel(roundFile), problem: 'missing: the round is invisible to every command', repair: `restore it from a backup (the field and deadline are in the announcement in ${rel(layout.outbox(n))}); its mails are kept in ${rel(layout.inbox(n))}` });
    } else {
      const { value, error } = readJsonFile(roundFile);
      const problem = error ?? problemOf(stateSchemas().roundRecordSchema, value);
      if (problem) out.push({ severity: 'error', file: rel(roundFile), problem, repair: 'correct that key by hand (dates as 2026-12-06T20:00:00+01:00, state one of open, closed, scored, void), or restore the file from a backup; to move a deadline use postboggle round deadline' });
      else {
        round = value as RoundRecord;
        if (round.round !== n) out.push({ severity: 'error', file: rel(roundFile), problem: `round: ${round.round}, but the folder is round ${n}`, repair: `set "round": ${n}` });
      }
    }
    // The journal, and the entries derived from it.
    const jpath = journalPath(layout, n);
    let records: JournalRecord[] = [];
    if (existsSync(jpath)) {
      const read = new Journal<JournalRecord>(jpath).read();
      records = read.records;
      if (read.damaged) out.push({ severity: 'error', file: rel(jpath), problem: `${read.damaged} damaged line(s) skipped`, repair: REBUILD });
    }
    const entriesPath = layout.entries(n);
    if (existsSync(entriesPath)) {
      const { value, error } = readJsonFile(entriesPath);
      const problem = error ?? problemOf(stateSchemas().entriesFileSchema, value);
      if (problem) out.push({ severity: 'error', file: rel(entriesPath), problem, repair: REBUILD });
      else if (records.length && !(statSync(entriesPath).mtimeMs < statSync(jpath).mtimeMs && statSync(jpath).size > ENTRIES_COPY_BYTES)) {
        // (a large round's copy behind its journal is expected: ingest leaves it to batches and score)
        const derived = deriveEntries(n, records);
        const key = (f: { entries: { email: string; receivedAt: string }[] }) => JSON.stringify(f.entries.map((e) => [e.email, e.receivedAt]).sort());
        if (key(derived) !== key(value as typeof derived)) out.push({ severity: 'warning', file: rel(entriesPath), problem: 'differs from the round journal (a hand edit, or a run that was killed)', repair: `the journal is the record: ${REBUILD}` });
      }
    }
    if (records.length) problemsOfIndex(layout, jpath, out);
    // Stored mails the journal does not know.
    const inbox = layout.inbox(n);
    if (existsSync(inbox)) {
      const known = new Set(records.map((r) => r.source));
      const unknown = readdirSync(inbox).filter((f) => f.endsWith('.eml')).filter((f) => !known.has(rel(join(inbox, f))));
      if (unknown.length && (records.length || !existsSync(entriesPath))) out.push({ severity: 'warning', file: rel(inbox), problem: `${unknown.length} stored mail(s) not in the round journal (e.g. ${unknown[0]})`, repair: REBUILD });
    }
    const resultsPath = layout.results(n);
    if (existsSync(resultsPath)) {
      const { value, error } = readJsonFile(resultsPath);
      const problem = error ?? problemOf(stateSchemas().resultsSchema, value);
      if (problem) out.push({ severity: 'error', file: rel(resultsPath), problem, repair: `postboggle score ${n} writes it anew from the entries` });
    } else if (round?.state === 'scored') {
      out.push({ severity: 'error', file: rel(resultsPath), problem: 'missing, but round.json says scored', repair: `postboggle score ${n}` });
    }
    if (round && settings) {
      const late = isLate(now(), round.deadline, settings.schedule.grace);
      if (round.state === 'open') open.push(n);
      if (round.state === 'open' && !round.publishedAt) out.push({ severity: late ? 'error' : 'warning', file: rel(roundFile), problem: `round ${n} is open but was never published${late ? ', and its deadline has passed (tick holds it)' : ''}`, repair: late ? `postboggle round deadline ${n} +P3D, then postboggle round publish ${n}; or postboggle round void ${n}` : `postboggle round publish ${n}` });
      if (round.state === 'scored' && !round.newsletterSentAt) out.push({ severity: 'warning', file: rel(roundFile), problem: `round ${n} is scored but its newsletter was not sent`, repair: settings.newsletter.approval ? `postboggle newsletter approve ${n}` : `postboggle tick, or postboggle newsletter ${n} --send` });
    }
  }
  if (open.length > 1) out.push({ severity: 'warning', file: rel(layout.rounds), problem: `rounds ${open.join(', ')} are all open: mail naming no round goes to the latest`, repair: 'close the older ones with postboggle score N --early, or void them' });
  const unrouted = journalPath(layout, null);
  if (existsSync(unrouted)) {
    const read = new Journal<JournalRecord>(unrouted).read();
    if (read.damaged) out.push({ severity: 'error', file: rel(unrouted), problem: `${read.damaged} damaged line(s) skipped`, repair: REBUILD });
  }
  if (existsSync(unrouted)) problemsOfIndex(layout, unrouted, out);
  const log = join(layout.rounds, 'ingested.jsonl');
  if (existsSync(log)) problemsOfIndex(layout, log, out);
  for (const dir of [layout.outboxGeneral, ...dirs.map((d) => layout.outbox(Number(d)))]) {
    const j = join(dir, 'journal.jsonl');
    if (!existsSync(j)) continue;
    const read = new Journal(j).read();
    if (read.damaged) out.push({ severity: 'warning', file: rel(j), problem: `${read.damaged} damaged line(s) skipped`, repair: 'the .eml files are complete; a message whose record was lost may be sent again by the next tick: check the sent folder of the mail server' });
    const unconfirmed = new Outbox(dir).unconfirmedRecords();
    if (unconfirmed.length) {
      out.push({
        severity: 'warning', file: rel(j),
        problem: `${unconfirmed.length} message(s) unconfirmed (${unconfirmed.slice(0, 3).map((m) => `${m.kind} to ${m.to}`).join(', ')}${unconfirmed.length > 3 ? ', …' : ''}): handed to the mail server by a run that stopped before its answer; not sent again by themselves`,
        repair: 'postboggle outbox lists them; postboggle outbox resend ID sends one again, postboggle outbox confirm ID records that it arrived',
      });
    }
  }
  return out;
}

/** A journal's index (store/journal-index.ts) that answers otherwise than the journal: a warning (it is only a shortcut). */
function problemsOfIndex(layout: GameLayout, journal: string, out: Finding[]): void {
  const dir = indexDirOf(journal);
  if (!existsSync(dir)) return;
  const keys = journal.endsWith('ingested.jsonl') ? (r: { id: string }) => [{ k: r.id }] : roundKeys as (r: unknown) => IndexKey[];
  const wrong = new JournalIndex<never>(new Journal<never>(journal), dir, keys as (r: never) => IndexKey[]).verify();
  if (wrong) out.push({ severity: 'warning', file: relative(layout.dir, dir), problem: `the index answers ${wrong} key(s) otherwise than ${relative(layout.dir, journal)} (the journal is the record)`, repair: `delete ${relative(layout.dir, dir)}: the next ingest builds it anew from the journal` });
}
