import { randomBytes } from 'node:crypto';
import { loadDiceSet } from '../dice/load.js';
import { rollField, rollWithFloor } from '../rules/dice.js';
import { formatField, parseField } from '../rules/field.js';
import { bestEntry, solveField } from '../rules/solver.js';
import { STAR } from '../rules/types.js';
import { UserError } from '../user-error.js';
import { now } from './clock.js';
import { enterComputers } from './computer-players.js';
import { deadlineFrom, isLate, isoInZone } from './deadline.js';
import type { Game } from './game.js';
import { rhythmDeadline } from './schedule.js';
import { readRound, roundNumbers, type RoundRecord, writeRound } from './rounds.js';

export function diceSetFor(game: Game): string {
  const { rules, language } = game.settings;
  if (rules.dice) return rules.dice;
  // Every language has its own sets, so no game silently plays another language's dice.
  return `${language}-${rules.field}`;
}

/** Opens the next round: a typed field, or one rolled from the seed (re-rolled to the quality floor). */
export async function newRound(game: Game, opts: { seed?: string | undefined; field?: string | undefined; deadline?: string | undefined; duration?: string | undefined }): Promise<RoundRecord> {
  const { layout, settings } = game;
  const numbers = roundNumbers(layout);
  const t = now();
  for (const n of numbers) {
    const r = readRound(layout, n);
    if (r.state !== 'open') continue;
    if (!isLate(t, r.deadline, settings.schedule.grace)) throw new UserError(`round ${n} is still open until ${r.deadline}; score it first, or wait`);
    writeRound(layout, { ...r, state: 'closed' });
  }
  let field: string, seed: string | null = null, dice: string | null = null;
  if (opts.field) {
    const f = parseField(opts.field);
    const expected = settings.rules.field === '4x4' ? 4 : 5;
    if (f.size !== expected) throw new UserError(`this game plays ${settings.rules.field} fields; --field has ${f.size} rows`);
    if (settings.rules.joker !== 'none' && !f.cells.includes(STAR)) process.stderr.write('note: --field has no joker star\n');
    field = formatField(f);
  } else {
    dice = diceSetFor(game);
    seed = opts.seed ?? randomBytes(6).toString('hex');
    const set = loadDiceSet(dice);
    if (Math.sqrt(set.length) !== (settings.rules.field === '4x4' ? 4 : 5)) throw new UserError(`dice set ${dice} does not fit a ${settings.rules.field} field`);
    const q = settings.rules.quality;
    if (q && (q.minWords > 0 || q.minBestPoints > 0)) {
      const lexicon = await game.lexicon();
      const rolled = rollWithFloor(set, seed, settings.rules.joker, q, (f) => {
        const found = solveField(f, lexicon, game.rules.minLength);
        return { words: found.length, bestPoints: bestEntry(f, found, game.rules.scheme, game.rules.wordsPerEntry).points };
      });
      field = formatField(rolled.field);
      seed = rolled.seed;
      if (!rolled.met) process.stderr.write(`note: no field in ${rolled.attempts} rolls met the quality floor (${q.minWords} words, a best entry of ${q.minBestPoints} points); took the richest: ${rolled.quality.words} words, ${rolled.quality.bestPoints} points (lower rules.quality in postboggle.yaml)\n`);
    } else {
      field = formatField(rollField(set, seed, settings.rules.joker));
    }
  }
  const round: RoundRecord = {
    round: (numbers[numbers.length - 1] ?? 0) + 1,
    field, seed, dice,
    opens: isoInZone(t, settings.schedule.timezone),
    // On a rhythm (schedule.every) the deadline is the rhythm's next slot, whenever this runs.
    deadline: (!opts.deadline && !opts.duration ? rhythmDeadline(settings.schedule, t) : null)
      ?? deadlineFrom({ deadline: opts.deadline, duration: opts.duration ?? settings.schedule.duration }, t, settings.schedule.timezone),
    state: 'open',
    publishedAt: null, scoredAt: null, newsletterSentAt: null,
  };
  if (Date.parse(round.deadline) <= t.getTime()) throw new UserError(`the deadline ${round.deadline} is already past`);
  writeRound(layout, round);
  // Computer players enter at round open, by mail like anyone; the round stands if they cannot.
  try {
    await enterComputers(game, round);
  } catch (e) {
    process.stderr.write(`note: the computer players could not enter round ${round.round}: ${(e as Error).message.split('\n')[0]}\n`);
  }
  return round;
}
