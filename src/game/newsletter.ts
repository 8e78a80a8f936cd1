import { parseField } from '../rules/field.js';
import { fieldView } from '../templates/field-view.js';
import type { RoundResult } from '../rules/round-scoring.js';
import { bestEntry } from '../rules/solver.js';
import { reasonWithConflicts, templateLang } from '../templates/i18n.js';
import { render } from '../templates/render.js';
import { formatDeadline } from './deadline.js';
import type { Game } from './game.js';
import { gameRanking } from './scoring.js';
import { readRounds } from './rounds.js';

/** Everything the newsletter templates show (SPEC 7). */
export async function newsletterData(game: Game, result: RoundResult) {
  const lang = templateLang(game.settings.language);
  const field = parseField(result.field);
  const found = await game.solve(field);
  const best = bestEntry(field, found, game.rules.scheme, game.rules.wordsPerEntry);
  const window = game.settings.rules.window;
  const ranking = gameRanking(game, window, result.round);
  const moved = (m: number | null) => (m === null ? (lang === 'de' ? 'neu' : 'new') : m > 0 ? `▲ ${m}` : m < 0 ? `▼ ${-m}` : '=');
  const nextRound = readRounds(game.layout).find((r) => r.round > result.round && r.state === 'open');
  return {
    game: game.settings.name,
    round: result.round,
    ...fieldView(result.field),
    players: result.players.map((p) => ({
      ...p,
      jokerChosen: p.joker !== null && !p.jokerDeclared,
      words: p.words.map((w) => ({ ...w, word: w.word ?? w.input, label: w.role === 'main' ? `${w.index}.` : `E${w.index}`, reasonText: reasonWithConflicts(lang, w) })),
    })),
    window,
    rankingRounds: ranking.rounds.join(', '),
    ranking: ranking.rows.map((r) => ({ ...r, movement: moved(r.movement), scoresText: r.scores.map((x) => (x.total === null ? '–' : String(x.total))).join(' · ') })),
    foundCount: found.length,
    foundBest: [...found].sort((a, b) => b.word.length - a.word.length || (a.word < b.word ? -1 : 1)).slice(0, 10).map((w) => w.word),
    best: { joker: best.joker, points: best.points, words: best.words.map((w) => w.word) },
    next: nextRound ? {
      round: nextRound.round, ...fieldView(nextRound.field),
      deadline: formatDeadline(nextRound.deadline, game.settings.schedule.timezone, lang),
    } : null,
  };
}

export async function renderNewsletter(game: Game, result: RoundResult): Promise<{ subject: string; text: string; html: string | null; data: object }> {
  const lang = templateLang(game.settings.language);
  const data = await newsletterData(game, result);
  return {
    subject: render(game.layout.dir, lang, 'newsletter', 'subject', data) ?? '',
    text: render(game.layout.dir, lang, 'newsletter', 'txt', data) ?? '',
    html: render(game.layout.dir, lang, 'newsletter', 'html', data),
    data,
  };
}
