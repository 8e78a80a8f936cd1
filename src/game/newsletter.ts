import { composeMail } from '../mail/compose.js';
import { parseAddress } from './mailer.js';
import { inlineFragment, renderInlinedHtml } from '../templates/inline.js';
import { pathsSvg } from '../pictures/field-svg.js';
import { scoreChartSvg } from '../pictures/chart-svg.js';
import { svgToPng } from '../pictures/png.js';
import type { RoundResult } from '../rules/round-scoring.js';
import { gameSeason } from './scoring.js';
import { publicUrl, sitePaths } from '../site/urls.js';
import { fieldView } from '../templates/field-view.js';
import { fill } from '../templates/labels.js';
import { partialText, render, renderTo } from '../templates/render.js';
import { columnWidth } from '../templates/text-width.js';
import { correctionOf, gmDecisions } from './corrections.js';
import { formatDeadline } from './deadline.js';
import type { Game } from './game.js';
import { readRounds } from './rounds.js';
import { type PlayerView, type RankingRowView, roundView, type RoundView } from './round-view.js';

// The newsletter is rendered in two parts (docs/newsletter.md): the part every player
// gets alike (field, best entry, statistics, the top of the tables, and every entry while
// they fit) is rendered and style-inlined once per round; each player's mail adds only
// the player's own entry, places, rating and chart around it. So mailing N players costs
// N small renders, and every mail stays under about 30 KB however many players there are.

/** Room for mails that differ from the one measured (names, a longer chart). */
const MAIL_MARGIN = 1_500;
const SHARED_MARK = '<!--postboggle:shared-->';

export interface MailImage {
  cid: string;
  filename: string;
  content: Buffer;
}

export interface NewsletterMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailImage[];
}

export interface PreparedNewsletter {
  view: RoundView;
  /** Every entry is in the mail (else: the top of the tables and a link). */
  allEntries: boolean;
  /** Things the GM should know (the full results not reachable from the mail). */
  warnings: string[];
  base: Record<string, unknown>;
  bestPng: Buffer | null;
  css: string;
  /** The shared part of the mails, styles inlined. */
  sharedHtml: string;
  sharedText: string;
  /**
   * The shared part of the copy kept in the round's folder: every entry, styles in <style>
   * (read in a browser, not a mail program). Rendered when asked for, one part at a time,
   * and not kept: at 100,000 players it is some 80 MB of HTML and 60 MB of text.
   */
  archivePart: (part: 'html' | 'txt') => string;
  /** archivePart, handed to sink piece by piece (a row at a time for the long lists). */
  archiveTo: (part: 'html' | 'txt', sink: (s: string) => void) => void;
  /** For each round of the ranking window, its best score (the chart's scale). */
  windowBest: number[];
}

/** An unlimited entry (wordsPerEntry 0) is cut in the mail; the site shows all of it. */
const MAX_OWN_WORDS = 30;
const BEST_CID = 'best-entry@postboggle';
const CHART_CID = 'chart@postboggle';
export const ARCHIVE_BEST_PNG = 'newsletter-best.png';

function tableWidths(rows: { rank: number; name: string; total: number }[]) {
  return {
    rank: columnWidth(rows.map((r) => `${r.rank}.`), 3),
    name: columnWidth(rows.map((r) => r.name), 4),
    total: columnWidth(rows.map((r) => String(r.total)), 3),
  };
}

