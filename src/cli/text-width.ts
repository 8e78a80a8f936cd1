import { createRequire } from 'node:module';

// The width of text in a terminal, and wrapping to a width, for the help screens. yargs'
// table maker (cliui) measures with string-width and wraps with wrap-ansi, which load
// Unicode tables and compile emoji regexes at start: some 130 ms, more than Node's own
// start, for help text that is plain Latin. Plain text (printable ASCII and Latin-1/
// Latin Extended-A letters, no escape codes) is measured and wrapped here, exactly as those
// two would (test/cli/text-width.test.ts compares them); anything else goes to them.

const require = createRequire(import.meta.url);
const PLAIN = /^[\x20-\x7e\u00a0-\u00a8\u00aa-\u00ac\u00af-\u017f]*$/; // not © and ®: emoji to wrap-ansi

/** Text whose every character is one column wide and that carries no escape codes. */
export const isPlain = (s: string): boolean => PLAIN.test(s);

let stringWidthFn: ((s: string) => number) | undefined;
let stripAnsiFn: ((s: string) => string) | undefined;
let wrapAnsiFn: ((s: string, columns: number, o?: object) => string) | undefined;
const def = <F>(m: unknown): F => (typeof m === 'function' ? m : (m as { default: F }).default) as F;

export function textWidth(s: string): number {
  if (isPlain(s)) return s.length;
  return (stringWidthFn ??= def<(s: string) => number>(require('string-width')))(s);
}

export function stripAnsi(s: string): string {
  if (!s.includes('\u001b') && !s.includes('\u009b')) return s;
  return (stripAnsiFn ??= def<(s: string) => string>(require('strip-ansi')))(s);
}

/** wrap-ansi(text, columns, options), plain text done here. */
export function wrapText(text: string, columns: number, options: { hard?: boolean; trim?: boolean; wordWrap?: boolean } = {}): string {
  const s = String(text).normalize().replaceAll('\r\n', '\n');
  if (!isPlain(s.replaceAll('\n', ' '))) return (wrapAnsiFn ??= def<(s: string, c: number, o?: object) => string>(require('wrap-ansi')))(text, columns, options);
  return s.split('\n').map((line) => wrapLine(line, columns, options)).join('\n');
}

// wrap-ansi 9's algorithm for one line, with every character one column wide and no escapes.
function wrapWord(rows: string[], word: string, columns: number): void {
  const characters = [...word];
  let visible = rows.at(-1)!.length;
  for (const [index, character] of characters.entries()) {
    if (visible + 1 <= columns) rows[rows.length - 1] += character;
    else {
      rows.push(character);
      visible = 0;
    }
    visible += 1;
    if (visible === columns && index < characters.length - 1) {
      rows.push('');
      visible = 0;
    }
  }
  if (!visible && rows.at(-1)!.length > 0 && rows.length > 1) rows[rows.length - 2] += rows.pop()!;
}

function trimSpacesRight(s: string): string {
  const words = s.split(' ');
  let last = words.length;
  while (last > 0 && words[last - 1]!.length === 0) last--;
  return last === words.length ? s : words.slice(0, last).join(' ') + words.slice(last).join('');
}

function wrapLine(line: string, columns: number, options: { hard?: boolean; trim?: boolean; wordWrap?: boolean }): string {
  if (options.trim !== false && line.trim() === '') return '';
  const words = line.split(' ');
  let rows = [''];
  for (const [index, word] of words.entries()) {
    if (options.trim !== false) rows[rows.length - 1] = rows.at(-1)!.trimStart();
    let rowLength = rows.at(-1)!.length;
    if (index !== 0) {
      if (rowLength >= columns && (options.wordWrap === false || options.trim === false)) {
        rows.push('');
        rowLength = 0;
      }
      if (rowLength > 0 || options.trim === false) {
        rows[rows.length - 1] += ' ';
        rowLength++;
      }
    }
    const length = word.length;
    if (options.hard && length > columns) {
      const remaining = columns - rowLength;
      const breaksThisLine = 1 + Math.floor((length - remaining - 1) / columns);
      const breaksNextLine = Math.floor((length - 1) / columns);
      if (breaksNextLine < breaksThisLine) rows.push('');
      wrapWord(rows, word, columns);
      continue;
    }
    if (rowLength + length > columns && rowLength > 0 && length > 0) {
      if (options.wordWrap === false && rowLength < columns) {
        wrapWord(rows, word, columns);
        continue;
      }
      rows.push('');
    }
    if (rowLength + length > columns && options.wordWrap === false) {
      wrapWord(rows, word, columns);
      continue;
    }
    rows[rows.length - 1] += word;
  }
  if (options.trim !== false) rows = rows.map(trimSpacesRight);
  return rows.join('\n');
}
