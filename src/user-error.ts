/** An error meant for the user: printed as one line on stderr, without a stack trace. */
export class UserError extends Error {}
