import type { Argv, CommandModule } from 'yargs';

/**
 * A command: its yargs builder and a handler typed with the arguments it reads (the global
 * --dir included), checked by yargs at run time rather than threaded through the types.
 */
export function defineCommand<A>(c: {
  command: string;
  describe: string;
  builder: (y: Argv) => Argv<unknown>;
  handler: (argv: A) => Promise<void> | void;
}): CommandModule {
  return c as unknown as CommandModule;
}
