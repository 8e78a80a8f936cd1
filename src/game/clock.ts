/**
 * The current time. POSTBOGGLE_NOW (an ISO 8601 time) pins it, for tests and for replaying
 * a round (docs/operations.md); otherwise the system clock.
 */
export function now(): Date {
  const pinned = process.env.POSTBOGGLE_NOW;
  if (pinned) {
    const d = new Date(pinned);
    if (!Number.isNaN(d.getTime())) return d;
  }
  return new Date();
}