/** Renders the shared part of the newsletter once. */
export async function prepareNewsletter(game: Game, result: RoundResult): Promise<PreparedNewsletter> {
  const view = await roundView(game, result);
  const { lang, t } = view;
  const top = game.settings.newsletter.top;
  const siteUrl = game.settings.site.url ?? null;
  const nextRound = readRounds(game.layout).find((r) => r.round > result.round && r.state === 'open');
  const rankingRows = view.ranking.rows;
  const paths = view.best.paths.filter((p) => p.path.length > 0);
  const picture = paths.length ? pathsSvg(view.field, paths.map((p) => ({ label: `${p.word} (${p.points})`, path: p.path, joker: view.best.joker })), 3, 20) : null;
  const bestPng = picture ? svgToPng(picture.svg, { text: true, colours: 12 }) : null;
  const windowBest = view.ranking.rounds.map((_, i) => Math.max(0, ...rankingRows.map((r) => r.scores[i]?.total ?? 0)));
  const ratingsNote = view.ratings
    ? fill(view.ratings.options.system === 'elo' ? t.ratingsNote! : t.ratingsNoteOpenskill!, { n: view.ratings.options.provisionalRounds })
    : null;

  // The last round of a season carries the season's final standings.
  const season = gameSeason(game, result.round);
  const seasonRows = season?.complete && season.last === result.round ? season.standings : null;
  const base = {
    season: season && seasonRows ? { season: season.season, first: season.first, last: season.last, rows: seasonRows, w: tableWidths(seasonRows) } : null,
    game: game.settings.name,
    round: result.round,
    t,
    ...view.view,
    players: view.players,
    entries: view.players.length,
    window: view.ranking.window,
    rankingRounds: view.ranking.rounds.join(', '),
    hasRatings: view.ratings !== null,
    ratingsNote,
    best: { joker: view.best.joker, points: view.best.points, words: view.best.words.map((w) => w.word), list: view.best.words },
    bestPicture: picture ? { width: picture.width, height: picture.height } : null,
    foundCount: view.found.length,
    foundBest: view.foundLongest,
    stats: view.statsView,
    statsRaw: view.stats,
    next: nextRound ? {
      round: nextRound.round, ...fieldView(nextRound.field),
      deadline: formatDeadline(nextRound.deadline, game.settings.schedule.timezone, lang),
    } : null,
    // The GM's decisions on entries, and whether this corrects a newsletter sent before (corrections.ts).
    decisions: gmDecisions(game.layout, result.round, lang, game.settings.schedule.timezone),
    correction: correctionOf(game.layout, result, lang, game.settings.schedule.timezone),
    links: siteUrl ? {
      site: publicUrl(siteUrl, sitePaths.index),
      round: publicUrl(siteUrl, sitePaths.round(result.round)),
    } : null,
  };

  const css = partialText(game.layout.dir, 'mail-style');
  const sharedData = (all: boolean, imageSrc: string) => {
    const roundRows = all ? view.players : view.players.slice(0, top);
    const rankRows = all ? rankingRows : rankingRows.slice(0, top);
    return {
      ...base,
      allEntries: all,
      imgBest: imageSrc,
      roundTable: roundRows,
      roundMore: view.players.length - roundRows.length,
      rankingTable: rankRows,
      rankingMore: rankingRows.length - rankRows.length,
      w: { round: tableWidths(roundRows), ranking: { ...tableWidths(rankRows), rating: columnWidth(rankRows.map((r) => r.rating ?? ''), 0), move: columnWidth(rankRows.map((r) => r.movement.symbol), 3) } },
    };
  };
  const renderShared = (all: boolean, imageSrc: string) => ({
    html: render(game.layout.dir, lang, 'newsletter-shared', 'html', sharedData(all, imageSrc)) ?? '',
    text: render(game.layout.dir, lang, 'newsletter-shared', 'txt', sharedData(all, imageSrc)) ?? '',
  });
  const archivePart = (part: 'html' | 'txt') => render(game.layout.dir, lang, 'newsletter-shared', part, sharedData(true, ARCHIVE_BEST_PNG)) ?? '';
  const archiveTo = (part: 'html' | 'txt', sink: (s: string) => void) => { renderTo(game.layout.dir, lang, 'newsletter-shared', part, sharedData(true, ARCHIVE_BEST_PNG), sink); };
  const variant = (all: boolean): PreparedNewsletter => {
    const shared = all ? renderShared(true, `cid:${BEST_CID}`) : renderShared(false, `cid:${BEST_CID}`);
    return {
      view, allEntries: all, warnings: [], base, bestPng, css, windowBest, archivePart, archiveTo,
      sharedHtml: inlineFragment(shared.html, css),
      sharedText: shared.text,
    };
  };
  let prepared = variant(false);
  const maxBytes = game.settings.newsletter.maxBytes;
  // An entry takes some 300 bytes at the least: beyond that many players, do not even try.
  if (view.players.length > 0 && view.players.length * 300 <= maxBytes) {
    // Every entry goes into every mail while the biggest mail stays within the limit.
    const withAll = variant(true);
    if (await biggestMailBytes(withAll, game) <= maxBytes - MAIL_MARGIN) prepared = withAll;
  }
  if (!prepared.allEntries && view.players.length > 0 && !siteUrl) {
    prepared.warnings.push(`round ${result.round} has too many entries to put all of them in every mail; set site.url in postboggle.yaml and publish the site (postboggle site) so that the mails link to the full results`);
  }
  return prepared;
}

