// Assembles src/rules/field-walk.wat into src/rules/field-walk-wasm.ts (`npm run build:wasm`),
// after a change to the walk's text. The generated module is committed: a build needs no
// assembler, and a test checks that it is the text's binary.
import { writeFileSync } from 'node:fs';
import { assembleFieldWalk, FIELD_WALK_MODULE, fieldWalkModuleText } from './wasm-assemble.js';

writeFileSync(FIELD_WALK_MODULE, fieldWalkModuleText(await assembleFieldWalk()));
process.stdout.write(`wrote ${FIELD_WALK_MODULE}\n`);
