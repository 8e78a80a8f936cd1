import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { UserError } from '../user-error.js';
import type { GameLayout } from './layout.js';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs fn holding the game's lock, so two postboggle processes never work on one game at
 * once. The lock file holds the owner's pid; a lock left by a process that died (kill -9,
 * power loss) is taken over.
 */
export async function withLock<T>(layout: GameLayout, fn: () => Promise<T>): Promise<T> {
  let fd: number | undefined;
  for (let attempt = 0; fd === undefined; attempt++) {
    try {
      fd = openSync(layout.lock, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw new UserError(`cannot write the game's lock ${layout.lock}: ${(e as Error).message} (free disk space, or check the directory's permissions, and run the command again)`);
      const pid = Number.parseInt(readFileSync(layout.lock, 'utf8'), 10);
      if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) {
        throw new UserError(`another postboggle (pid ${pid}) is working on this game; try again when it is done`);
      }
      unlinkSync(layout.lock); // stale
    }
  }
  try {
    writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n`);
  } catch (e) {
    // A full disk: nothing was done yet; no lock is left behind.
    try { closeSync(fd); unlinkSync(layout.lock); } catch { /* already failing */ }
    throw new UserError(`cannot write the game's lock ${layout.lock}: ${(e as Error).message} (free disk space and run the command again)`);
  }
  closeSync(fd);
  try {
    return await fn();
  } finally {
    try { unlinkSync(layout.lock); } catch { /* already gone */ }
  }
}
