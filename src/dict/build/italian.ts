import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageDir } from './package-dir.js';
import { FormTable } from './form-table.js';
import { expandHunspell } from './hunspell.js';
import { looksLikeAbbreviation } from './stoplist.js';


/**
 * Italian: nouns and adjectives with lemmas from Morph-it! (morph-it-helper), plus every
 * form of the Hunspell dictionary (dictionary-it) it lacks (verbs above all), their lemma
 * taken from Morph-it! where the root is known, else the root itself. Only one affix is
 * applied a root: stacking them (verb + enclitic pronouns, mangiarglielo) multiplies the
 * forms tenfold (3.1 million, 5 minutes to build) for words nobody sends in Boggle.
 */
export async function buildItalian(): Promise<FormTable> {
  const table = new FormTable('it');
  const res = join(packageDir('morph-it-helper'), 'resources_pub');
  const nouns = JSON.parse(readFileSync(join(res, 'nouns.json'), 'utf8')) as Record<string, string>;
  const adjectives = JSON.parse(readFileSync(join(res, 'adjectives.json'), 'utf8')) as Record<string, [string, boolean]>;
  for (const [form, lemma] of Object.entries(nouns)) table.add(form, lemma, 'N', form === lemma ? ['base'] : ['infl'], 'morph-it-helper');
  for (const [form, [lemma]] of Object.entries(adjectives)) table.add(form, lemma, 'ADJ', form === lemma ? ['base'] : ['infl'], 'morph-it-helper');
  const dir = packageDir('dictionary-it');
  for await (const { word, root } of expandHunspell(join(dir, 'index.aff'), join(dir, 'index.dic'), 1)) {
    if (/^\p{Lu}/u.test(root) || looksLikeAbbreviation(root) || table.has(word)) continue;
    const known = table.sensesOf(root);
    const lemmas = known.length > 0 ? known.map((k) => [k.key, k.pos] as const) : [[root, ''] as const];
    for (const [l, pos] of lemmas) table.add(word, l, pos, word === root ? ['base'] : ['infl'], 'dictionary-it');
  }
  return table;
}
