import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, readdirSync, truncateSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Journal, journalLine } from '../../src/store/journal.js';
import { writeFileVerified, type WriteFs } from '../../src/store/verified-write.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'pb-store-'));

/** The real fs, except that writeSync takes at most `budget` bytes in all, then 0 (a disk that fills up). */
function fullDisk(budget: number, short = false): WriteFs {
  let left = budget;
  return {
    ...fs,
    writeSync: ((fd: number, buf: Buffer, off = 0, len = buf.length - off) => {
      const n = Math.min(len, left, short ? 100 : len);
      left -= n;
      return n === 0 ? 0 : fs.writeSync(fd, buf, off, n);
    }) as typeof fs.writeSync,
  };
}

describe('verified atomic write', () => {
  it('writes the whole file through short writes', () => {
    const p = join(tmp(), 'a.json');
    const data = 'x'.repeat(10_000);
    writeFileVerified(p, data, fullDisk(1e9, true));
    expect(readFileSync(p, 'utf8')).toBe(data);
  });

  it('on a full disk leaves the previous version and no temp file, and says why', () => {
    const d = tmp();
    const p = join(d, 'entries.json');
    writeFileSync(p, '{"old":true}\n');
    expect(() => writeFileVerified(p, 'y'.repeat(20_000), fullDisk(8192))).toThrow(/cannot write .*entries.json: no space left on device.*previous version is unchanged/);
    expect(readFileSync(p, 'utf8')).toBe('{"old":true}\n');
    expect(readdirSync(d)).toEqual(['entries.json']);
  });

  it('refuses a file that reads back shorter than written (a write that lied about its count)', () => {
    const d = tmp();
    const p = join(d, 'x.json');
    const liar: WriteFs = { ...fs, writeSync: ((fd: number, buf: Buffer, off = 0, len = buf.length - off) => { fs.writeSync(fd, buf, off, Math.max(0, len - 1)); return len; }) as typeof fs.writeSync };
    expect(() => writeFileVerified(p, 'hello', liar)).toThrow(/holds 4 of 5 bytes/);
    expect(existsSync(p)).toBe(false);
    expect(readdirSync(d)).toEqual([]);
  });

  it('on a real full file system (a 64 KiB tmpfs) keeps the last good state', (ctx) => {
    const mnt = tmp();
    const m = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt]);
    if (m.status !== 0) ctx.skip(); // needs root and a kernel that lets us mount; the injected full disk above covers the logic
    try {
      const p = join(mnt, 'entries.json');
      writeFileVerified(p, 'a'.repeat(20_000));
      expect(() => writeFileVerified(p, 'b'.repeat(60_000))).toThrow(/no space left on device|ENOSPC/);
      expect(readFileSync(p, 'utf8')).toBe('a'.repeat(20_000));
      const j = new Journal<{ n: number }>(join(mnt, 'journal.jsonl'));
      let n = 0;
      expect(() => { for (;;) j.append({ n: n++ }); }).toThrow(/cannot append/);
      const got = j.read();
      expect(got.damaged).toBe(0);
      expect(got.records.map((r) => r.n)).toEqual(Array.from({ length: got.records.length }, (_, i) => i));
      j.close();
    } finally {
      execFileSync('umount', [mnt]);
    }
  });
});

describe('journal', () => {
  it('reads back what was appended, across instances', () => {
    const p = join(tmp(), 'j.jsonl');
    const a = new Journal<{ kind: string; n: number }>(p);
    a.append({ kind: 'x', n: 1 });
    a.appendMany([{ kind: 'y', n: 2 }, { kind: 'z', n: 3 }]);
    a.close();
    expect(new Journal(p).read()).toEqual({ records: [{ kind: 'x', n: 1 }, { kind: 'y', n: 2 }, { kind: 'z', n: 3 }], damaged: 0, goodEnd: readFileSync(p).length });
  });

  it('skips a damaged line and a torn last line, and cuts the torn line off before appending', () => {
    const p = join(tmp(), 'j.jsonl');
    writeFileSync(p, journalLine({ n: 1 }) + journalLine({ n: 2 }).replace('"n":2', '"n":3') + journalLine({ n: 4 }) + journalLine({ n: 5 }).slice(0, 12));
    const j = new Journal<{ n: number }>(p);
    expect(j.read()).toMatchObject({ records: [{ n: 1 }, { n: 4 }], damaged: 2 });
    j.append({ n: 6 });
    j.close();
    expect(j.read()).toMatchObject({ records: [{ n: 1 }, { n: 4 }, { n: 6 }], damaged: 1 });
  });

  it('a failed append (full disk) leaves the journal as it was', () => {
    const p = join(tmp(), 'j.jsonl');
    new Journal<{ n: number }>(p).append({ n: 1 });
    const j = new Journal<{ s: string }>(p, { ...fs, ...fullDisk(50) });
    expect(() => j.append({ s: 'z'.repeat(200) })).toThrow(/cannot append .*nothing was recorded/);
    expect(readFileSync(p, 'utf8')).toBe(journalLine({ n: 1 }));
  });

  it('cut at any byte, it yields a prefix of its records (property)', () => {
    const recs = fc.array(fc.record({ a: fc.string(), b: fc.integer(), c: fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 3 }) }), { minLength: 1, maxLength: 8 });
    const d = tmp();
    let i = 0;
    fc.assert(fc.property(recs, fc.nat(), (rs, cut) => {
      const p = join(d, `p${i++}.jsonl`);
      const j = new Journal<unknown>(p);
      j.appendMany(rs);
      j.close();
      const size = readFileSync(p).length;
      truncateSync(p, cut % (size + 1));
      const got = new Journal<unknown>(p).read().records;
      expect(got).toEqual(rs.slice(0, got.length));
      appendFileSync(p, ''); // still appendable after the cut
      const again = new Journal<unknown>(p);
      again.append({ after: true });
      again.close();
      expect(again.read().records).toEqual([...got, { after: true }]);
    }), { numRuns: 200 });
  });
});

