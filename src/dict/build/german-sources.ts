import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { packageDir } from './package-dir.js';
import { expandHunspell, type HunspellWord } from './hunspell.js';
import { cspellCandidates } from './cspell.js';
import { germanSkip, properNames } from './de-names.js';
import { comparisonCandidates, compoundCandidates, readGermanFrequencies, readGermanWordList, weakVerbCandidates } from './german-word-list.js';
import { collectGarbage } from '../../memory.js';

// Work of the German build that needs nothing the build has made runs in a worker thread
// while the main thread decodes the frami trie and reads the lexicons, so a build uses both
// cores: the affix expansion of the Hunspell dictionary (dictionary-de), then the sifting of
// the frami words (cspellCandidates), then the sifting of all-the-german-words' nouns down to
// those in use (compoundCandidates). Results come back as strings of lines, in the order
// the source gives them, so the dictionary is the same as when all ran in one thread. The
// frami trie itself is decoded in the main thread, first, while the build holds little else
// (decoded it takes 250 MB for a moment, too much beside the lexicons), and its words are
// handed to the worker, which sifts them after the expansion.

export interface GermanSources {
  /** The expanded Hunspell words in chunks, one "word TAB root TAB root flags TAB applied flags" a line. */
  hunspell(): Promise<string[]>;
  /** Hands the worker the frami words (readCspellWords) to sift. */
  sift(words: string): void;
  /** The frami words that may be words (cspellCandidates). */
  cspell(): Promise<string>;
  /** all-the-german-words' nouns in use (compoundCandidates) and comparatives of participles (comparisonCandidates), one a line. */
  compounds(): Promise<WordListCandidates>;
  /** Stops the worker (a build that failed). */
  close(): void;
}

export interface WordListCandidates {
  nouns: string;
  compared: string;
  /** Weak verbs the list conjugates, with their forms (weakVerbCandidates). */
  verbs: string;
}

const ROLE = 'postboggle german sources';

/** The Hunspell words as lines (GermanSources.hunspell), handed on in chunks of `size` words. */
async function hunspellLines(chunk: (lines: string) => void, size = 20_000): Promise<void> {
  const dir = packageDir('dictionary-de');
  let lines: string[] = [];
  for await (const w of expandHunspell(join(dir, 'index.aff'), join(dir, 'index.dic'))) {
    lines.push(`${w.word}\t${w.root}\t${w.rootFlags}\t${w.applied.join(' ')}\n`);
    if (lines.length >= size) {
      chunk(lines.join(''));
      lines = [];
    }
  }
  chunk(lines.join(''));
}

const siftCspell = (words: string) => cspellCandidates(words, germanSkip(properNames()));
const siftWordList = (): WordListCandidates => {
  const words = readGermanWordList();
  return { nouns: compoundCandidates(words, readGermanFrequencies()), compared: comparisonCandidates(words), verbs: weakVerbCandidates(words) };
};

/** Reads one line of GermanSources.hunspell back. */
export function hunspellWord(line: string): HunspellWord {
  const [word, root, rootFlags, applied] = line.split('\t') as [string, string, string, string];
  return { word, root, rootFlags, applied: applied ? applied.split(' ') : [] };
}

/**
 * Starts the worker; the work runs in the calling thread instead if `inThread` or if the
 * compiled worker is not there (the build run from the TypeScript sources, as tests may).
 */
export function startGermanSources(inThread = false): GermanSources {
  const file = fileURLToPath(import.meta.url);
  if (inThread || !file.endsWith('.js') || !existsSync(file)) {
    // Each step when the build asks for it, as a build in one thread always did, and its
    // garbage collected before the build goes on (memory.ts).
    let words = '';
    return {
      hunspell: async () => {
        const chunks: string[] = [];
        await hunspellLines((c) => chunks.push(c));
        collectGarbage();
        return chunks;
      },
      sift: (w) => { words = w; },
      cspell: async () => {
        const w = words;
        words = '';
        const candidates = siftCspell(w);
        collectGarbage();
        return candidates;
      },
      compounds: async () => {
        const candidates = siftWordList();
        collectGarbage();
        return candidates;
      },
      close: () => {},
    };
  }
  // A small young generation: the worker's memory comes on top of the main thread's, and its
  // garbage is short-lived (each Hunspell word, each frami line).
  const worker = new Worker(file, { workerData: { role: ROLE }, resourceLimits: { maxYoungGenerationSizeMb: 8 } });
  const chunks: string[] = [];
  const settle = {} as Record<'hunspell' | 'cspell' | 'compounds', { resolve: (v: never) => void; reject: (e: Error) => void }>;
  // A failure surfaces where the build asks for the result, not as an unhandled rejection before.
  const hunspell = new Promise<string[]>((resolve, reject) => { settle.hunspell = { resolve, reject }; });
  const cspell = new Promise<string>((resolve, reject) => { settle.cspell = { resolve, reject }; });
  const compounds = new Promise<WordListCandidates>((resolve, reject) => { settle.compounds = { resolve, reject }; });
  for (const p of [hunspell, cspell, compounds]) p.catch(() => {});
  const sources: GermanSources = {
    hunspell: () => hunspell,
    sift: (words) => worker.postMessage({ cspellWords: words }),
    cspell: () => cspell,
    compounds: () => compounds,
    close: () => void worker.terminate(),
  };
  worker.on('message', (m: { hunspell?: string; hunspellDone?: true; cspell?: string; compounds?: WordListCandidates }) => {
    if (m.hunspell !== undefined) chunks.push(m.hunspell);
    if (m.hunspellDone) settle.hunspell.resolve(chunks as never);
    if (m.cspell !== undefined) settle.cspell.resolve(m.cspell as never);
    if (m.compounds !== undefined) settle.compounds.resolve(m.compounds as never);
  });
  const fail = (e: Error) => {
    for (const s of Object.values(settle)) s.reject(e);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the worker expanding dictionary-de stopped early (exit ${code})`)));
  return sources;
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) {
  // The Hunspell words first: the build needs them first. (The frami words, sent meanwhile,
  // wait in the port until the expansion is done.)
  const port = parentPort!;
  const words = new Promise<string>((resolve) => port.once('message', (m: { cspellWords: string }) => resolve(m.cspellWords)));
  await hunspellLines((lines) => port.postMessage({ hunspell: lines }));
  port.postMessage({ hunspellDone: true });
  collectGarbage(); // the expansion's garbage, before the sifting makes more (memory.ts)
  port.postMessage({ cspell: siftCspell(await words) });
  collectGarbage();
  port.postMessage({ compounds: siftWordList() });
  port.close();
}
