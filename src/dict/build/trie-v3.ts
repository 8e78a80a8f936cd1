// A reader of cspell's trie text format (TrieXv3, as @cspell/dict-de-de ships its words) that
// lists the words straight from the text, without cspell-trie-lib's trie of objects: that
// trie of the German list took 2.3 s and 300 MB for a moment, the biggest moment of an
// install's German build; this takes a fraction of both. It follows cspell-trie-lib's
// importer (importTrieV3WithBuilder and TrieNodeBuilder's cursor) step by step, node
// numbers included, so the words and their order are the same as a walk of that trie
// (test/dict/trie-v3.test.ts holds the two side by side).
//
// The format: characters go down the trie, `$` ends a word and steps back one node, `<`
// steps back one more (a digit 2–9 right after `$` or `<` steps back that many less one),
// `#n;` makes the current edge point at node n (base `radix`) instead, and a backslash
// escapes the next character.

/** A child edge's node: the shared end-of-word node (cspell's frozen EOW), then the root. */
const EOW = 1;

/**
 * The words of a TrieXv3 text as a walk of the trie lists them (depth first, children in
 * the order the trie's objects enumerate them), skipping any entry below a child in `skip`:
 * calls `word` for each. Null when the text is not TrieXv3 (the caller uses cspell-trie-lib).
 */
