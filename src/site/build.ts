import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { formatDeadline } from '../game/deadline.js';
import type { Game } from '../game/game.js';
import { gameRatings, ratingText, changeText } from '../game/ratings.js';
import { roundName } from '../game/layout.js';
import { type PlayerView, rankingRowView, roundView } from '../game/round-view.js';
import { readRounds } from '../game/rounds.js';
import { gameRanking, scoredRounds } from '../game/scoring.js';
import { lineChartSvg, scoreChartSvg } from '../pictures/chart-svg.js';
import { pathsSvg } from '../pictures/field-svg.js';
import type { PlayerRating } from '../rules/ratings.js';
import type { RoundResult } from '../rules/round-scoring.js';
import { fieldView } from '../templates/field-view.js';
import { fill } from '../templates/labels.js';
import { renderShared } from '../templates/render.js';
import { templateLang } from '../templates/i18n.js';
import { UserError } from '../user-error.js';
import { playerId, sitePaths } from './urls.js';

// `postboggle site`: the tournament as plain files to upload anywhere (docs/newsletter.md):
// an index with the ranking, the ratings and a chart, a page per round and per player,
// CSV and JSON downloads. Everything is recomputed from the results files. No address is
// ever published: players are named by a stable id. Long lists are split into pages, so
// no page grows with the number of players beyond PAGE_SIZE rows.

export const PAGE_SIZE = 200;
const MARKER = '.postboggle-site';

export interface SiteReport {
  dir: string;
  files: number;
  bytes: number;
  largestPage: { file: string; bytes: number };
}

