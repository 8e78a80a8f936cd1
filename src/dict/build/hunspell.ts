import { IterableHunspellReader } from 'hunspell-reader';

export interface HunspellWord {
  word: string;
  /** The dictionary root the word was derived from (the .dic entry before the slash). */
  root: string;
}

/**
 * Expands a Hunspell dictionary's affixes into whole words, without free compounding: words
 * that the .aff file allows only inside compounds, forbidden words and roots that need an
 * affix are left out. maxDepth bounds how many affixes are stacked on one root.
 */
export async function* expandHunspell(affFile: string, dicFile: string, maxDepth = 3): AsyncGenerator<HunspellWord> {
  const reader = await IterableHunspellReader.createFromFiles(affFile, dicFile);
  reader.maxDepth = maxDepth;
  for (const aw of reader.seqAffWords()) {
    const f = aw.flags;
    if (f.isOnlyAllowedInCompound || f.isForbiddenWord || f.isNeedAffix) continue;
    yield { word: aw.word, root: aw.dic.split('/')[0]! };
  }
}
