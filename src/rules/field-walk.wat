;; The solver's walk of a field and the dictionary's graph together (src/rules/solver.ts says
;; what it finds; src/rules/trie.ts what a graph record is). WebAssembly, because a command
;; solves one field in a fresh process: V8 runs the walk's first ~14,000 steps in its
;; interpreter before its optimising compiler is done (~17 ms of `postboggle solve`), where
;; WebAssembly's baseline compiler gives machine code at once (~2 ms). Assembled by
;; `npm run build:wasm` into field-walk-wasm.ts; a test checks the two agree.
;;
;; Memory (byte offsets; i32 little-endian unless said), written by field-walk.ts before a walk:
;;   0     nearLetters[32]    letters the neighbours of cell c show (bits 0-25)
;;   128   nearCells[26*32]   neighbours of cell c showing letter l (a set of cells)
;;   3456  nearStar[32]       the star's cell if a neighbour of c, else -1
;;   3584  quOf[32]           bytes: 1 where the cell is QU
;;   3616  path[80]           bytes: the letters of the path being walked
;;   3712  letterOf[32]       per cell the letter 0-25 (Q for QU), -1 the star
;;   $records ...             the graph: three u32 per record (mask, first child, before);
;;                            a dictionary's graph file is read to here (walk-memory.ts)
;;   $table ...               open addressing, form index -> 1 + slot (0 empty), 2 x $cap slots
;;   $foundForm, $foundBits, $spellEnd ...   per slot, in the order found ($cap each)
;;   $spelling ...            bytes: each new word's letters, one after the other ($spellCap)
;; A walk that finds more than $cap words or $spellCap letters sets $overflow and records no
;; more; field-walk.ts then makes room and walks again.
(module
  (import "walk" "memory" (memory 1))
  (global $records (export "records") (mut i32) (i32.const 0))
  (global $minLength (export "minLength") (mut i32) (i32.const 3))
  (global $table (export "table") (mut i32) (i32.const 0))
  (global $tableMask (export "tableMask") (mut i32) (i32.const 0))
  (global $foundForm (export "foundForm") (mut i32) (i32.const 0))
  (global $foundBits (export "foundBits") (mut i32) (i32.const 0))
  (global $spellEnd (export "spellEnd") (mut i32) (i32.const 0))
  (global $spelling (export "spelling") (mut i32) (i32.const 0))
  (global $cap (export "cap") (mut i32) (i32.const 0))
  (global $spellCap (export "spellCap") (mut i32) (i32.const 0))
  (global $count (export "count") (mut i32) (i32.const 0))
  (global $spelled (export "spelled") (mut i32) (i32.const 0))
  (global $overflow (export "overflow") (mut i32) (i32.const 0))
  ;; The cells of the path being walked.
  (global $used (mut i32) (i32.const 0))

  ;; Form $form ends after $depth letters of the path, reached with joker letter $joker (-1: no star).
  (func $record (param $form i32) (param $depth i32) (param $joker i32)
    (local $bit i32) (local $h i32) (local $s i32)
    ;; Bit 26: traced without the star; bits 0-25: the joker letters it was traced with.
    (local.set $bit
      (select (i32.const 0x4000000) (i32.shl (i32.const 1) (local.get $joker)) (i32.lt_s (local.get $joker) (i32.const 0))))
    (local.set $h (i32.and (i32.mul (local.get $form) (i32.const 0x9e3779b1)) (global.get $tableMask)))
    (block $new
      (loop $probe
        (local.set $s (i32.load (i32.add (global.get $table) (i32.shl (local.get $h) (i32.const 2)))))
        (br_if $new (i32.eqz (local.get $s)))
        (if (i32.eq (i32.load (i32.add (global.get $foundForm) (i32.shl (i32.sub (local.get $s) (i32.const 1)) (i32.const 2)))) (local.get $form))
          (then
            (local.set $s (i32.add (global.get $foundBits) (i32.shl (i32.sub (local.get $s) (i32.const 1)) (i32.const 2))))
            (i32.store (local.get $s) (i32.or (i32.load (local.get $s)) (local.get $bit)))
            (return)))
        (local.set $h (i32.and (i32.add (local.get $h) (i32.const 1)) (global.get $tableMask)))
        (br $probe)))
    ;; A new word, spelled once from the path; the table stays at most half full.
    (if (i32.or (i32.ge_u (global.get $count) (global.get $cap))
                (i32.gt_u (i32.add (global.get $spelled) (local.get $depth)) (global.get $spellCap)))
      (then (global.set $overflow (i32.const 1)) (return)))
    (memory.copy (i32.add (global.get $spelling) (global.get $spelled)) (i32.const 3616) (local.get $depth))
    (global.set $spelled (i32.add (global.get $spelled) (local.get $depth)))
    (local.set $s (i32.shl (global.get $count) (i32.const 2)))
    (i32.store (i32.add (global.get $foundForm) (local.get $s)) (local.get $form))
    (i32.store (i32.add (global.get $foundBits) (local.get $s)) (local.get $bit))
    (i32.store (i32.add (global.get $spellEnd) (local.get $s)) (global.get $spelled))
    (global.set $count (i32.add (global.get $count) (i32.const 1)))
    (i32.store (i32.add (global.get $table) (i32.shl (local.get $h) (i32.const 2))) (global.get $count)))

  ;; The address of graph record $r.
  (func $at (param $r i32) (result i32)
    (i32.add (global.get $records) (i32.mul (local.get $r) (i32.const 12))))

  ;; At $cell, having reached graph record $rec after $depth letters, with $index the sum of the
  ;; "before" numbers along the path up to $rec's parent: record a word ending here, then step
  ;; onto every unused neighbour the graph has a letter for (the star: onto every child letter).
  (func $visit (param $cell i32) (param $rec i32) (param $depth i32) (param $joker i32) (param $index i32)
    (local $p i32) (local $m i32) (local $children i32) (local $base i32) (local $letters i32)
    (local $l i32) (local $free i32) (local $r i32) (local $rp i32) (local $next i32) (local $mu i32)
    (local $star i32) (local $k i32) (local $rest i32) (local $c i32) (local $depth1 i32)
    (local.set $p (call $at (local.get $rec)))
    (local.set $m (i32.load (local.get $p)))
    (local.set $index (i32.add (local.get $index) (i32.load offset=8 (local.get $p))))
    (if (i32.and (i32.lt_s (local.get $m) (i32.const 0)) (i32.ge_u (local.get $depth) (global.get $minLength)))
      (then (call $record (local.get $index) (local.get $depth) (local.get $joker))))
    (local.set $children (i32.and (local.get $m) (i32.const 0x3ffffff)))
    (if (i32.eqz (local.get $children)) (then (return))) ;; no longer word starts with these letters
    (local.set $base (i32.load offset=4 (local.get $p)))
    (local.set $depth1 (i32.add (local.get $depth) (i32.const 1)))
    (global.set $used (i32.or (global.get $used) (i32.shl (i32.const 1) (local.get $cell))))
    (local.set $letters (i32.and (local.get $children) (i32.load (i32.shl (local.get $cell) (i32.const 2)))))
    (block $lettersDone
      (loop $eachLetter
        (br_if $lettersDone (i32.eqz (local.get $letters)))
        (local.set $l (i32.ctz (local.get $letters)))
        (local.set $letters (i32.and (local.get $letters) (i32.sub (local.get $letters) (i32.const 1))))
        (local.set $free (i32.and
          (i32.load offset=128 (i32.shl (i32.add (i32.mul (local.get $cell) (i32.const 26)) (local.get $l)) (i32.const 2)))
          (i32.xor (global.get $used) (i32.const -1))))
        (br_if $eachLetter (i32.eqz (local.get $free)))
        (local.set $r (i32.add (local.get $base)
          (i32.popcnt (i32.and (local.get $children) (i32.sub (i32.shl (i32.const 1) (local.get $l)) (i32.const 1))))))
        (local.set $rp (call $at (local.get $r)))
        (i32.store8 offset=3616 (local.get $depth) (i32.add (local.get $l) (i32.const 65)))
        (if (i32.and
              (i32.eqz (i32.and (i32.load (local.get $rp)) (i32.const 0x3ffffff)))
              (i32.eqz (i32.load8_u offset=3584 (i32.ctz (local.get $free)))))
          (then
            ;; A leaf (every leaf ends a form): recorded here, once for all the cells that lead to it.
            (if (i32.ge_u (local.get $depth1) (global.get $minLength))
              (then (call $record (i32.add (local.get $index) (i32.load offset=8 (local.get $rp))) (local.get $depth1) (local.get $joker))))
            (br $eachLetter)))
        (block $cellsDone
          (loop $eachCell
            (br_if $cellsDone (i32.eqz (local.get $free)))
            (local.set $next (i32.ctz (local.get $free)))
            (local.set $free (i32.and (local.get $free) (i32.sub (local.get $free) (i32.const 1))))
            (if (i32.eqz (i32.load8_u offset=3584 (local.get $next)))
              (then (call $visit (local.get $next) (local.get $r) (local.get $depth1) (local.get $joker) (local.get $index)))
              (else
                ;; QU: the U follows in the same step.
                (local.set $mu (i32.load (local.get $rp)))
                (if (i32.and (local.get $mu) (i32.const 0x100000))
                  (then
                    (i32.store8 offset=3616 (local.get $depth1) (i32.const 85))
                    (call $visit (local.get $next)
                      (i32.add (i32.load offset=4 (local.get $rp)) (i32.popcnt (i32.and (local.get $mu) (i32.const 0xfffff))))
                      (i32.add (local.get $depth) (i32.const 2)) (local.get $joker)
                      (i32.add (local.get $index) (i32.load offset=8 (local.get $rp))))))))
            (br $eachCell)))
        (br $eachLetter)))
    ;; The star: every letter the graph allows here (a player's joker is one letter, so a word
    ;; passes over the star once; each cell is used once anyway).
    (local.set $star (i32.load offset=3456 (i32.shl (local.get $cell) (i32.const 2))))
    (if (i32.and (i32.ge_s (local.get $star) (i32.const 0))
                 (i32.eqz (i32.and (global.get $used) (i32.shl (i32.const 1) (local.get $star)))))
      (then
        (local.set $k (local.get $base))
        (local.set $rest (local.get $children))
        (block $starDone
          (loop $eachChild
            (br_if $starDone (i32.eqz (local.get $rest)))
            (local.set $c (i32.ctz (local.get $rest)))
            (i32.store8 offset=3616 (local.get $depth) (i32.add (local.get $c) (i32.const 65)))
            (local.set $rp (call $at (local.get $k)))
            (if (i32.and (i32.load (local.get $rp)) (i32.const 0x3ffffff))
              (then (call $visit (local.get $star) (local.get $k) (local.get $depth1) (local.get $c) (local.get $index)))
              (else
                (if (i32.ge_u (local.get $depth1) (global.get $minLength))
                  (then (call $record (i32.add (local.get $index) (i32.load offset=8 (local.get $rp))) (local.get $depth1) (local.get $c))))))
            (local.set $rest (i32.and (local.get $rest) (i32.sub (local.get $rest) (i32.const 1))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $eachChild)))))
    (global.set $used (i32.and (global.get $used) (i32.xor (i32.shl (i32.const 1) (local.get $cell)) (i32.const -1)))))

  ;; The walk of a field of $cells cells: each cell starts a walk from the graph's root, as a
  ;; step from outside the field would.
  (func (export "walk") (param $cells i32)
    (local $cell i32) (local $l i32) (local $children i32) (local $base i32) (local $k i32)
    (local $rest i32) (local $c i32) (local $r i32) (local $rp i32) (local $mu i32)
    (memory.fill (global.get $table) (i32.const 0) (i32.shl (i32.add (global.get $tableMask) (i32.const 1)) (i32.const 2)))
    (global.set $count (i32.const 0))
    (global.set $spelled (i32.const 0))
    (global.set $overflow (i32.const 0))
    (global.set $used (i32.const 0))
    (local.set $children (i32.and (i32.load (global.get $records)) (i32.const 0x3ffffff)))
    (local.set $base (i32.load offset=4 (global.get $records)))
    (block $cellsDone
      (loop $eachCell
        (br_if $cellsDone (i32.ge_u (local.get $cell) (local.get $cells)))
        (local.set $l (i32.load offset=3712 (i32.shl (local.get $cell) (i32.const 2))))
        (block $nextCell
          (if (i32.lt_s (local.get $l) (i32.const 0))
            (then
              ;; The star: a walk from each letter the graph's root has.
              (local.set $k (local.get $base))
              (local.set $rest (local.get $children))
              (block $starDone
                (loop $eachChild
                  (br_if $starDone (i32.eqz (local.get $rest)))
                  (local.set $c (i32.ctz (local.get $rest)))
                  (i32.store8 offset=3616 (i32.const 0) (i32.add (local.get $c) (i32.const 65)))
                  (call $visit (local.get $cell) (local.get $k) (i32.const 1) (local.get $c) (i32.const 0))
                  (local.set $k (i32.add (local.get $k) (i32.const 1)))
                  (local.set $rest (i32.and (local.get $rest) (i32.sub (local.get $rest) (i32.const 1))))
                  (br $eachChild)))
              (br $nextCell)))
          (br_if $nextCell (i32.eqz (i32.and (local.get $children) (i32.shl (i32.const 1) (local.get $l)))))
          (local.set $r (i32.add (local.get $base)
            (i32.popcnt (i32.and (local.get $children) (i32.sub (i32.shl (i32.const 1) (local.get $l)) (i32.const 1))))))
          (i32.store8 offset=3616 (i32.const 0) (i32.add (local.get $l) (i32.const 65)))
          (if (i32.eqz (i32.load8_u offset=3584 (local.get $cell)))
            (then
              (call $visit (local.get $cell) (local.get $r) (i32.const 1) (i32.const -1) (i32.const 0))
              (br $nextCell)))
          ;; QU: the U follows in the same step.
          (local.set $rp (call $at (local.get $r)))
          (local.set $mu (i32.load (local.get $rp)))
          (br_if $nextCell (i32.eqz (i32.and (local.get $mu) (i32.const 0x100000))))
          (i32.store8 offset=3616 (i32.const 1) (i32.const 85))
          (call $visit (local.get $cell)
            (i32.add (i32.load offset=4 (local.get $rp)) (i32.popcnt (i32.and (local.get $mu) (i32.const 0xfffff))))
            (i32.const 2) (i32.const -1) (i32.load offset=8 (local.get $rp))))
        (local.set $cell (i32.add (local.get $cell) (i32.const 1)))
        (br $eachCell))))
)
