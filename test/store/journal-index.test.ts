import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Journal, journalLine } from '../../src/store/journal.js';
import { JournalIndex, type IndexKey } from '../../src/store/journal-index.js';
import { deriveEntries, type JournalRecord, RoundBook } from '../../src/game/round-journal.js';
import { gameLayout } from '../../src/game/layout.js';

// The index over a journal (checkpoint + tail) must always give what a full replay of the
// journal gives, whatever happened in between: new processes, runs killed before or after
// they folded the tail in, checkpoints lost, damaged or made of another journal.

interface Rec { id: string; key: string; t: number }
const keysOf = (r: Rec): IndexKey[] => [{ k: `id:${r.id}` }, { k: `key:${r.key}`, t: r.t }];

/** The full replay: per key, the record of the greatest (t, line). */
function replay(path: string): Map<string, Rec> {
  const best = new Map<string, Rec>();
  const bestT = new Map<string, number>();
  for (const r of new Journal<Rec>(path).read().records) {
    best.set(`id:${r.id}`, r);
    const t = bestT.get(r.key);
    if (t === undefined || r.t >= t) { best.set(`key:${r.key}`, r); bestT.set(r.key, r.t); }
  }
  return best;
}

const tmp = () => mkdtempSync(join(tmpdir(), 'pb-index-'));

type Op =
  | { op: 'append'; key: number; t: number }
  | { op: 'restart' } // a new process: the old one closed cleanly (its index committed when due)
  | { op: 'kill' } // a new process: the old one died before it committed anything
  | { op: 'fold' } // a commit that folds the tail in whatever its length
  | { op: 'lose-checkpoint' }
  | { op: 'damage-checkpoint' }
  | { op: 'torn-line' } // a write cut short at the end of the journal
  | { op: 'replace-journal' }; // the journal set aside and written anew (a rebuild), the index left

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ op: fc.constant('append' as const), key: fc.integer({ min: 0, max: 6 }), t: fc.integer({ min: 1, max: 5 }) }) },
  { weight: 2, arbitrary: fc.constant({ op: 'restart' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'kill' as const }) },
  { weight: 2, arbitrary: fc.constant({ op: 'fold' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'lose-checkpoint' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'damage-checkpoint' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'torn-line' as const }) },
  { weight: 1, arbitrary: fc.constant({ op: 'replace-journal' as const }) },
);

