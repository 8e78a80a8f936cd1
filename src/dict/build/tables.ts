import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

const DIR = join(PACKAGE_ROOT, 'src', 'dict', 'build', 'tables');

/** The path of one of postboggle's own grammar tables (src/dict/build/tables/<name>.tsv). */
export const tablePath = (name: string) => join(DIR, `${name}.tsv`);

/**
 * The rows of a grammar table: tab-separated, # starts a comment line, each row at least
 * `columns` cells (empty trailing cells are ''). A missing table or a short row fails the
 * build with one line naming it.
 */
export function readTable<Row extends string[]>(name: string, columns: Row['length']): Row[] {
  const file = tablePath(name);
  if (!existsSync(file)) throw new Error(`dictionary source missing: ${file}`);
  const rows: Row[] = [];
  readFileSync(file, 'utf8').split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || line.startsWith('#')) return;
    const cells = line.split('\t').map((c) => c.trim());
    if (cells.length < columns - 1 || !cells[0]) throw new Error(`dictionary source ${file} line ${i + 1}: expected ${columns} tab-separated columns`);
    while (cells.length < columns) cells.push('');
    rows.push(cells as Row);
  });
  return rows;
}
