import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT, Outbox, type OutboxRecord, type Transport } from '../../src/mail/outbox.js';

// The outbox reads what is still to send from its checkpoint and the journal lines written
// since. Whatever happens in between (queueing, held replies superseded by newer ones,
// sends that fail for now or for good, new processes, a checkpoint lost or damaged), that
// incremental view must be exactly what reading the whole journal gives.

type Op =
  | { op: 'queue'; n: number; key: number | null; held: boolean }
  | { op: 'flush'; fail: number }
  | { op: 'settle'; n: number; how: 'resend' | 'confirm' }
  | { op: 'reopen' }
  | { op: 'checkpoint'; how: 'delete' | 'garble' | 'stale' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('queue' as const), n: fc.integer({ min: 0, max: 30 }), key: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }), held: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('flush' as const), fail: fc.integer({ min: 0, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('settle' as const), n: fc.integer({ min: 0, max: 30 }), how: fc.constantFrom('resend' as const, 'confirm' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reopen' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('checkpoint' as const), how: fc.constantFrom('delete' as const, 'garble' as const, 'stale' as const) }) },
);

/**
 * fail 0: all accepted; 1: every other message fails for now; 2: every third is refused for
 * good; 3: the server is down; 4: every other connection is lost after the message was
 * handed over (unconfirmed).
 */
function transport(fail: number): Transport {
  let i = 0;
  return {
    name: 'test',
    async send(_raw, _env, accepted, handed) {
      i++;
      if (fail === 4 && i % 2 === 0) {
        handed?.();
        throw Object.assign(new Error('connection closed unexpectedly'), { code: 'ECONNECTION' });
      }
      if (fail === 1 && i % 2 === 0) throw Object.assign(new Error('451 try later'), { responseCode: 451, command: 'DATA' });
      if (fail === 2 && i % 3 === 0) throw Object.assign(new Error('550 no such user'), { responseCode: 550, command: 'RCPT TO' });
      if (fail === 3) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
      accepted?.();
    },
  };
}

const byId = (rs: OutboxRecord[]) => [...rs].sort((a, b) => (a.id < b.id ? -1 : 1));

describe('outbox: incremental state', () => {
  it('what is still to send, read from the checkpoint and the journal since, equals reading the whole journal (property)', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
      const dir = mkdtempSync(join(tmpdir(), 'pb-outbox-inc-'));
      let clock = Date.parse('2026-11-23T10:00:00Z');
      const now = () => new Date((clock += 1000));
      let box = new Outbox(dir);
      let stale: string | null = null;
      for (const o of ops) {
        if (o.op === 'queue') {
          const at = now();
          box.queue(`m${o.n}`, 'receipt', `p${o.n}@example.test`, 's', Buffer.from(`mail ${o.n}`), at,
            { key: o.key === null ? undefined : `k${o.key}`, notBefore: o.held ? new Date(at.getTime() + 3600_000) : undefined });
        } else if (o.op === 'flush') {
          if (existsSync(join(dir, CHECKPOINT))) stale = readFileSync(join(dir, CHECKPOINT), 'utf8');
          await box.flush(transport(o.fail), 'gm@example.test', now);
          box = new Outbox(dir);
        } else if (o.op === 'settle') {
          box.settle(`m${o.n}`, o.how, now());
        } else if (o.op === 'reopen') {
          box.close();
          box = new Outbox(dir);
        } else if (o.how === 'delete') writeFileSync(join(dir, CHECKPOINT), '');
        else if (o.how === 'garble') writeFileSync(join(dir, CHECKPOINT), '{"end":3,"mark":"x","pending":[]}');
        else if (stale) writeFileSync(join(dir, CHECKPOINT), stale);
        const full = new Outbox(dir).records();
        expect(byId(new Outbox(dir).pendingRecords())).toEqual(byId(full.filter((r) => r.state === 'queued' || r.state === 'unconfirmed')));
        const fresh = new Outbox(dir);
        for (let n = 0; n <= 30; n++) expect(fresh.has(`m${n}`)).toBe(full.some((r) => r.id === `m${n}`));
      }
      box.close();
    }), { numRuns: 60 });
  });

  it('a flush leaves a checkpoint from which the next run reads only newer lines', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-outbox-inc-'));
    const box = new Outbox(dir);
    for (let i = 0; i < 50; i++) box.queue(`a${i}`, 'announcement', `p${i}@example.test`, 's', Buffer.from(`a ${i}`), new Date());
    await box.flush(transport(2), 'gm@example.test', () => new Date());
    const cp = JSON.parse(readFileSync(join(dir, CHECKPOINT), 'utf8'));
    expect(cp.end).toBe(readFileSync(join(dir, 'journal.jsonl')).length);
    expect(cp.pending).toEqual([]); // 16 refused for good, the rest sent
    const next = new Outbox(dir);
    next.queue('b', 'receipt', 'q@example.test', 's', Buffer.from('b'), new Date());
    expect(next.pendingRecords().map((r) => r.id)).toEqual(['b']);
  });
});