describe('journal index: checkpoint + tail == full replay', () => {
  it('after any sequence of appends, restarts, kills, folds and lost, damaged or foreign checkpoints (property)', () => {
    fc.assert(fc.property(fc.array(opArb, { minLength: 1, maxLength: 60 }), (ops) => {
      const d = tmp();
      const path = join(d, 'journal.jsonl');
      const dir = join(d, 'journal.index');
      let journal = new Journal<Rec>(path);
      let index = new JournalIndex(journal, dir, keysOf);
      let n = 0;
      const check = () => {
        const truth = replay(path);
        const keys = new Set([...truth.keys(), 'id:none', 'key:99']);
        for (let k = 0; k < 7; k++) keys.add(`key:${k}`);
        for (const k of keys) expect(index.get(k)?.rec, k).toEqual(truth.get(k));
      };
      for (const o of ops) {
        switch (o.op) {
          case 'append': {
            const rec: Rec = { id: `m${n++}`, key: String(o.key), t: o.t };
            index.add(rec, journal.append(rec));
            break;
          }
          case 'restart':
            journal.close();
            index.commit();
            journal = new Journal<Rec>(path);
            index = new JournalIndex(journal, dir, keysOf);
            break;
          case 'kill':
            journal.close();
            journal = new Journal<Rec>(path);
            index = new JournalIndex(journal, dir, keysOf);
            break;
          case 'fold':
            journal.close();
            index.commit(true);
            break;
          case 'lose-checkpoint':
            rmSync(join(dir, 'checkpoint.json'), { force: true });
            journal = new Journal<Rec>(path);
            index = new JournalIndex(journal, dir, keysOf);
            break;
          case 'damage-checkpoint':
            if (existsSync(join(dir, 'checkpoint.json'))) writeFileSync(join(dir, 'checkpoint.json'), readFileSync(join(dir, 'checkpoint.json'), 'utf8').replace(/"end":\d+/, '"end":7'));
            journal = new Journal<Rec>(path);
            index = new JournalIndex(journal, dir, keysOf);
            break;
          case 'torn-line':
            journal.close();
            appendFileSync(path, journalLine({ id: 'torn', key: '0', t: 9 }).slice(0, 20));
            journal = new Journal<Rec>(path);
            index = new JournalIndex(journal, dir, keysOf);
            break;
          case 'replace-journal': {
            journal.close();
            if (!existsSync(path)) break;
            const old = new Journal<Rec>(path).read().records;
            renameSync(path, `${path}.before`);
            // the same number of lines, other keys: a checkpoint of the old one must not be taken for it
            writeFileSync(path, old.map((r) => journalLine({ ...r, key: String((Number(r.key) + 1) % 7) })).join(''));
            rmSync(`${path}.before`);
            journal = new Journal<Rec>(path);
            index = new JournalIndex(journal, dir, keysOf);
            break;
          }
        }
        check();
      }
      rmSync(d, { recursive: true, force: true });
    }), { numRuns: 120 });
  });

  it('reads only the tail after a checkpoint, and builds the index anew when the checkpoint is stale or damaged', () => {
    const d = tmp();
    const path = join(d, 'journal.jsonl');
    const dir = join(d, 'journal.index');
    writeFileSync(path, Array.from({ length: 1000 }, (_, i) => journalLine({ id: `m${i}`, key: String(i % 100), t: i })).join(''));
    let index = new JournalIndex(new Journal<Rec>(path), dir, keysOf);
    expect([index.opened, index.linesRead]).toEqual(['full', 1000]);
    index.commit();
    const j = new Journal<Rec>(path);
    index = new JournalIndex(j, dir, keysOf);
    expect([index.opened, index.linesRead]).toEqual(['checkpoint', 0]);
    index.add({ id: 'new', key: '5', t: 5000 }, j.append({ id: 'new', key: '5', t: 5000 }));
    j.close();
    index.commit(); // a short tail: not folded in
    index = new JournalIndex(new Journal<Rec>(path), dir, keysOf);
    expect([index.opened, index.linesRead]).toEqual(['checkpoint', 1]);
    expect(index.get('key:5')?.rec.id).toBe('new');
    expect(index.get('key:6')?.rec.id).toBe('m906');
    expect(index.has('id:m0')).toBe(true);
    expect(index.has('id:m1000')).toBe(false);
    // Damaged: not JSON.
    writeFileSync(join(dir, 'checkpoint.json'), '{"v":1,"gen":');
    index = new JournalIndex(new Journal<Rec>(path), dir, keysOf);
    expect(index.opened).toBe('full');
    expect(index.get('key:5')?.rec.id).toBe('new');
  });

  it('an index whose pointers do not fit the journal (a checkpoint that matches by chance) is caught on the first hit and built anew', () => {
    const d = tmp();
    const path = join(d, 'journal.jsonl');
    const dir = join(d, 'journal.index');
    writeFileSync(path, Array.from({ length: 50 }, (_, i) => journalLine({ id: `m${i}`, key: String(i % 5), t: i })).join(''));
    const first = new JournalIndex(new Journal<Rec>(path), dir, keysOf);
    first.commit();
    // Scramble the index files: every pointer moved to another line.
    const gen = readdirSync(dir).find((x) => x !== 'checkpoint.json')!;
    for (const f of readdirSync(join(dir, gen))) {
      const p = join(dir, gen, f);
      const lines = new Journal<{ k: string; o: number; t?: number }>(p).read().records.map((e) => ({ ...e, o: e.o === 0 ? 61 : 0 }));
      writeFileSync(p, lines.map((e) => journalLine(e)).join(''));
    }
    const index = new JournalIndex(new Journal<Rec>(path), dir, keysOf);
    expect(index.opened).toBe('checkpoint');
    expect(index.get('key:3')?.rec.id).toBe('m48');
    expect(index.opened).toBe('full');
    expect(index.get('id:m7')?.rec).toEqual({ id: 'm7', key: '2', t: 7 });
  });

  it('a journal cut back (a torn last line removed) before a checkpoint made of it is not trusted', () => {
    const d = tmp();
    const path = join(d, 'journal.jsonl');
    const dir = join(d, 'journal.index');
    writeFileSync(path, Array.from({ length: 20 }, (_, i) => journalLine({ id: `m${i}`, key: 'a', t: i })).join(''));
    new JournalIndex(new Journal<Rec>(path), dir, keysOf).commit();
    const size = readFileSync(path).length;
    truncateSync(path, size - 10);
    const index = new JournalIndex(new Journal<Rec>(path), dir, keysOf);
    expect(index.opened).toBe('full');
    expect(index.get('key:a')?.rec.id).toBe('m18');
  });
});

describe('round book on the index', () => {
  const entry = (i: number, email: string, at: string): JournalRecord => ({ kind: 'entry', id: `id${i}`, at, messageId: null, from: email, subject: '', source: '', email, name: email, main: [`w${i}`], substitutes: [], joker: null });
  const removed = (i: number, email: string, at: string): JournalRecord => ({ kind: 'removed', id: `gm-${i}`, at, messageId: null, from: null, subject: '', source: '', email, name: email, gm: { action: 'remove', at, reason: 'x' } });

  it('entryOf and has agree with the entries derived from the whole journal, across runs (property)', () => {
    const recArb = fc.record({ email: fc.constantFrom('a@x', 'b@x', 'c@x'), minute: fc.integer({ min: 0, max: 8 }), removal: fc.boolean(), newRun: fc.boolean() });
    fc.assert(fc.property(fc.array(recArb, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 4000 }), (recs, tail) => {
      const dir = tmp();
      const layout = gameLayout(dir);
      process.env.POSTBOGGLE_INDEX_TAIL_BYTES = String(tail); // how often a run folds the tail into the index
      let book = new RoundBook(layout, 1, { legacy: false });
      recs.forEach((r, i) => {
        const at = new Date(Date.UTC(2026, 10, 23, 10, r.minute)).toISOString();
        book.append(r.removal ? removed(i, r.email, at) : entry(i, r.email, at));
        if (r.newRun) {
          book.close();
          book = new RoundBook(layout, 1, { legacy: false });
        }
      });
      const derived = deriveEntries(1, new Journal<JournalRecord>(join(dir, 'rounds', '001', 'journal.jsonl')).read().records);
      for (const email of ['a@x', 'b@x', 'c@x']) {
        const d = derived.entries.find((e) => e.email === email);
        const b = book.entryOf(email);
        expect(b ? [b.main, b.at] : undefined).toEqual(d ? [d.main, d.receivedAt] : undefined);
      }
      recs.forEach((r, i) => expect(book.has(r.removal ? `gm-${i}` : `id${i}`)).toBe(true));
      expect(book.has('id-none')).toBe(false);
      book.close();
      rmSync(dir, { recursive: true, force: true });
    }), { numRuns: 80 });
    delete process.env.POSTBOGGLE_INDEX_TAIL_BYTES;
  });
});
