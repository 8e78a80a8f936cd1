import { join } from 'node:path';
import { packageDir } from './package-dir.js';
import { FormTable } from './form-table.js';
import { expandHunspell } from './hunspell.js';
import { looksLikeAbbreviation } from './stoplist.js';


/**
 * English: the Hunspell dictionary (dictionary-en, SCOWL) with its affixes expanded; a form's
 * lemma is the dictionary root it comes from (walked, walking → walk). Capitalised roots are
 * names and are left out. Irregular forms are roots of their own (went is not go): a
 * limitation of the source, noted in docs/dictionaries.md.
 */
export async function buildEnglish(): Promise<FormTable> {
  const table = new FormTable('en');
  const dir = packageDir('dictionary-en');
  for await (const { word, root } of expandHunspell(join(dir, 'index.aff'), join(dir, 'index.dic'))) {
    if (/^\p{Lu}/u.test(root) || looksLikeAbbreviation(root)) continue;
    table.add(word, root, '', word === root ? ['base'] : ['infl'], 'dictionary-en');
  }
  return table;
}
