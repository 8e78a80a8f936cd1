import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { PartOfSpeech } from '../rules/lemma.js';
import { ArrayForms, compareCodeUnits, type DictionaryIdentity, Lexicon, PackedForms, packedLemmas } from '../rules/lexicon.js';
import { FormTrie } from '../rules/trie.js';

// The compact dictionary format, four files per language in dict/:
//   <lang>.forms    the folded forms, sorted, one a line
//   <lang>.lemmas   the lemmas, one a line: printable key <TAB> part of speech (id = line number)
//   <lang>.index    little-endian uint32: form count N, then N+1 offsets into the sense list
//                   that follows; a sense is two numbers: lemma id, and tag bits | source bits << 8
//                   (form i has senses offsets[i] .. offsets[i+1])
//   <lang>.trie     the forms as a trie for the solver (src/rules/trie.ts), a uint32 view
//   <lang>.meta.json  the dictionary's identity (sources with versions, build, content hash)
//                   and the names of its sources by bit
// Loading is a typed-array view of the index and of the trie; the forms and the lemma
// lines are read and scanned only when something asks for them (most commands never do).

const require = createRequire(import.meta.url);

export const dictFiles = (dir: string, lang: string) => ({
  forms: join(dir, `${lang}.forms`),
  lemmas: join(dir, `${lang}.lemmas`),
  index: join(dir, `${lang}.index`),
  meta: join(dir, `${lang}.meta.json`),
  trie: join(dir, `${lang}.trie`),
});

export interface CompactInput {
  /**
   * Folded form → lemma id → tag bits | source bits << 8 (a Map, or FormTable.compactInput()).
   * `release`, if given, lets go of the senses once they are written (a build's table).
   */
  map: { keys(): IterableIterator<string>; get(form: string): ReadonlyMap<number, number> | undefined; sensesList?(form: string): [number, number][]; sensesCount?(form: string): number; release?(): void };
  /** Called between the files' steps: a build collects its garbage there. */
  between?: () => void;
  lemmaKeys: readonly string[];
  lemmaPos: readonly PartOfSpeech[];
  sourceNames: readonly string[];
  identity: Omit<DictionaryIdentity, 'hash'>;
}

export function writeCompact(dir: string, lang: string, input: CompactInput): { forms: number; lemmas: number; hash: string } {
  const writeFileAtomic = require('write-file-atomic') as typeof import('write-file-atomic'); // only a build writes
  const files = dictFiles(dir, lang);
  const forms = [...input.map.keys()].sort(compareCodeUnits);
  const hash = createHash('sha256');
  // Each file is made and written in a step of its own, so that its text or numbers are let
  // go before the next (a German build peaks here).
  {
    const formsText = forms.join('\n');
    hash.update(formsText).update('\0');
    writeFileAtomic.sync(files.forms, formsText);
  }
  input.between?.();
  const { digest, lemmas } = writeSenses(forms, input, hash, files);
  // The trie needs only the sorted forms: the senses are written, let them go first.
  input.map.release?.();
  input.between?.();
  writeFileAtomic.sync(files.trie, FormTrie.build(new ArrayForms(forms)).toBytes());
  writeFileAtomic.sync(files.meta, JSON.stringify({ identity: { ...input.identity, hash: digest }, sourceNames: input.sourceNames }, null, 2) + '\n');
  return { forms: forms.length, lemmas, hash: digest };
}

/** Writes the .lemmas and .index files; returns the content hash and the lemma count. */
function writeSenses(forms: readonly string[], input: CompactInput, hash: ReturnType<typeof createHash>, files: ReturnType<typeof dictFiles>): { digest: string; lemmas: number } {
  const writeFileAtomic = require('write-file-atomic') as typeof import('write-file-atomic');
  const { index, lemmaLines } = senseIndex(forms, input);
  const lemmasText = lemmaLines.join('\n');
  const indexBytes = Buffer.from(index.buffer, index.byteOffset, index.byteLength);
  const digest = hash.update(lemmasText).update('\0').update(indexBytes).digest('hex').slice(0, 16);
  writeFileAtomic.sync(files.lemmas, lemmasText);
  writeFileAtomic.sync(files.index, indexBytes);
  return { digest, lemmas: lemmaLines.length };
}

/**
 * The .index numbers (form count, offsets, senses) in one typed array, and the lemma lines.
 * Lemma ids are renumbered in order of first use, so only lemmas some form has are written.
 */
function senseIndex(forms: readonly string[], input: CompactInput): { index: Uint32Array; lemmaLines: string[] } {
  const entriesOf = (f: string): [number, number][] => input.map.sensesList?.(f) ?? [...input.map.get(f)!.entries()];
  let total = 0;
  for (const f of forms) total += input.map.sensesCount?.(f) ?? input.map.get(f)!.size;
  const index = new Uint32Array(1 + forms.length + 1 + 2 * total);
  index[0] = forms.length;
  const offsets = index.subarray(1, forms.length + 2);
  const senses = index.subarray(forms.length + 2);
  const renumber = new Map<number, number>();
  let n = 0;
  forms.forEach((f, i) => {
    offsets[i] = n;
    const entries = entriesOf(f).sort((a, b) => compareCodeUnits(input.lemmaKeys[a[0]]!, input.lemmaKeys[b[0]]!));
    for (const [id, bits] of entries) {
      if (!renumber.has(id)) renumber.set(id, renumber.size);
      senses[2 * n] = renumber.get(id)!;
      senses[2 * n + 1] = bits;
      n++;
    }
  });
  offsets[forms.length] = n;
  const lemmaLines = [...renumber.keys()].map((id) => `${input.lemmaKeys[id]}\t${input.lemmaPos[id]}`);
  return { index, lemmaLines };
}

export function readCompact(dir: string, lang: string): Lexicon {
  const files = dictFiles(dir, lang);
  const damaged = (why: string) => new Error(`dictionary ${lang} in ${dir} is damaged (${why}); rebuild it with npm run build:dict`);
  if (!existsSync(files.meta) || !existsSync(files.trie)) throw damaged('no meta.json or trie');
  const buf = readFileSync(files.index);
  const index = new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const n = index[0]!;
  const offsets = index.subarray(1, n + 2);
  const senses = index.subarray(n + 2);
  if (offsets.length !== n + 1 || senses.length !== 2 * offsets[n]!) throw damaged('index length');
  const forms = new PackedForms(n, () => readFileSync(files.forms));
  const meta = JSON.parse(readFileSync(files.meta, 'utf8')) as { identity: DictionaryIdentity; sourceNames: string[] };
  const trie = FormTrie.fromBytes(readFileSync(files.trie));
  return new Lexicon({
    store: forms, lemmas: packedLemmas(readFileSync(files.lemmas)),
    senses: { offsets, list: senses },
    sourceNames: meta.sourceNames,
    identity: meta.identity,
    trie,
  });
}
