import { setFlagsFromString } from 'node:v8';

// A command lives a fraction of a second, and V8 waits at exit for the optimising compiles
// it started: `review` at 1,000 players set 13 functions compiling in its last milliseconds
// and waited ~25 ms for them (measured from its last write to its exit; 13 ms with
// --no-opt). Four times V8's default tier-up budget (67,584) leaves such short runs in the
// baseline tiers; a long run (watch, a big game's score) is optimised a little later.
// Its own module, imported first by main.ts and by the script that makes the code cache of
// the yargs bundle (scripts/yargs-code-cache.ts): V8 accepts a code cache only from a
// process whose flags were the same.
setFlagsFromString('--interrupt-budget=270336');
