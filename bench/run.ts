// `npm run bench`: prints the performance figures the project tracks. Targets are stated
// beside each figure; nothing here fails a build.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadDictionary } from '../src/dict/resolve.js';
import { makeVerdict } from '../src/rules/adjudication.js';
import { seededRng } from '../src/rules/rng.js';
import { type PlayerEntry, scoreRound } from '../src/rules/round-scoring.js';
import { DEFAULT_RULES } from '../src/rules/types.js';

const fmt = (n: number, d = 1) => n.toFixed(d);
const loadOne = fileURLToPath(new URL('./load-one.js', import.meta.url));
const newsletterOne = fileURLToPath(new URL('./newsletter.js', import.meta.url));

console.log('postboggle benchmarks (node ' + process.version + ')\n');

// Start-up of the commands that touch no mail server, as ratios to `node -e 0` in this run
// (target: <= 2x). BENCH_PREV=/path/to/older/dist/src/cli/main.js adds the older build's.
const { benchStartup } = await import('./startup.js');
const startup = await benchStartup(100);
const prev = process.env.BENCH_PREV ? await benchStartup(100, 7, process.env.BENCH_PREV) : null;
console.log(`start-up, median of 7 fresh processes, game of 100 players, its caches filled by a first run (node -e 0: ${fmt(startup.nodeMs, 0)} ms; target <= 2x)`);
startup.figures.forEach((f, i) => console.log(`  ${f.command.padEnd(11)} ${fmt(f.ms, 0).padStart(5)} ms  ${fmt(f.ratio, 2)}x node  (first run ${fmt(f.firstMs, 0)} ms)` +
  (prev ? `   (before: ${fmt(prev.figures[i]!.ms, 0)} ms, ${fmt(prev.figures[i]!.ratio, 2)}x)` : '')));
console.log('');
console.log('dictionary load, fresh process each (target for de: < 100 ms, < 100 MB RSS)');
for (const lang of ['de', 'en', 'fr', 'it']) {
  await loadDictionary(lang as 'de'); // builds it if missing
  const runs = [0, 1, 2].map(() => JSON.parse(execFileSync(process.execPath, ['--expose-gc', loadOne, lang], { encoding: 'utf8' })));
  const best = runs.sort((a, b) => a.ms - b.ms)[0];
  console.log(`  ${lang}: ${best.forms} forms  load ${fmt(best.ms)} ms  RSS ${fmt(best.rssMB)} MB (+${fmt(best.addedMB)} MB)`);
}

const lexicon = await loadDictionary('de');
const { benchSolver, printSolver } = await import('./solver.js');
const solverFigures = benchSolver(lexicon, 300);
const { fields, solved } = solverFigures;
console.log('');
printSolver(solverFigures);
// Next to hybrid-boggle (C++) when HYBRID_BOGGLE names a clone of it (docs/scale.md).
if (process.env.HYBRID_BOGGLE) {
  console.log('');
  execFileSync(process.execPath, [fileURLToPath(new URL('./hybrid-boggle.js', import.meta.url)), '3'], { stdio: 'inherit' });
}
// The word commands' start-up, interleaved with the older build's when BENCH_PREV names one.
console.log('');
execFileSync(process.execPath, [fileURLToPath(new URL('./word-commands.js', import.meta.url)), '7', ...(process.env.BENCH_PREV ? [process.env.BENCH_PREV] : [])], { stdio: 'inherit' });

// Dice: how well each set's rolled fields play (1,000 seeded rolls a set).
console.log('');
const { benchDice } = await import('./dice.js');
await benchDice(1000);

// Entries: 7 words + 3 substitutes each, drawn from the field's words plus some misses.
const ENTRIES = 2000;
const field = fields[0]!;
const pool = solved[0]!.map((w) => w.word.toLowerCase()).concat(['xyzzy', 'qwert', 'ab', 'haus-tür']);
const rng = seededRng('entries');
const pick = () => pool[Math.floor(rng() * pool.length)]!;
const entries: PlayerEntry[] = Array.from({ length: ENTRIES }, (_, i) => ({
  email: `p${i}@example.test`, name: `Player ${i}`,
  entry: { main: Array.from({ length: 7 }, pick), substitutes: Array.from({ length: 3 }, pick) },
}));
const ctx = { field, rules: DEFAULT_RULES, verdict: makeVerdict(lexicon) };
const t2 = performance.now();
scoreRound(1, entries, ctx);
const scoreS = (performance.now() - t2) / 1000;
console.log(`\nscoring one round of ${ENTRIES} entries (joker chosen for each, originality across all)`);
console.log(`  ${fmt(ENTRIES / scoreS, 0)} entries a second (${fmt(scoreS * 1000, 0)} ms in all)`);

