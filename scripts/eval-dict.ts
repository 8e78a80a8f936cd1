// Measures the built dictionaries against the referee lists in test/eval/dict
// (`npm run eval:dict [-- en fr] [--verbose]`): per language, recall (valid words known),
// invalid words accepted, and pair accuracy (two words grouped as one lemma or not, as the
// referee judged); then, on a second line, the field sample (words of random fields, the
// solver's and the word lists', judged with their lemmas): recall, the share of the words
// the dictionary accepts that the referee refuses, and how many known valid words get the
// referee's lemmas. --verbose lists every miss. Builds a missing
// dictionary first.
import { join } from 'node:path';
import { loadDictionary } from '../src/dict/resolve.js';
import { evalFiles, evaluate, readFieldSample, readPairList, readWordList, type Evaluation } from '../src/dict/evaluation.js';
import { PACKAGE_ROOT } from '../src/package-root.js';
import type { Language } from '../src/rules/types.js';

const LANGUAGES: Language[] = ['de', 'en', 'fr', 'it'];
const args = process.argv.slice(2);
const verbose = args.includes('--verbose') || args.includes('-v');
const asked = args.filter((a) => !a.startsWith('-')) as Language[];
const unknown = asked.filter((l) => !LANGUAGES.includes(l));
if (unknown.length > 0) {
  process.stderr.write(`eval-dict: unknown language ${unknown.join(', ')} (known: ${LANGUAGES.join(', ')})\n`);
  process.exit(2);
}
const dir = join(PACKAGE_ROOT, 'test', 'eval', 'dict');

const pct = ({ hit, of }: { hit: number; of: number }) => (of === 0 ? '   –  ' : `${((100 * hit) / of).toFixed(1).padStart(5)} %`);
const frac = ({ hit, of }: { hit: number; of: number }) => `${hit}/${of}`.padStart(9);
const list = (l: readonly string[] | undefined) => (l === undefined ? 'unknown' : `{${l.join(', ')}}`);

function report(e: Evaluation, sample = false): void {
  // A field sample is mostly words the dictionary accepts: its figure for them is the share of
  // the accepted words a referee refuses (of the accepted), not of the invalid words accepted.
  process.stdout.write(sample
    ? `${e.language} fields  recall ${pct(e.recall)} ${frac(e.recall)}   accepted but invalid ${pct(e.acceptedInvalid)} ${frac(e.acceptedInvalid)}   lemmas ${pct(e.lemmaAgreement)} ${frac(e.lemmaAgreement)}\n`
    : `${e.language}         recall ${pct(e.recall)} ${frac(e.recall)}   invalid accepted ${pct(e.invalidAccepted)} ${frac(e.invalidAccepted)}   pairs ${pct(e.pairAccuracy)} ${frac(e.pairAccuracy)}\n`);
  if (!verbose) return;
  const missed = e.words.filter((w) => w.valid && !w.known);
  const accepted = e.words.filter((w) => !w.valid && w.known);
  const wrongPairs = e.pairs.filter((p) => !p.right);
  if (missed.length) {
    process.stdout.write(`  valid words not known (${missed.length}):\n`);
    for (const w of missed) process.stdout.write(`    ${w.word}\t[${w.category}] ${w.note}\n`);
  }
  if (accepted.length) {
    process.stdout.write(`  invalid words accepted (${accepted.length}):\n`);
    for (const w of accepted) process.stdout.write(`    ${w.word} ${list(w.lemmas)}\t[${w.category}] ${w.note}\n`);
  }
  const otherLemmas = e.words.filter((w) => w.lemmasAgree === false);
  if (otherLemmas.length) {
    process.stdout.write(`  lemmas other than the referee's (${otherLemmas.length}):\n`);
    for (const w of otherLemmas) process.stdout.write(`    ${w.word} ${list(w.lemmas)}: referee ${list(w.refereeLemmas)}\t${w.note}\n`);
  }
  if (wrongPairs.length) {
    process.stdout.write(`  pairs judged otherwise (${wrongPairs.length}):\n`);
    for (const p of wrongPairs) {
      process.stdout.write(`    ${p.a} ${list(p.lemmasA)} / ${p.b} ${list(p.lemmasB)}: referee ${p.same ? 'same' : 'different'}\t[${p.category}] ${p.note}\n`);
    }
  }
}

let any = false;
for (const lang of asked.length ? asked : LANGUAGES) {
  const files = evalFiles(dir, lang);
  if (!files) {
    if (asked.length) process.stderr.write(`eval-dict: no referee lists for ${lang} in ${dir}\n`);
    continue;
  }
  any = true;
  const lexicon = await loadDictionary(lang);
  if (files.words || files.pairs) report(evaluate(lexicon, lang, files.words ? readWordList(files.words) : [], files.pairs ? readPairList(files.pairs) : []));
  if (files.fields) report(evaluate(lexicon, lang, readFieldSample(files.fields), []), true);
}
if (!any) {
  process.stderr.write(`eval-dict: no referee lists in ${dir}\n`);
  process.exit(1);
}
