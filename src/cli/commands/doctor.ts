import { resolve } from 'node:path';
import type { Argv } from 'yargs';
import { defineCommand } from '../command.js';
import { checkGame } from '../../game/doctor.js';
import { gameLayout } from '../../game/layout.js';

interface DoctorArgs {
  dir: string;
  json: boolean;
}

export const doctorCommand = defineCommand<DoctorArgs>({
  command: 'doctor',
  describe: 'check a game directory: what is wrong with its files, and how to repair it (changes nothing)',
  builder: (y: Argv) => y
    .option('json', { type: 'boolean', default: false, describe: 'the findings as JSON' })
    .example('$0 doctor --dir ~/boggle', 'check the game; exit status 1 if something needs repair'),
  handler: (argv) => {
    const findings = checkGame(gameLayout(resolve(argv.dir)));
    if (argv.json) process.stdout.write(JSON.stringify({ ok: findings.every((f) => f.severity !== 'error'), findings }, null, 2) + '\n');
    else if (findings.length === 0) process.stdout.write('no problems found\n');
    else process.stdout.write(findings.map((f) => `${f.severity}: ${f.file}: ${f.problem}\n  repair: ${f.repair}`).join('\n') + '\n');
    if (findings.some((f) => f.severity === 'error')) process.exitCode = 1;
  },
});