export function eachTrieV3Word(text: string, skip: ReadonlySet<string>, word: (w: string) => void): boolean {
  const lines = text.split('\n', 64);
  const dataLine = lines.findIndex((l) => l.includes('__DATA__'));
  if (dataLine < 0) return false;
  const header = lines.slice(0, dataLine).map((l) => l.trim()).filter((l) => l && !/^\s*#/.test(l)).slice(0, 2).join('\n');
  const m = /^TrieXv3\nbase=(\d+)$/.exec(header);
  if (!m) return false;
  const radix = Number.parseInt(m[1]!, 10);
  let start = 0;
  for (let i = 0; i <= dataLine; i++) start = text.indexOf('\n', start) + 1;
  if (start === 0) return true; // no data: no words

  // Nodes and edges in typed arrays, sized by the text (never more nodes or edges than
  // characters). Node 0 is the root, node 1 the end-of-word node every leaf shares.
  const size = text.length - start + 2;
  const eow = new Uint8Array(size);
  const firstEdge = new Int32Array(size).fill(-1);
  const lastEdge = new Int32Array(size).fill(-1);
  const edgeChar = new Int32Array(size);
  const edgeNode = new Int32Array(size);
  const edgeNext = new Int32Array(size).fill(-1);
  let nodeCount = 2, edgeCount = 0;
  eow[EOW] = 1;
  /** cspell's node numbers (what `#n;` refers to) → nodes here. */
  const numbered: number[] = [0, EOW];
  // The path from the root: the node at each depth and the edge taken from it.
  const stackNode: number[] = [0];
  const stackEdge: number[] = [-1];
  let depth = 0, current = 0;

  const newNode = () => nodeCount++;
  const insertChar = (ch: number) => {
    if (current === EOW) {
      // The shared end node gets a child: a node of its own replaces it on the edge.
      const copy = newNode();
      eow[copy] = 1;
      edgeNode[stackEdge[depth]!] = copy;
      current = copy;
      numbered.push(copy);
    }
    let e = firstEdge[current]!;
    while (e >= 0 && edgeChar[e] !== ch) e = edgeNext[e]!;
    if (e < 0) {
      e = edgeCount++;
      edgeChar[e] = ch;
      edgeNode[e] = newNode();
      if (lastEdge[current]! < 0) firstEdge[current] = e;
      else edgeNext[lastEdge[current]!] = e;
      lastEdge[current] = e;
    }
    const next = edgeNode[e]!;
    numbered.push(next);
    ++depth;
    stackNode[depth] = current;
    stackEdge[depth] = e;
    current = next;
  };
  const markEOW = () => {
    if (firstEdge[current]! < 0) {
      edgeNode[stackEdge[depth]!] = EOW;
      if (numbered[numbered.length - 1] === current) numbered.pop();
      current = EOW;
    } else eow[current] = 1;
  };
  const backStep = (n: number) => {
    if (!n) return;
    if (n > depth) throw new Error('the trie steps back above its root');
    depth -= n;
    current = stackNode[depth + 1]!;
  };

  // The importer's states: reading characters, stepping back, a reference, an escape.
  const MAIN = 0, BACK = 1, REF = 2, ESCAPE = 3, ESCAPE2 = 4;
  let state = MAIN;
  let ref = '';
  for (let i = start; i < text.length; ) {
    const ch = text.codePointAt(i)!;
    i += ch > 0xffff ? 2 : 1;
    if (ch === 10) continue; // lines only wrap the data
    if (state === REF) {
      if (ch === 59 /* ; */) {
        const target = numbered[Number.parseInt(ref, radix) + 1];
        if (target === undefined) throw new Error(`the trie refers to a node it has not got (${ref})`);
        edgeNode[stackEdge[depth]!] = target;
        numbered.pop();
        ref = '';
        state = MAIN;
      } else ref += String.fromCodePoint(ch);
      continue;
    }
    if (state === ESCAPE) {
      if (ch === 92 /* \ */) state = ESCAPE2;
      else {
        insertChar(ch);
        state = MAIN;
      }
      continue;
    }
    if (state === ESCAPE2) {
      insertChar(ch === 110 /* n */ ? 10 : ch === 114 /* r */ ? 13 : ch);
      state = MAIN;
      continue;
    }
    if (state === BACK) {
      if (ch === 60 /* < */) { backStep(1); continue; }
      if (ch >= 50 && ch <= 57 /* 2–9 */) { backStep(ch - 49); continue; }
      state = MAIN;
    }
    if (ch === 36 /* $ */) {
      markEOW();
      backStep(1);
      state = BACK;
    } else if (ch === 60 /* < */) {
      backStep(1);
      state = BACK;
    } else if (ch === 35 /* # */) state = REF;
    else if (ch === 92 /* \ */) state = ESCAPE;
    else if (ch !== 13) insertChar(ch);
  }

  // The walk. A trie node's children are an object's keys: the integer-like ones (the
  // digits) come first in ascending order, then the others in the order they were added.
  const skipped = new Set([...skip].map((s) => s.codePointAt(0)!));
  const digitsFirst = (node: number): number[] => {
    const edges: number[] = [];
    for (let e = firstEdge[node]!; e >= 0; e = edgeNext[e]!) edges.push(e);
    const digits = edges.filter((e) => edgeChar[e]! >= 48 && edgeChar[e]! <= 57).sort((a, b) => edgeChar[a]! - edgeChar[b]!);
    return digits.length === 0 ? edges : [...digits, ...edges.filter((e) => !(edgeChar[e]! >= 48 && edgeChar[e]! <= 57))];
  };
  const walk = (node: number, prefix: string) => {
    if (eow[node] && prefix) word(prefix);
    let hasDigit = false;
    for (let e = firstEdge[node]!; e >= 0; e = edgeNext[e]!) if (edgeChar[e]! >= 48 && edgeChar[e]! <= 57) hasDigit = true;
    if (hasDigit) {
      for (const e of digitsFirst(node)) if (!skipped.has(edgeChar[e]!)) walk(edgeNode[e]!, prefix + String.fromCodePoint(edgeChar[e]!));
      return;
    }
    for (let e = firstEdge[node]!; e >= 0; e = edgeNext[e]!) if (!skipped.has(edgeChar[e]!)) walk(edgeNode[e]!, prefix + String.fromCodePoint(edgeChar[e]!));
  };
  walk(0, '');
  return true;
}
