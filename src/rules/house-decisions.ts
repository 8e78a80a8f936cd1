import { makeVerdict, type HouseLists } from './adjudication.js';
import type { Lexicon } from './lexicon.js';
import type { Language } from './types.js';
import { UserError } from '../user-error.js';

export type HouseDecision = 'accept' | 'reject' | 'same' | 'different' | 'lemma';

interface MutableHouseLists {
  accept: Map<string, string[]>;
  reject: Set<string>;
}

/**
 * Applies a GM decision to the house lists (changing them) and says in a line per word
 * what it now is. `same` gives every word one common lemma (the one named, else one they
 * share, else the first word's only lemma): two words conflict only if neither can take
 * another lemma, so each keeps just that one. `different` gives the later words a lemma of
 * their own beside what they had, so each can count. `lemma` sets a word's lemmas.
 */
export function decideInHouse(house: MutableHouseLists, lexicon: Lexicon, decision: HouseDecision, words: string[], lemmas: string[]): string[] {
  const lemmasNow = (word: string): readonly string[] => {
    const v = makeVerdict(lexicon, house as HouseLists)(word);
    return v.kind === 'known' ? v.lemmas : [];
  };
  const set = (word: string, to: string[]) => {
    house.reject.delete(word);
    house.accept.set(word, to);
  };
  const show = (word: string) => `${word}: lemma ${lemmasNow(word).join(' / ')}`;
  switch (decision) {
    case 'accept':
      for (const w of words) set(w, lemmas);
      return words.map((w) => `accepted ${show(w)}`);
    case 'reject':
      for (const w of words) {
        house.accept.delete(w);
        house.reject.add(w);
      }
      return words.map((w) => `rejected ${w}`);
    case 'lemma':
      set(words[0]!, lemmas);
      return [`set ${show(words[0]!)}`];
    case 'same': {
      const lists = words.map((w) => lemmasNow(w));
      const shared = lists.reduce((acc, l) => acc.filter((x) => l.includes(x)));
      const common = lemmas[0] ?? shared[0] ?? (lists[0]!.length === 1 ? lists[0]![0] : undefined);
      if (common === undefined) {
        throw new UserError(`${words[0]} has ${lists[0]!.length ? `several lemmas (${lists[0]!.join(', ')})` : 'no lemma'} and the words share none: name the word they are forms of with --lemma`);
      }
      // One lemma exactly: "Bank" names two (Bank¹, Bank²), and two lemmas would not conflict.
      const one = lexicon.resolveLemma(common, lexicon.identity.language as Language)[0] ?? common;
      const before = words.map((w, i) => `${w} (was ${lists[i]!.join(' / ') || 'unknown'})`);
      for (const w of words) set(w, [one]);
      return [`same word: ${before.join(', ')} now all lemma ${lemmasNow(words[0]!).join(' / ')}`];
    }
    case 'different': {
      const out: string[] = [];
      words.forEach((w, i) => {
        if (i === 0) return;
        const mine = lemmasNow(w);
        const earlier = words.slice(0, i).flatMap((x) => lemmasNow(x));
        if (mine.some((l) => !earlier.includes(l)) && mine.length > 0) {
          out.push(`${w} already has a lemma of its own (${mine.join(' / ')})`);
          return;
        }
        set(w, [...mine, w]);
        out.push(`different word: ${show(w)}`);
      });
      return out;
    }
  }
}
