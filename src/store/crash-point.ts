/**
 * Fault injection for the crash-safety tests: with POSTBOGGLE_CRASH_AT=<name> the process
 * kills itself with SIGKILL at that point, exactly as kill -9 or a power cut would, so a test
 * can prove that a rerun loses nothing and sends nothing twice. Without the variable it does
 * nothing.
 */
export function crashPoint(name: string): void {
  if (process.env.POSTBOGGLE_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