// The newsletter at scale (issue: it used to render every player's words once per
// recipient). Each size in a fresh process; growth should be linear in players, and bytes
// per player flat (at most newsletter.maxBytes, 30 KB).
console.log('\nnewsletter, rendered and queued for every player (file transport), synthetic game, 2 rounds');
// (10,000 players: in the big game below, through the CLI.)
const runs = [1, 1000].map((n) => JSON.parse(execFileSync(process.execPath, [newsletterOne, String(n), n === 1000 ? 'site' : ''], { encoding: 'utf8', maxBuffer: 1 << 20 })));
const one = runs[0];
for (const r of runs) {
  console.log(`  ${String(r.players).padStart(6)} players: ${fmt(r.totalMs / 1000, 2)} s in all (${fmt(r.prepareMs, 0)} ms the shared part; a player: ${fmt(r.renderPerPlayerMs, 2)} ms render+compose, ${fmt(r.queuePerPlayerMs, 2)} ms outbox), ` +
    `${fmt(r.meanBytes / 1024, 1)} KB a mail (max ${fmt(r.maxBytes / 1024, 1)} KB), peak RSS ${fmt(r.rssMB, 0)} MB; ` +
    `time ×${fmt(r.totalMs / one.totalMs, 0)}, bytes a player ×${fmt(r.meanBytes / one.meanBytes, 2)} against 1 player` +
    (r.siteMs ? `; site ${fmt(r.siteMs / 1000, 1)} s, largest page ${fmt(r.largestPage / 1024, 0)} KB` : ''));
}

// Mail in: one batch of 10,000 mails through the real ingest.
const { benchIngest } = await import('./ingest.js');
const ing = await benchIngest();
console.log(`\ningest, one batch of ${ing.mails} mails (2,000 players; raw copy, parse, journal, receipt queued; group commit) (target: >= 200 mails/s)`);
console.log(`  ${fmt(ing.perSecond, 0)} mails a second in all; first 1,000: ${fmt(ing.firstK, 0)}/s, last 1,000: ${fmt(ing.lastK, 0)}/s (last/first ${fmt(ing.lastK / ing.firstK, 2)}: flat means the cost of a mail does not grow with the round); ${fmt(ing.perCpuSecond, 0)} mails a CPU-second (all threads)`);

// Mail out: duplicates under kill -9.
const { benchSendKill } = await import('./send-kill.js');
const kill = await benchSendKill();
const per100 = (x: { dups: number; kills: number }) => fmt((x.dups / Math.max(1, x.kills)) * 100, 1);
const left = (x: { unconfirmed: number; unconfirmedNotDelivered: number }) =>
  `${x.unconfirmed} left unconfirmed for the GM (${x.unconfirmed - x.unconfirmedNotDelivered} of them the sink had kept, ${x.unconfirmedNotDelivered} it had not)`;
console.log(`\nkill -9 during round publish to 83 players over SMTP (sink fsyncs before its 250), ${kill.kills} kills (target: <= 1 duplicate per 100 kills)`);
console.log(`  kill at a random time of the run (${fmt(kill.runMs / 1000, 1)} s): ${kill.uniform.dups} duplicate(s) in ${kill.uniform.kills} kills = ${per100(kill.uniform)} per 100 kills; ${left(kill.uniform)}`);
console.log(`  kill while mail is being handed over (worst case): ${kill.sending.dups} duplicate(s) in ${kill.sending.kills} kills = ${per100(kill.sending)} per 100 kills; ${left(kill.sending)}`);
console.log('  (after the rerun every announcement was delivered, or shown to the GM as unconfirmed, in every trial)');

// One-mail ingest (procmail) in a round already holding N entries, the state written straight
// to disk (bench/one-mail.ts): the cost a mail must not grow with the round. BENCH_ONE_MAIL:
// sizes, comma-separated (default 1,000 and 100,000; 0 skips).
const oneSizes = (process.env.BENCH_ONE_MAIL ?? '1000,100000').split(',').map(Number).filter((n) => n > 0);
if (oneSizes.length) {
  const { benchOneMail, printOneMail } = await import('./one-mail.js');
  console.log('\none mail a process (postboggle ingest < mail) in a round of N entries: median of 5 after the first (target <= 150 ms beyond process start, the same at any N)');
  for (const n of oneSizes) printOneMail(benchOneMail(n, 5));
}

// The synthetic big game through the CLI, each step a fresh process (BENCH_PLAYERS: sizes,
// comma-separated; default 1,000, which keeps the whole bench near ten minutes on a quiet machine; 0 skips).
// 10,000 takes some 20 minutes on this loaded machine, 100,000 hours: BENCH_PLAYERS=10000,100000.
const sizes = (process.env.BENCH_PLAYERS ?? '1000').split(',').map(Number).filter((n) => n > 0);
if (sizes.length) {
  const { benchBigGame, printBigGame } = await import('./big-game.js');
  console.log('\nsynthetic big game through the CLI, file transport, German dictionary: time, rate, peak RSS a step');
  console.log('  (targets at 100,000: linear; ingest >= 200 mails/s; one mail <= 150 ms; score <= 30 s; newsletter <= 10 min; RSS <= 1.5 GB; open <= 100 ms)');
  for (const n of sizes) printBigGame(n, await benchBigGame(n));
}