/**
 * The size of the mail of the player whose own part is the longest (the longest entry and
 * name), composed as it would be sent.
 */
async function biggestMailBytes(prep: PreparedNewsletter, game: Game): Promise<number> {
  const weight = (p: PlayerView) => p.name.length + p.words.reduce((s, w) => s + w.shown.length + w.note.length + 8, 0);
  const worst = prep.view.players.reduce((a, b) => (weight(b) > weight(a) ? b : a));
  const mail = newsletterFor(prep, game, { email: worst.email, name: worst.name });
  const raw = await composeMail({
    from: parseAddress(game.settings.mail.from), to: { name: worst.name, address: worst.email }, subject: mail.subject, text: mail.text, html: mail.html,
    images: mail.attachments, idSeed: 'probe', date: new Date(0), autoSubmitted: 'auto-generated',
  });
  return raw.length;
}

function personal(prep: PreparedNewsletter, game: Game, who: { email: string; name: string }) {
  const { view } = prep;
  const t = view.t;
  const key = who.email.toLowerCase();
  const p: PlayerView | undefined = view.byEmail.get(key);
  const r: RankingRowView | undefined = view.ranking.byEmail.get(key);
  const siteUrl = game.settings.site.url;
  return {
    name: who.name,
    played: p !== undefined,
    entry: p ? { ...p, words: p.words.slice(0, MAX_OWN_WORDS) } : null,
    moreWords: p ? Math.max(0, p.words.length - MAX_OWN_WORDS) : 0,
    of: view.players.length,
    ranking: r ? { ...r, of: view.ranking.rows.length } : null,
    chart: r ? {
      alt: `${t.scoreChart}: ${r.scoresText}`,
      rounds: view.ranking.rounds.join(', '),
    } : null,
    page: siteUrl ? publicUrl(siteUrl, sitePaths.player(who.email)) : null,
  };
}

/** Players with the same scores share a chart: drawn once per round. */
const charts = new WeakMap<PreparedNewsletter, Map<string, Buffer>>();
function chartPng(prep: PreparedNewsletter, row: RankingRowView): Buffer {
  let cache = charts.get(prep);
  if (!cache) charts.set(prep, (cache = new Map()));
  const key = row.scores.map((s) => s.total ?? '-').join(',');
  let png = cache.get(key);
  if (!png) cache.set(key, (png = svgToPng(scoreChartSvg(row.scores.map((s, i) => ({ value: s.total, best: prep.windowBest[i] ?? 0 }))), { text: false, colours: 0 })));
  return png;
}

/** What a newsletter's own template is given (the archive: who is null). */
function letterData(prep: PreparedNewsletter, game: Game, who: { email: string; name: string } | null) {
  const me = who ? personal(prep, game, who) : null;
  return { ...prep.base, allEntries: who ? prep.allEntries : true, me, name: who?.name ?? null };
}

const textOf = (prep: PreparedNewsletter, game: Game, data: object, shared: string) =>
  (render(game.layout.dir, prep.view.lang, 'newsletter', 'txt', { ...data, shared }) ?? '').replace(/\n{3,}/g, '\n\n');

/** The subject of the copy kept in the round's folder. */
export function archiveSubject(prep: PreparedNewsletter, game: Game): string {
  return render(game.layout.dir, prep.view.lang, 'newsletter', 'subject', letterData(prep, game, null)) ?? '';
}

/** The subject and text of the copy kept in the round's folder (every entry). */
export function archiveText(prep: PreparedNewsletter, game: Game): { subject: string; text: string } {
  return { subject: archiveSubject(prep, game), text: textOf(prep, game, letterData(prep, game, null), prep.archivePart('txt')) };
}

/** The copy's HTML page around its shared part, which SHARED_MARK stands for. */
function archivePage(prep: PreparedNewsletter, game: Game): string {
  const data = { ...letterData(prep, game, null), shared: SHARED_MARK, imgChart: `cid:${CHART_CID}`, css: prep.css };
  return render(game.layout.dir, prep.view.lang, 'newsletter', 'html', data) ?? '';
}

/** The HTML of the copy kept in the round's folder: styles in <style>, the best entry's picture as a file beside it. */
export function archiveHtml(prep: PreparedNewsletter, game: Game): string {
  const html = archivePage(prep, game);
  if (!html.includes(SHARED_MARK)) return html;
  return html.replace(SHARED_MARK, () => prep.archivePart('html'));
}

