import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonHash, resultsVersion } from '../../src/game/corrections.js';
import type { RoundResult } from '../../src/rules/round-scoring.js';

const whole = (v: unknown) => createHash('sha256').update(JSON.stringify(v) ?? '').digest('hex');

describe('jsonHash: the hash of JSON.stringify, written in pieces', () => {
  it('equals the hash of the whole string for any JSON-like value (property)', () => {
    // anything: undefined and functions inside (left out or null, as JSON.stringify does), lone surrogates, holes
    const leaf = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant(() => 1));
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node')), fc.dictionary(fc.string(), tie('node')), fc.sparseArray(tie('node'))),
    })).node;
    fc.assert(fc.property(fc.oneof(value, fc.dictionary(fc.string(), value), fc.record({ round: fc.integer(), players: fc.array(value), when: fc.date() })), (v) => {
      expect(jsonHash(v)).toBe(whole(v));
    }), { numRuns: 500 });
  });

  it('names a version of the results as before (8 hex digits of the whole JSON)', () => {
    const r = { round: 3, field: 'AB', players: [{ email: 'a@x', name: 'Ä 山', words: [{ input: 'x', status: 'counted' }] }, { email: 'b@x', extra: undefined }] } as unknown as RoundResult;
    expect(resultsVersion(r)).toBe(whole(r).slice(0, 8));
  });
});
