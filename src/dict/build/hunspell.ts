import { IterableHunspellReader } from 'hunspell-reader';

export interface HunspellWord {
  word: string;
  /** The dictionary root the word was derived from (the .dic entry before the slash). */
  root: string;
  /** The root's flags (the .dic entry after the slash). */
  rootFlags: string;
  /** The affix flags applied to the root to make the word, in order ('' for the root itself). */
  applied: string[];
}

/**
 * Expands a Hunspell dictionary's affixes into whole words, without free compounding: words
 * that the .aff file allows only inside compounds, forbidden words and roots that need an
 * affix are left out. maxDepth bounds how many affixes are stacked on one root.
 */
export async function* expandHunspell(affFile: string, dicFile: string, maxDepth = 3): AsyncGenerator<HunspellWord> {
  const reader = await IterableHunspellReader.createFromFiles(affFile, dicFile);
  reader.maxDepth = maxDepth;
  skipEmptyOutputConversion(reader);
  for (const aw of reader.seqAffWords()) {
    const f = aw.flags;
    if (f.isOnlyAllowedInCompound || f.isForbiddenWord || f.isNeedAffix) continue;
    const slash = aw.dic.indexOf('/');
    yield {
      word: aw.word,
      root: slash < 0 ? aw.dic : aw.dic.slice(0, slash),
      rootFlags: slash < 0 ? '' : aw.dic.slice(slash + 1),
      applied: aw.rulesApplied.split(/\s+/).filter(Boolean),
    };
  }
}

/**
 * A dictionary without an OCONV table (dictionary-de, -en, -it) still has hunspell-reader run
 * its output conversion on every word it makes, with a pattern of no alternatives: an empty
 * match replaced by nothing at each position, which leaves the word as it was and took a
 * tenth of the German expansion's time. Without a table the conversion is the identity (a
 * reader whose insides differ is left as it is).
 */
function skipEmptyOutputConversion(reader: IterableHunspellReader): void {
  const aff = (reader as unknown as { aff?: { affInfo?: { OCONV?: unknown[] }; _oConv?: { convert?: (s: string) => string } } }).aff;
  if (aff?._oConv && typeof aff._oConv.convert === 'function' && !(aff.affInfo?.OCONV?.length)) aff._oConv.convert = (word) => word;
}
