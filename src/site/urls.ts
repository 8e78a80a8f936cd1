import { createHash } from 'node:crypto';
import { roundName } from '../game/layout.js';

// Where each page of the site lives, relative to the site's root. Players are named by a
// stable id made from their address, never by the address itself: the site is public.

export const playerId = (email: string): string => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 12);

export const sitePaths = {
  index: 'index.html',
  /** Page 1 of a list is its main page; later pages get a number. */
  rankingPage: (page: number) => (page <= 1 ? 'index.html' : `ranking-${page}.html`),
  ratingsPage: (page: number) => (page <= 1 ? 'ratings.html' : `ratings-${page}.html`),
  round: (n: number) => `rounds/${roundName(n)}/index.html`,
  roundEntries: (n: number, page: number) => (page <= 1 ? `rounds/${roundName(n)}/index.html` : `rounds/${roundName(n)}/entries-${page}.html`),
  player: (email: string) => `players/${playerId(email)}.html`,
  style: 'style.css',
};

/** An absolute address on the published site ("https://x/" + "rounds/003/index.html" → ".../rounds/003/"). */
export function publicUrl(base: string, path: string): string {
  const root = base.endsWith('/') ? base : `${base}/`;
  return root + path.replace(/(^|\/)index\.html$/, '$1');
}
