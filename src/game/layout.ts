import { join } from 'node:path';

// Where everything of one game lives (SPEC 5). Plain files a GM can read, back up and keep in git.
export const roundName = (n: number) => String(n).padStart(3, '0');

export function gameLayout(dir: string) {
  const round = (n: number) => join(dir, 'rounds', roundName(n));
  return {
    dir,
    settings: join(dir, 'postboggle.yaml'),
    lock: join(dir, '.postboggle.lock'),
    rounds: join(dir, 'rounds'),
    round,
    roundFile: (n: number) => join(round(n), 'round.json'),
    entries: (n: number) => join(round(n), 'entries.json'),
    results: (n: number) => join(round(n), 'results.json'),
    inbox: (n: number) => join(round(n), 'inbox'),
    outbox: (n: number) => join(round(n), 'outbox'),
    /** Mail that names no round, or arrives when none is open. */
    unroutedInbox: join(dir, 'rounds', 'unrouted', 'inbox'),
    outboxGeneral: join(dir, 'rounds', 'unrouted', 'outbox'),
    templates: join(dir, 'templates'),
    newsletter: (n: number, ext: string) => join(round(n), `newsletter.${ext}`),
  };
}
export type GameLayout = ReturnType<typeof gameLayout>;
