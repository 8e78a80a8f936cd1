import { neighbours } from './field.js';
import { type Field, QU, STAR } from './types.js';

/** How many letters of the word a face covers at position `pos`, or 0 when it does not fit. */
function faceMatch(face: string, word: string, pos: number, joker: string | null): number {
  if (face === STAR) return joker !== null && word[pos] === joker ? 1 : 0;
  if (face === QU) return word.startsWith('QU', pos) ? 2 : 0;
  return word[pos] === face ? 1 : 0;
}

/**
 * Per field: how often each letter A–Z shows (a QU face counts for Q and U), and the stars
 * (index 26); null for a field with any other face, which the check below then lets pass.
 */
const supplies = new WeakMap<Field, Int32Array | null>();

function supplyOf(field: Field): Int32Array | null {
  let supply = supplies.get(field);
  if (supply === undefined) {
    supply = new Int32Array(27);
    for (const f of field.cells) {
      const c = f.charCodeAt(0) - 65;
      if (f === STAR) supply[26]!++;
      else if (f === QU) { supply[16]!++; supply[20]!++; }
      else if (f.length === 1 && c >= 0 && c < 26) supply[c]!++;
      else { supply = null; break; }
    }
    supplies.set(field, supply);
  }
  return supply;
}

/** Cheap necessary condition: every letter of the word is available often enough. */
function lettersAvailable(field: Field, word: string, withStar: boolean): boolean {
  const supply = supplyOf(field);
  if (supply === null) return true;
  const left = supply.slice();
  let missing = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i) - 65;
    if (c >= 0 && c < 26 && left[c]! > 0) left[c]!--;
    else missing++;
  }
  return missing <= (withStar ? left[26]! : 0);
}

/**
 * A path of cell indices spelling the folded word, with the star standing for `joker`
 * (or for nothing when joker is null), or null when there is none.
 */
export function findPath(field: Field, word: string, joker: string | null): number[] | null {
  if (word.length === 0 || !lettersAvailable(field, word, joker !== null)) return null;
  const adj = neighbours(field.size);
  const used = new Array<boolean>(field.cells.length).fill(false);
  const path: number[] = [];
  const walk = (cell: number, pos: number): boolean => {
    const n = faceMatch(field.cells[cell]!, word, pos, joker);
    if (n === 0) return false;
    used[cell] = true;
    path.push(cell);
    if (pos + n === word.length) return true;
    for (const next of adj[cell]!) {
      if (!used[next] && walk(next, pos + n)) return true;
    }
    used[cell] = false;
    path.pop();
    return false;
  };
  for (let start = 0; start < field.cells.length; start++) {
    if (walk(start, 0)) return path;
  }
  return null;
}

export interface JokerOptions {
  /** The word can be traced without passing over the star: it fits any joker letter. */
  plain: boolean;
  /** Otherwise, the letters the star can stand for in some path (sorted). */
  letters: string[];
}

/** Which joker letters let the word be traced on the field. */
export function jokerOptions(field: Field, word: string): JokerOptions {
  if (findPath(field, word, null)) return { plain: true, letters: [] };
  if (!field.cells.includes(STAR)) return { plain: false, letters: [] };
  const letters = [...new Set(word)].sort().filter((c) => findPath(field, word, c) !== null);
  return { plain: false, letters };
}

/** Whether the word can be traced with the given joker letter (null: the star is unusable). */
export function onFieldWith(options: JokerOptions, joker: string | null): boolean {
  return options.plain || (joker !== null && options.letters.includes(joker));
}

export function onFieldAtAll(options: JokerOptions): boolean {
  return options.plain || options.letters.length > 0;
}