/**
 * Writes the copy kept in the round's folder (every entry) to sink piece by piece, exactly
 * the text of archiveText or the HTML of archiveHtml: at 100,000 players these are some
 * 70 and 115 MB, which made whole (and their rows as garbage behind them) set the
 * newsletter's peak memory (docs/scale.md). The lists of every entry and the whole tables
 * are rendered a row at a time as they are written (renderTo).
 */
export function writeArchive(prep: PreparedNewsletter, game: Game, part: 'html' | 'txt', sink: (s: string) => void): void {
  const dir = game.layout.dir, lang = prep.view.lang;
  const shared = (to: (s: string) => void) => { prep.archiveTo(part, to); };
  if (part === 'html') {
    const html = archivePage(prep, game);
    // As archiveHtml: the shared part in place of the first mark.
    const at = html.indexOf(SHARED_MARK);
    if (at < 0) { sink(html); return; }
    sink(html.slice(0, at));
    shared(sink);
    sink(html.slice(at + SHARED_MARK.length));
    return;
  }
  // As textOf: the shared part wherever the template puts it, and then runs of three or
  // more line breaks made two, across the pieces (a run may span several).
  const text = render(dir, lang, 'newsletter', 'txt', { ...letterData(prep, game, null), shared: TEXT_SHARED_MARK }) ?? '';
  const lines = new LineBreakRuns(sink);
  const parts = text.split(TEXT_SHARED_MARK);
  parts.forEach((piece, i) => {
    if (i > 0) shared((s) => lines.push(s));
    lines.push(piece);
  });
  lines.end();
}

/** Stands for the shared part in the text template while the copy is written (NUL: no name from mail spells it). */
const TEXT_SHARED_MARK = '\u0000pb-shared\u0000';

/** s.replace(/\n{3,}/g, '\n\n') over a text given in pieces: a run of line breaks is held until it ends. */
export class LineBreakRuns {
  private pending = 0;
  constructor(private readonly sink: (s: string) => void) {}

  push(s: string): void {
    let i = 0;
    while (i < s.length && s.charCodeAt(i) === 10) i++;
    if (i === s.length) { this.pending += i; return; }
    let j = s.length;
    while (s.charCodeAt(j - 1) === 10) j--;
    const run = this.pending + i;
    this.pending = s.length - j;
    this.sink((run >= 3 ? '\n\n' : '\n'.repeat(run)) + s.slice(i, j).replace(/\n{3,}/g, '\n\n'));
  }

  end(): void {
    const run = this.pending;
    this.pending = 0;
    if (run) this.sink(run >= 3 ? '\n\n' : '\n'.repeat(run));
  }
}

/**
 * One player's newsletter (or, for null, the copy kept in the round's folder, with the
 * best-entry picture beside it as a file instead of embedded).
 */
export function newsletterFor(prep: PreparedNewsletter, game: Game, who: { email: string; name: string } | null): NewsletterMail {
  if (!who) return { ...archiveText(prep, game), html: archiveHtml(prep, game), attachments: [] };
  const lang = prep.view.lang;
  const data = letterData(prep, game, who);
  const subject = render(game.layout.dir, lang, 'newsletter', 'subject', data) ?? '';
  const text = textOf(prep, game, data, prep.sharedText);
  const htmlData = { ...data, shared: SHARED_MARK, imgChart: `cid:${CHART_CID}` };
  const renderHtml = (d: object) => render(game.layout.dir, lang, 'newsletter', 'html', d);
  // A player's mail: the template inlined once per round (inline.ts), filled in per player.
  // (A function as replacement: the shared part's names and words may hold `$&` and the like.)
  const html = (renderInlinedHtml(game.layout.dir, lang, 'newsletter', prep.css, htmlData, renderHtml) ?? '').replace(SHARED_MARK, () => prep.sharedHtml);
  const attachments: MailImage[] = [];
  if (prep.bestPng && html.includes(`cid:${BEST_CID}`)) attachments.push({ cid: BEST_CID, filename: 'best-entry.png', content: prep.bestPng });
  const row = prep.view.ranking.byEmail.get(who.email.toLowerCase());
  if (row && html.includes(`cid:${CHART_CID}`)) attachments.push({ cid: CHART_CID, filename: 'scores.png', content: chartPng(prep, row) });
  return { subject, text, html, attachments };
}

export { SHARED_MARK };