describe('group commit', () => {
  const openFds = () => readdirSync('/proc/self/fd').length;
  for (const syncfs of [true, false]) {
    it(`${syncfs ? 'one syncfs' : 'an fsync per file'}: every file and journal line committed, every descriptor closed`, async () => {
      const { SyncBatch } = await import('../../src/store/sync-batch.js');
      const dir = mkdtempSync(join(tmpdir(), 'pb-batch-'));
      const before = openFds();
      const batch = new SyncBatch(syncfs);
      const journal = new Journal<{ n: number }>(join(dir, 'j.jsonl')).deferSync(batch);
      for (let n = 0; n < 300; n++) {
        writeFileVerified(join(dir, `f${n}.eml`), `mail ${n}`, undefined, batch, { inPlace: true });
        journal.append({ n });
      }
      batch.commit();
      journal.close();
      expect(openFds()).toBe(before);
      expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(300);
      expect(journal.read().records.map((r) => r.n)).toEqual(Array.from({ length: 300 }, (_, n) => n));
    });
  }

  /** A directory with a filed/ folder, a deferred-sync batch and a journal on it, and the descriptors open before them. */
  async function batchFixture() {
    const { SyncBatch } = await import('../../src/store/sync-batch.js');
    const dir = mkdtempSync(join(tmpdir(), 'pb-batch-'));
    fs.mkdirSync(join(dir, 'filed'));
    const before = openFds();
    const batch = new SyncBatch(true);
    const journal = new Journal<{ n: number }>(join(dir, 'j.jsonl')).deferSync(batch);
    return { dir, before, batch, journal };
  }

  it('commitAsync (one mail a watch answers): the fsyncs side by side, every file, moved file and journal line committed, every descriptor closed', async () => {
    const { dir, before, batch, journal } = await batchFixture();
    for (let n = 0; n < 5; n++) {
      writeFileVerified(join(dir, `f${n}.eml`), `mail ${n}`, undefined, batch, { inPlace: true });
      journal.append({ n });
    }
    fs.renameSync(join(dir, 'f0.eml'), join(dir, 'filed', 'f0.eml'));
    batch.moved(join(dir, 'f0.eml'), join(dir, 'filed', 'f0.eml'));
    await batch.commitAsync();
    expect(openFds()).toBe(before + 1); // the journal's own descriptor, until it is closed
    await batch.commitAsync(); // nothing left: changes nothing
    journal.close();
    expect(openFds()).toBe(before);
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(4);
    expect(readFileSync(join(dir, 'filed', 'f0.eml'), 'utf8')).toBe('mail 0');
    expect(journal.read().records.map((r) => r.n)).toEqual([0, 1, 2, 3, 4]);
  });

  it('a long batch: files past the first few hundred are closed once a syncfs worked, and fsync\'d by name (moved, or gone) when a later syncfs fails', async () => {
    const { dir, before, batch, journal } = await batchFixture();
    let most = 0;
    const write = (n: number) => {
      writeFileVerified(join(dir, `f${n}.eml`), `mail ${n}`, undefined, batch, { inPlace: true });
      journal.append({ n });
      most = Math.max(most, openFds() - before);
    };
    for (let n = 0; n < 3000; n++) write(n);
    expect(most).toBeLessThan(300); // at most MAX_OPEN (256) wait open, and the journal
    // `sync` failing from now on: the commit falls back to an fsync a file, opened again by name
    const fake = mkdtempSync(join(tmpdir(), 'pb-nosync-'));
    writeFileSync(join(fake, 'sync'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const path = process.env.PATH;
    process.env.PATH = `${fake}:${path}`;
    try {
      for (let n = 3000; n < 3600; n++) write(n);
      fs.renameSync(join(dir, 'f3500.eml'), join(dir, 'filed', 'f3500.eml'));
      batch.moved(join(dir, 'f3500.eml'), join(dir, 'filed', 'f3500.eml'));
      fs.unlinkSync(join(dir, 'f3501.eml')); // removed by the run: nothing to fsync
      batch.commit();
    } finally {
      process.env.PATH = path;
    }
    journal.close();
    expect(openFds()).toBe(before);
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(3598);
    expect(readFileSync(join(dir, 'filed', 'f3500.eml'), 'utf8')).toBe('mail 3500');
    expect(journal.read().records).toHaveLength(3600);
  });
});