interface PlayerHistory {
  email: string;
  name: string;
  rounds: { round: number; player: PlayerView; of: number }[];
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: unknown[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

function pages<T>(items: readonly T[], size = PAGE_SIZE): T[][] {
  if (items.length === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Links to the pages of a list: [{ n, href, current }], or null for a single page. */
function pager(count: number, current: number, href: (n: number) => string) {
  if (count <= 1) return null;
  return {
    pages: Array.from({ length: count }, (_, i) => ({ n: i + 1, href: href(i + 1), current: i + 1 === current })),
    previous: current > 1 ? href(current - 1) : null,
    next: current < count ? href(current + 1) : null,
  };
}

export async function buildSite(game: Game, outDir: string): Promise<SiteReport> {
  const dir = resolve(outDir);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    if (!existsSync(join(dir, MARKER))) throw new UserError(`${dir} exists and was not made by postboggle site; pass --out with an empty or new folder`);
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(dir, { recursive: true });
  const report: SiteReport = { dir, files: 0, bytes: 0, largestPage: { file: '', bytes: 0 } };
  const write = (rel: string, content: string | Buffer) => {
    const file = join(dir, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    report.files++;
    report.bytes += Buffer.byteLength(content);
    if (rel.endsWith('.html') && Buffer.byteLength(content) > report.largestPage.bytes) report.largestPage = { file: rel, bytes: Buffer.byteLength(content) };
  };
  write(MARKER, 'made by postboggle site; replaced by the next run\n');

  const gameDir = game.layout.dir;
  const results = scoredRounds(game);
  const records = readRounds(game.layout);
  const zone = game.settings.schedule.timezone;
  const window = game.settings.rules.window;
  const ratings = gameRatings(game, undefined, results);
  const system = ratings?.options.system ?? null;
  const ratingOf = new Map((ratings?.players ?? []).map((p) => [p.email.toLowerCase(), p]));
  const ranking = gameRanking(game, window, undefined, results);
  const first = results[0];
  const probe = first ? await roundView(game, first, { ranking: false }) : null;
  const lang = probe?.lang ?? templateLang(game.settings.language);
  const t = probe?.t ?? (await import('../templates/labels.js')).labels(gameDir, lang);
  const common = { game: game.settings.name, t, lang };

  const page = (rel: string, template: string, title: string, data: object) => {
    const depth = rel.split('/').length - 1;
    const root = '../'.repeat(depth);
    const body = renderShared(gameDir, 'site', `${template}.html.hbs`, { ...common, ...data, root });
    write(rel, renderShared(gameDir, 'site', 'layout.html.hbs', { ...common, title, body, root }));
  };

  write(sitePaths.style, renderShared(gameDir, 'site', 'style.css.hbs', {}));

  // Rounds: a page (or several) each, and the players' histories on the way.
  const histories = new Map<string, PlayerHistory>();
  const roundSummaries: object[] = [];
  for (const [index, result] of results.entries()) {
    const view = result === first && probe ? probe : await roundView(game, result, { ranking: false });
    const record = records.find((r) => r.round === result.round);
    const n = result.round;
    for (const p of view.players) {
      const key = p.email.toLowerCase();
      let h = histories.get(key);
      if (!h) histories.set(key, (h = { email: p.email, name: p.name, rounds: [] }));
      h.name = p.name;
      h.rounds.push({ round: n, player: p, of: view.players.length });
    }
    const paths = view.best.paths.filter((p) => p.path.length > 0);
    let bestImg: { src: string; width: number; height: number } | null = null;
    if (paths.length) {
      const pic = pathsSvg(view.field, paths.map((p) => ({ label: `${p.word} (${p.points})`, path: p.path, joker: view.best.joker })), 4, 24);
      const src = `img/best-${roundName(n)}.svg`;
      write(src, pic.svg);
      bestImg = { src, width: pic.width, height: pic.height };
    }
    const chunks = pages(view.players.map((p) => ({ ...p, href: sitePaths.player(p.email) })));
    const deadline = record ? formatDeadline(record.deadline, zone, lang) : '';
    chunks.forEach((chunk, i) => {
      const rel = sitePaths.roundEntries(n, i + 1);
      page(rel, 'round', `${game.settings.name} – ${t.round} ${n}`, {
        round: n, deadline, first: i === 0, ...view.view,
        best: { joker: view.best.joker, points: view.best.points, list: view.best.words }, bestImg,
        stats: view.statsView, statsRaw: view.stats, foundCount: view.found.length, foundLongest: view.foundLongest,
        players: chunk, entries: view.players.length,
        pager: pager(chunks.length, i + 1, (k) => sitePaths.roundEntries(n, k).split('/').pop()!),
        downloads: { json: `data/results-${roundName(n)}.json`, csv: `data/round-${roundName(n)}.csv` },
        prev: index > 0 ? sitePaths.round(results[index - 1]!.round) : null,
        next: index < results.length - 1 ? sitePaths.round(results[index + 1]!.round) : null,
      });
    });
    write(`data/results-${roundName(n)}.json`, JSON.stringify(publicResults(result), null, 1) + '\n');
    write(`data/round-${roundName(n)}.csv`, csv([
      ['rank', 'player', 'name', 'total', 'letterPoints', 'originalityPoints', 'joker', 'words'],
      ...view.players.map((p) => [p.rank, p.id, p.name, p.total, p.letterPoints, p.originalityPoints, p.joker ?? '',
        p.words.map((w) => `${w.shown}${w.counted ? ` ${w.points}${w.original ? '+1' : ''}` : ` (${w.note})`}`).join('; ')]),
    ]));
    const winner = view.players[0];
    roundSummaries.push({ round: n, href: sitePaths.round(n), deadline, entries: view.players.length, winner: winner ? { name: winner.name, total: winner.total, href: sitePaths.player(winner.email) } : null });
  }

  // The ranking and the ratings: on the index (first page) and pages after it.
  const ratingMap = ratings ? new Map(ratings.players.map((p) => [p.email.toLowerCase(), p])) : null;
  const rows = ranking.rows.map((r) => ({ ...rankingRowView(r, t, ratingMap, system), href: sitePaths.player(r.email) }));
  const rankingPages = pages(rows);
  const ratingRows = (ratings?.players ?? []).map((p, i) => ({ place: i + 1, name: p.name, href: sitePaths.player(p.email), rating: ratingText(p, system!), change: changeText(p.change, system!), rounds: p.rounds }));
  const ratingPages = pages(ratingRows);
  const ratingsNote = ratings ? fill(system === 'elo' ? t.ratingsNote! : t.ratingsNoteOpenskill!, { n: ratings.options.provisionalRounds }) : null;
  let chart: { src: string; width: number; height: number } | null = null;
  if (ratings && ratings.players.length > 0 && results.length > 1) {
    const leaders = ratings.players.slice(0, 5);
    write('img/ratings.svg', lineChartSvg(leaders.map((p) => ({ name: p.name, points: p.history.map((h) => ({ x: h.round, y: h.rating })) })), (x) => String(x)));
    chart = { src: 'img/ratings.svg', width: 640, height: 260 };
  }
  const open = records.filter((r) => r.state === 'open').pop();
  rankingPages.forEach((chunk, i) => {
    const rel = sitePaths.rankingPage(i + 1);
    page(rel, 'index', game.settings.name, {
      first: i === 0, window, rankingRounds: ranking.rounds.join(', '), ranking: chunk, hasRatings: ratings !== null,
      pager: pager(rankingPages.length, i + 1, sitePaths.rankingPage),
      ratingsTop: ratingRows.slice(0, 20), ratingsMore: ratingRows.length > 20, ratingsHref: sitePaths.ratingsPage(1), ratingsNote, chart,
      rounds: [...roundSummaries].reverse(), noRounds: results.length === 0,
      open: open ? { round: open.round, deadline: formatDeadline(open.deadline, zone, lang), ...fieldView(open.field) } : null,
    });
  });
  if (ratings) {
    ratingPages.forEach((chunk, i) => page(sitePaths.ratingsPage(i + 1), 'ratings', `${game.settings.name} – ${t.ratings}`, {
      ratings: chunk, ratingsNote, pager: pager(ratingPages.length, i + 1, sitePaths.ratingsPage),
    }));
  }
  write('data/ranking.csv', csv([['rank', 'player', 'name', 'total', 'roundsPlayed', ...ranking.rounds.map((r) => `round ${r}`)],
    ...rows.map((r) => [r.rank, r.id, r.name, r.total, r.roundsPlayed, ...r.scores.map((s) => s.total ?? '')])]));
  write('data/ranking.json', JSON.stringify({ window, rounds: ranking.rounds, ranking: rows.map(({ email: _e, href: _h, movement, ...r }) => ({ ...r, movement: movement.dir })) }, null, 1) + '\n');
  if (ratings) {
    write('data/ratings.csv', csv([['place', 'player', 'name', 'rating', 'provisional', 'rounds', 'change'],
      ...ratings.players.map((p, i) => [i + 1, playerId(p.email), p.name, p.rating.toFixed(2), p.provisional, p.rounds, p.change.toFixed(2)])]));
    write('data/ratings.json', JSON.stringify({ options: ratings.options, rounds: ratings.rounds, players: ratings.players.map(({ email, ...p }) => ({ player: playerId(email), ...p })) }, null, 1) + '\n');
  }

  // A page per player: rounds, scores, words, rating history.
  const rowOf = new Map(rows.map((r) => [r.email.toLowerCase(), r]));
  const bestOf = new Map(results.map((r) => [r.round, r.players[0]?.total ?? 0]));
  for (const h of histories.values()) {
    const rating: PlayerRating | undefined = ratingOf.get(h.email.toLowerCase());
    const row = rowOf.get(h.email.toLowerCase());
    const scores = h.rounds.map((r) => ({ value: r.player.total, best: bestOf.get(r.round) ?? r.player.total }));
    const svg = scoreChartSvg(scores.slice(-30), Math.min(640, 24 * Math.min(30, scores.length) + 20), 80);
    let ratingChart: string | null = null;
    if (rating && rating.history.length > 1) ratingChart = lineChartSvg([{ name: h.name, points: rating.history.map((x) => ({ x: x.round, y: x.rating })) }], (x) => String(x), 640, 220);
    page(sitePaths.player(h.email), 'player', `${game.settings.name} – ${h.name}`, {
      name: h.name,
      ranking: row ? { rank: row.rank, total: row.total, of: rows.length, movement: row.movement } : null,
      rating: rating && system ? { text: ratingText(rating, system), change: changeText(rating.change, system), rounds: rating.rounds, provisional: rating.provisional } : null,
      ratingsNote,
      scoresChart: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      ratingChart: ratingChart ? `data:image/svg+xml;base64,${Buffer.from(ratingChart).toString('base64')}` : null,
      rounds: [...h.rounds].reverse().map((r) => ({ round: r.round, href: sitePaths.round(r.round), rank: r.player.rank, of: r.of, total: r.player.total, joker: r.player.joker, words: r.player.words })),
    });
  }
  return report;
}

/** results.json as published: every address replaced by the player's id. */
function publicResults(r: RoundResult) {
  return { ...r, players: r.players.map(({ email, ...p }) => ({ player: playerId(email), ...p })) };
}
