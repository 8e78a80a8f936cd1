import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameLayout } from '../../src/game/layout.js';
import { ReplyLedger } from '../../src/game/replies.js';
import { journalLine } from '../../src/store/journal.js';

// The reply ledger is kept by day and by address shard, so that checking one address's
// limits reads a few small files on a deadline day with many replies.

describe('reply ledger', () => {
  it('counts an address\'s replies across runs, days and the old one-file-a-day ledgers, and the strangers\' in all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-ledger-'));
    const layout = gameLayout(dir);
    mkdirSync(join(dir, 'rounds', 'replies'), { recursive: true });
    // An old ledger of the day before (one file a day).
    writeFileSync(join(dir, 'rounds', 'replies', '2026-11-23.jsonl'), [
      journalLine({ to: 'alice@x', at: '2026-11-23T23:30:00.000Z', stranger: false }),
      journalLine({ to: 'eve@y', at: '2026-11-23T23:40:00.000Z', stranger: true }),
    ].join(''));
    const at = (hhmm: string) => new Date(`2026-11-24T${hhmm}:00Z`);
    let ledger = new ReplyLedger(layout);
    for (let i = 0; i < 200; i++) ledger.record(`p${i}@x`, at('00:10'), false);
    ledger.record('alice@x', at('00:05'), false);
    ledger.record('mallory@z', at('00:06'), true);
    ledger.close();
    expect(readdirSync(join(dir, 'rounds', 'replies', '2026-11-24')).length).toBeGreaterThan(10); // sharded
    ledger = new ReplyLedger(layout);
    expect(ledger.sentTo('alice@x', at('00:20')).map((d) => d.toISOString()).sort()).toEqual(['2026-11-23T23:30:00.000Z', '2026-11-24T00:05:00.000Z']);
    expect(ledger.sentTo('p7@x', at('00:20'))).toHaveLength(1);
    expect(ledger.sentTo('mallory@z', at('00:20'))).toHaveLength(1);
    expect(ledger.strangerRepliesLastHour(at('00:20'))).toBe(2);
    expect(ledger.strangerRepliesLastHour(at('00:50'))).toBe(1);
  });
});
