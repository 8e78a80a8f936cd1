import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDictionary } from '../../src/dict/resolve.js';
import { evalFiles, evaluate, readFieldSample } from '../../src/dict/evaluation.js';
import type { Lexicon } from '../../src/rules/lexicon.js';

let lex: Lexicon;
beforeAll(async () => { lex = await loadDictionary('en'); }, 600_000);

describe('the field sample of npm run eval:dict', () => {
  it('counts recall, invalid words accepted, and known valid words that get every lemma the referee gave', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-eval-'));
    writeFileSync(join(dir, 'en-fields.tsv'), [
      '# a field sample',
      'MICE\tvalid\tmouse\tplural',
      'LEAVES\tvalid\tleaf,leave\ttwo words',
      'ISLANDERS\tvalid\tisland\ta lemma the dictionary does not give (derivation)',
      'ZZYQX\tvalid\tzzyqx\tunknown to the dictionary',
      'ASAP\tinvalid\t\tabbreviation',
      'DOGS\tinvalid\t\tjudged invalid, known',
    ].join('\n'));
    const files = evalFiles(dir, 'en')!;
    expect(files).toEqual({ words: null, pairs: null, fields: join(dir, 'en-fields.tsv') });
    const rows = readFieldSample(files.fields!);
    expect(rows.find((r) => r.word === 'LEAVES')!.refereeLemmas).toEqual(['leaf', 'leave']);
    const e = evaluate(lex, 'en', rows, []);
    expect(e.recall).toEqual({ hit: 3, of: 4 });
    expect(e.invalidAccepted).toEqual({ hit: 1, of: 2 });
    expect(e.acceptedInvalid).toEqual({ hit: 1, of: 4 });
    // MICE and LEAVES agree; ISLANDERS is known but as islander's; ZZYQX is not known.
    expect(e.lemmaAgreement).toEqual({ hit: 2, of: 3 });
    expect(e.words.find((w) => w.word === 'ISLANDERS')!.lemmasAgree).toBe(false);
  });
});
