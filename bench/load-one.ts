// Child process of the benchmark: loads one dictionary and reports time and memory, so that
// each language is measured in a fresh process.
import { readCompact } from '../src/dict/compact.js';
import { DICT_DIR } from '../src/dict/resolve.js';
import type { Language } from '../src/rules/types.js';

const lang = process.argv[2] as Language;
const before = process.memoryUsage().rss;
const t0 = performance.now();
const lexicon = readCompact(DICT_DIR, lang);
const ms = performance.now() - t0;
lexicon.lemmas(lexicon.formAt(lexicon.size >> 1)); // touch it
(globalThis as { gc?: () => void }).gc?.();
const rss = process.memoryUsage().rss;
process.stdout.write(JSON.stringify({ lang, forms: lexicon.size, ms, rssMB: rss / 1e6, addedMB: (rss - before) / 1e6 }) + '\n');
