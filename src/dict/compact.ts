import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { compareCodeUnits, Lexicon, PackedForms } from '../rules/lexicon.js';

// The compact dictionary format, three files per language in dict/:
//   <lang>.forms    the folded forms, sorted, one a line
//   <lang>.lemmas   the lemmas, one a line (a lemma's id is its line number)
//   <lang>.index    little-endian uint32: form count N, then N+1 offsets into the lemma-id
//                   list that follows (form i has ids[offsets[i] .. offsets[i+1]))
// Loading is one scan for line starts, one string split and a typed-array view.

export const dictFiles = (dir: string, lang: string) => ({
  forms: join(dir, `${lang}.forms`),
  lemmas: join(dir, `${lang}.lemmas`),
  index: join(dir, `${lang}.index`),
});

export function writeCompact(dir: string, lang: string, map: ReadonlyMap<string, ReadonlySet<string>>): { forms: number; lemmas: number } {
  const forms = [...map.keys()].sort(compareCodeUnits);
  const lemmaIds = new Map<string, number>();
  for (const f of forms) for (const l of map.get(f)!) if (!lemmaIds.has(l)) lemmaIds.set(l, lemmaIds.size);
  const ids: number[] = [];
  const offsets = new Uint32Array(forms.length + 1);
  forms.forEach((f, i) => {
    offsets[i] = ids.length;
    for (const l of [...map.get(f)!].sort()) ids.push(lemmaIds.get(l)!);
  });
  offsets[forms.length] = ids.length;
  const index = new Uint32Array(1 + offsets.length + ids.length);
  index[0] = forms.length;
  index.set(offsets, 1);
  index.set(ids, 1 + offsets.length);
  const files = dictFiles(dir, lang);
  writeFileAtomic.sync(files.forms, forms.join('\n'));
  writeFileAtomic.sync(files.lemmas, [...lemmaIds.keys()].join('\n'));
  writeFileAtomic.sync(files.index, Buffer.from(index.buffer));
  return { forms: forms.length, lemmas: lemmaIds.size };
}

export function readCompact(dir: string, lang: string): Lexicon {
  const files = dictFiles(dir, lang);
  const forms = PackedForms.fromText(readFileSync(files.forms));
  const lemmas = readFileSync(files.lemmas, 'utf8').split('\n');
  const buf = readFileSync(files.index);
  const index = new Uint32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const n = index[0]!;
  if (n !== forms.size) throw new Error(`dictionary ${lang} in ${dir} is damaged (${forms.size} forms, index says ${n}); rebuild it with npm run build:dict`);
  const offsets = index.subarray(1, n + 2);
  const ids = index.subarray(n + 2);
  return new Lexicon(forms, (i) => {
    const out: string[] = [];
    for (let k = offsets[i]!; k < offsets[i + 1]!; k++) out.push(lemmas[ids[k]!]!);
    return out;
  });
}
