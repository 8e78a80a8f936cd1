// What this process failed to send, for the one line a run ends with ("2 of 83 messages
// could not be sent: …") and its exit status. The outbox journals keep the details.

export interface SendFailure {
  to: string;
  error: string;
  permanent: boolean;
}

const failures: SendFailure[] = [];
/** Messages found unconfirmed in the outboxes this run flushed (handed over, answer never read). */
let unconfirmed = 0;

export function recordUnconfirmed(n: number): void {
  unconfirmed += n;
}

/** One line about unconfirmed messages, or null when there are none. */
export function unconfirmedLine(): string | null {
  if (unconfirmed === 0) return null;
  return `${unconfirmed} message(s) unconfirmed: a run stopped after handing them to the mail server and before its answer, so they are not sent again by themselves (postboggle outbox lists them; outbox resend ID sends one again, outbox confirm ID records that it arrived)`;
}

export function recordSendFailure(f: SendFailure): void {
  failures.push(f);
}

export function sendFailures(): readonly SendFailure[] {
  return failures;
}

export function clearSendFailures(): void {
  failures.length = 0;
  unconfirmed = 0;
}

/** One line saying how many sends failed and why, or null when none did. */
export function sendFailureLine(list: readonly SendFailure[] = failures): string | null {
  if (list.length === 0) return null;
  const permanent = list.filter((f) => f.permanent);
  const temporary = list.filter((f) => !f.permanent);
  const parts: string[] = [];
  if (permanent.length) {
    parts.push(`${permanent.length} refused for good, not retried (${permanent.slice(0, 3).map((f) => `${f.to}: ${f.error}`).join('; ')}${permanent.length > 3 ? '; …' : ''})`);
  }
  if (temporary.length) parts.push(`${temporary.length} failed, retried by the next command that sends (${temporary[0]!.error})`);
  return `${list.length} message(s) could not be sent: ${parts.join('; ')}`;
}

/**
 * The key under which this module puts its two lines' functions on the global object as it
 * loads: the command line ends every run by asking for them, and a run that never loaded
 * this module (no mail module did) has nothing to report, so it is not loaded for that
 * (an ES import at the end of each run cost some 5 ms).
 */
export const SEND_REPORT = Symbol.for('postboggle.send-report');
export interface SendReport { unconfirmedLine: typeof unconfirmedLine; sendFailureLine: () => string | null }
(globalThis as Record<symbol, unknown>)[SEND_REPORT] = { unconfirmedLine, sendFailureLine: () => sendFailureLine() } satisfies SendReport;
