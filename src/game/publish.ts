import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Outbox } from '../mail/outbox.js';
import type { RoundResult } from '../rules/round-scoring.js';
import { fieldView } from '../templates/field-view.js';
import { templateLang } from '../templates/i18n.js';
import { now } from './clock.js';
import { formatDeadline } from './deadline.js';
import type { Game } from './game.js';
import { flushOutboxes, queueMail } from './mailer.js';
import { renderNewsletter } from './newsletter.js';
import { readRound, type RoundRecord, writeRound } from './rounds.js';

/** Queues the round's announcement to every player (once each) and sends what is queued. */
export async function publishRound(game: Game, r: RoundRecord): Promise<{ queued: number; sent: number; failed: number }> {
  const outbox = new Outbox(game.layout.outbox(r.round));
  const view = fieldView(r.field);
  const lang = templateLang(game.settings.language);
  let queued = 0;
  for (const p of game.settings.players) {
    const ok = await queueMail(game, outbox, {
      id: `announcement-${r.round}-${p.email}`, kind: 'announcement', to: { name: p.name, address: p.email }, template: 'announcement',
      data: {
        name: p.name, round: r.round, ...view,
        deadline: formatDeadline(r.deadline, game.settings.schedule.timezone, lang), ...game.rules,
      },
    });
    if (ok) queued++;
  }
  const sent = await flushOutboxes(game, [game.layout.outbox(r.round)]);
  writeRound(game.layout, { ...readRound(game.layout, r.round), publishedAt: r.publishedAt ?? now().toISOString() });
  return { queued, ...sent };
}

/** Renders the newsletter and saves it as rounds/NNN/newsletter.txt (and .html). */
export async function writeNewsletter(game: Game, result: RoundResult) {
  const letter = await renderNewsletter(game, result);
  writeFileSync(game.layout.newsletter(result.round, 'txt'), letter.text);
  if (letter.html) writeFileSync(game.layout.newsletter(result.round, 'html'), letter.html);
  return letter;
}

/** Queues the newsletter to every player (once each) and sends what is queued. */
export async function sendNewsletter(game: Game, result: RoundResult, rendered?: { data: object }): Promise<{ sent: number; failed: number }> {
  const outbox = new Outbox(game.layout.outbox(result.round));
  const data = (rendered ?? await writeNewsletter(game, result)).data;
  // The id names the version of the results: sending again changes nothing, but a round
  // rescored after a GM decision goes out once more, corrected.
  const version = createHash('sha256').update(JSON.stringify(result)).digest('hex').slice(0, 8);
  for (const p of game.settings.players) {
    await queueMail(game, outbox, { id: `newsletter-${result.round}-${version}-${p.email}`, kind: 'newsletter', to: { name: p.name, address: p.email }, template: 'newsletter', data: { ...data, name: p.name } });
  }
  const r = await flushOutboxes(game, [game.layout.outbox(result.round)]);
  const round = readRound(game.layout, result.round);
  if (r.failed === 0) writeRound(game.layout, { ...round, newsletterSentAt: round.newsletterSentAt ?? now().toISOString() });
  return r;
}
