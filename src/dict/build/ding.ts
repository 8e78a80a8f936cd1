import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { tagBits, tagsOf } from '../../rules/lemma.js';
import { foldWord } from '../../rules/fold.js';
import type { FormTable } from './form-table.js';

// The Ding dictionary (Debian trans-de-en): one line an entry, German :: English, the German
// side in groups split by " | ", each a list split by "; ". A noun is written with its
// gender (Krankenhaus {n}); the group after it often lists the plurals in the same order
// (Krankenhäuser {pl}). Only single words are taken: no phrases, no hyphens, no
// geographical names.

const NOUN = /^(\p{Lu}\p{Ll}+) \{([mfn])\}(.*)$/u;
const PLURAL = /^(\p{Lu}\p{Ll}+) \{pl\}/u;
const INTERJECTION = /^(\p{Ll}+)!? \{interj\}(.*)$/u;
/** Names of places, people, brands and games; slang. */
const NOT_COMMON = /\[geogr\.?\]|\[slang\]|Name|Eigenname|Kartenspiel|Marke|Firma|®/;

export interface DingNoun { noun: string; gender: 'm' | 'f' | 'n'; plural: string | null }

export interface DingWords { nouns: DingNoun[]; interjections: string[] }

/** The single-word nouns and interjections of the Ding, read line by line (the file is 25 MB). */
export async function readDing(path: string): Promise<DingWords> {
  const nouns = new Map<string, DingNoun>();
  const interjections = new Set<string>();
  for await (const line of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    if (line.startsWith('#')) continue;
    const german = line.split(' :: ')[0] ?? '';
    const groups = german.split(' | ').map((g) => g.split('; ').map((x) => x.trim()));
    groups.forEach((items, gi) => {
      const next = groups[gi + 1];
      const plurals = next && next.length === items.length && next.every((x) => PLURAL.test(x)) ? next : null;
      items.forEach((item, i) => {
        const m = NOUN.exec(item);
        if (m) {
          if (NOT_COMMON.test(m[3]!)) return;
          const plural = plurals ? PLURAL.exec(plurals[i]!)![1]! : null;
          const old = nouns.get(m[1]!);
          if (!old || (!old.plural && plural)) nouns.set(m[1]!, { noun: m[1]!, gender: m[2] as 'm' | 'f' | 'n', plural });
          return;
        }
        const j = INTERJECTION.exec(item);
        if (j && !NOT_COMMON.test(j[2]!)) interjections.add(j[1]!);
      });
    });
  }
  return { nouns: [...nouns.values()], interjections: [...interjections] };
}

/**
 * Adds the Ding's nouns the other sources do not know. A compound declines like its last
 * part (Krankenhaus like Haus: des Krankenhauses, den Krankenhäusern): where the lexicon
 * knows a noun that ends the compound, with the same plural ending, the compound takes
 * that noun's forms; else only what the Ding lists (singular, plural) and the dative plural
 * (-n, where the plural does not already end in n or s).
 */
export function addDing(table: FormTable, { nouns, interjections }: DingWords, source: string, skip: (word: string) => boolean): void {
  // Only words the other sources do not know at all: what they know (Laufen as the verb's
  // infinitive, Kleiner as the adjective's form) they have already placed.
  const fresh = nouns.filter(({ noun }) => !skip(noun) && !table.has(noun));
  const splits = new Map<DingNoun, { prefix: string; ids: number[] }[]>();
  const heads = new Set<number>();
  for (const n of fresh) {
    if (!n.plural) continue;
    const list = headCandidates(table, n.noun, n.plural);
    splits.set(n, list);
    for (const c of list) for (const id of c.ids) heads.add(id);
  }
  const formsOf = new Map([...table.formsOfLemmas(heads)].map(([id, list]) => [id, new Map(list.map(([form, bits]) => [form, bits & 0xff]))]));
  for (const n of fresh) {
    const id = table.lemmas.intern(n.noun, 'N');
    if (id === null) continue;
    const head = headParadigm(n, splits.get(n) ?? [], formsOf);
    if (head) {
      for (const [form, bits] of head.forms) table.addToLemma(head.prefix + form.toLowerCase(), id, tagsOf(bits), source);
      continue;
    }
    table.addToLemma(n.noun, id, ['base'], source);
    if (n.plural) {
      table.addToLemma(n.plural, id, ['plural'], source);
      if (!/[ns]$/.test(n.plural)) table.addToLemma(`${n.plural}n`, id, ['plural'], source);
    }
  }
  for (const word of interjections) if (!skip(word) && !table.has(word)) table.add(word, word, 'INTJ', ['base'], source);
}

/** The ways a compound may end in a known noun: the prefix before it and that noun's lemmas, longest noun first. */
function headCandidates(table: FormTable, noun: string, plural: string): { prefix: string; ids: number[] }[] {
  const fNoun = foldWord(noun, 'de');
  const fPlural = foldWord(plural, 'de');
  const out: { prefix: string; ids: number[] }[] = [];
  if (!fNoun || !fPlural) return out;
  for (let i = 2; i <= noun.length - 3; i++) {
    const prefix = noun.slice(0, i);
    const fPrefix = foldWord(prefix, 'de');
    if (!fPrefix || !fNoun.startsWith(fPrefix) || !fPlural.startsWith(fPrefix)) continue;
    const head = noun.slice(i);
    const ids = table.sensesOf(head[0]!.toUpperCase() + head.slice(1)).filter((s) => s.pos === 'N').map((s) => s.id);
    if (ids.length > 0) out.push({ prefix, ids });
  }
  return out;
}

/** The first candidate whose noun has the compound's last part as a form and its plural's last part as a plural. */
function headParadigm(n: DingNoun, candidates: { prefix: string; ids: number[] }[], formsOf: Map<number, Map<string, number>>): { prefix: string; forms: Map<string, number> } | null {
  const fNoun = foldWord(n.noun, 'de')!;
  const fPlural = foldWord(n.plural ?? '', 'de');
  if (!fPlural) return null;
  for (const { prefix, ids } of candidates) {
    const cut = foldWord(prefix, 'de')!.length;
    for (const id of ids) {
      const forms = formsOf.get(id);
      if (forms && forms.has(fNoun.slice(cut)) && ((forms.get(fPlural.slice(cut)) ?? 0) & PLURAL_BIT) !== 0) return { prefix, forms };
    }
  }
  return null;
}

const PLURAL_BIT = tagBits(['plural']);
