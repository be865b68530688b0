;; The retrieval pass's screen on the CPU: float32 products of query rows with item columns, and
;; the scan that keeps a row's items above a threshold (floatProducts.ts dispatches both; `npm run
;; wasm` assembles this into floatProducts.wasm.ts).
;;
;; products(q, na, it, w, d, out, stride, itStride), byte addresses of float32 arrays in this memory:
;;   out[a·stride + j] = Σ_{t = 0 … d−1} q[a·d + t] · it[t·itStride + j]   for a < na, j < w,
;; each sum taken in t order, a float32 multiply then a float32 add (no fused multiply-add), so
;; every entry is the same float32 whatever the tiling (tfjs-wasm's XNNPACK gives the same bits).
;; Tiles of 2 query rows × 16 columns (eight f32x4 sums): more sums than that spill out of
;; x86-64's 16 vector registers under V8 and run slower (4 × 16 took 1.35× as long). A strip of 16
;; columns (d rows of 64 bytes) stays in cache while it meets every query row; its rows should not
;; lie a multiple of 4 KiB apart (itStride = 4,096 floats took 1.2× as long as 4,112: every row in
;; the same cache set). The last row (na odd) alone; the last w mod 16 columns one entry at a time.
(module
  (memory (export "memory") 1)

  (func (export "products")
    (param $q i32) (param $na i32) (param $it i32) (param $w i32) (param $d i32)
    (param $out i32) (param $stride i32) (param $itStride i32)
    (local $j i32) (local $w16 i32) (local $a i32) (local $na2 i32) (local $t i32)
    (local $pi i32) (local $pq i32) (local $po i32) (local $itBytes i32) (local $qBytes i32)
    (local $strideBytes i32) (local $x f32)
    (local $c00 v128) (local $c01 v128) (local $c02 v128) (local $c03 v128)
    (local $c10 v128) (local $c11 v128) (local $c12 v128) (local $c13 v128)
    (local $i0 v128) (local $i1 v128) (local $i2 v128) (local $i3 v128) (local $s v128)
    (local.set $w16 (i32.and (local.get $w) (i32.const -16)))
    (local.set $na2 (i32.and (local.get $na) (i32.const -2)))
    (local.set $itBytes (i32.shl (local.get $itStride) (i32.const 2)))
    (local.set $qBytes (i32.shl (local.get $d) (i32.const 2)))
    (local.set $strideBytes (i32.shl (local.get $stride) (i32.const 2)))
    ;; Strips of 16 columns.
    (local.set $j (i32.const 0))
    (block $stripsDone
      (loop $strips
        (br_if $stripsDone (i32.ge_u (local.get $j) (local.get $w16)))
        ;; Two query rows at a time.
        (local.set $a (i32.const 0))
        (block $pairsDone
          (loop $pairs
            (br_if $pairsDone (i32.ge_u (local.get $a) (local.get $na2)))
            (local.set $c00 (v128.const i32x4 0 0 0 0)) (local.set $c01 (v128.const i32x4 0 0 0 0))
            (local.set $c02 (v128.const i32x4 0 0 0 0)) (local.set $c03 (v128.const i32x4 0 0 0 0))
            (local.set $c10 (v128.const i32x4 0 0 0 0)) (local.set $c11 (v128.const i32x4 0 0 0 0))
            (local.set $c12 (v128.const i32x4 0 0 0 0)) (local.set $c13 (v128.const i32x4 0 0 0 0))
            (local.set $pi (i32.add (local.get $it) (i32.shl (local.get $j) (i32.const 2))))
            (local.set $pq (i32.add (local.get $q) (i32.mul (local.get $a) (local.get $qBytes))))
            (local.set $t (i32.const 0))
            (block $sum2Done
              (loop $sum2
                (br_if $sum2Done (i32.ge_u (local.get $t) (local.get $d)))
                (local.set $i0 (v128.load offset=0 (local.get $pi)))
                (local.set $i1 (v128.load offset=16 (local.get $pi)))
                (local.set $i2 (v128.load offset=32 (local.get $pi)))
                (local.set $i3 (v128.load offset=48 (local.get $pi)))
                (local.set $s (v128.load32_splat (local.get $pq)))
                (local.set $c00 (f32x4.add (local.get $c00) (f32x4.mul (local.get $s) (local.get $i0))))
                (local.set $c01 (f32x4.add (local.get $c01) (f32x4.mul (local.get $s) (local.get $i1))))
                (local.set $c02 (f32x4.add (local.get $c02) (f32x4.mul (local.get $s) (local.get $i2))))
                (local.set $c03 (f32x4.add (local.get $c03) (f32x4.mul (local.get $s) (local.get $i3))))
                (local.set $s (v128.load32_splat (i32.add (local.get $pq) (local.get $qBytes))))
                (local.set $c10 (f32x4.add (local.get $c10) (f32x4.mul (local.get $s) (local.get $i0))))
                (local.set $c11 (f32x4.add (local.get $c11) (f32x4.mul (local.get $s) (local.get $i1))))
                (local.set $c12 (f32x4.add (local.get $c12) (f32x4.mul (local.get $s) (local.get $i2))))
                (local.set $c13 (f32x4.add (local.get $c13) (f32x4.mul (local.get $s) (local.get $i3))))
                (local.set $pi (i32.add (local.get $pi) (local.get $itBytes)))
                (local.set $pq (i32.add (local.get $pq) (i32.const 4)))
                (local.set $t (i32.add (local.get $t) (i32.const 1)))
                (br $sum2)))
            (local.set $po (i32.add (local.get $out)
              (i32.shl (i32.add (i32.mul (local.get $a) (local.get $stride)) (local.get $j)) (i32.const 2))))
            (v128.store offset=0 (local.get $po) (local.get $c00)) (v128.store offset=16 (local.get $po) (local.get $c01))
            (v128.store offset=32 (local.get $po) (local.get $c02)) (v128.store offset=48 (local.get $po) (local.get $c03))
            (local.set $po (i32.add (local.get $po) (local.get $strideBytes)))
            (v128.store offset=0 (local.get $po) (local.get $c10)) (v128.store offset=16 (local.get $po) (local.get $c11))
            (v128.store offset=32 (local.get $po) (local.get $c12)) (v128.store offset=48 (local.get $po) (local.get $c13))
            (local.set $a (i32.add (local.get $a) (i32.const 2)))
            (br $pairs)))
        ;; The last row when na is odd.
        (if (i32.lt_u (local.get $a) (local.get $na))
          (then
            (local.set $c00 (v128.const i32x4 0 0 0 0)) (local.set $c01 (v128.const i32x4 0 0 0 0))
            (local.set $c02 (v128.const i32x4 0 0 0 0)) (local.set $c03 (v128.const i32x4 0 0 0 0))
            (local.set $pi (i32.add (local.get $it) (i32.shl (local.get $j) (i32.const 2))))
            (local.set $pq (i32.add (local.get $q) (i32.mul (local.get $a) (local.get $qBytes))))
            (local.set $t (i32.const 0))
            (block $sum1Done
              (loop $sum1
                (br_if $sum1Done (i32.ge_u (local.get $t) (local.get $d)))
                (local.set $i0 (v128.load offset=0 (local.get $pi)))
                (local.set $i1 (v128.load offset=16 (local.get $pi)))
                (local.set $i2 (v128.load offset=32 (local.get $pi)))
                (local.set $i3 (v128.load offset=48 (local.get $pi)))
                (local.set $s (v128.load32_splat (local.get $pq)))
                (local.set $c00 (f32x4.add (local.get $c00) (f32x4.mul (local.get $s) (local.get $i0))))
                (local.set $c01 (f32x4.add (local.get $c01) (f32x4.mul (local.get $s) (local.get $i1))))
                (local.set $c02 (f32x4.add (local.get $c02) (f32x4.mul (local.get $s) (local.get $i2))))
                (local.set $c03 (f32x4.add (local.get $c03) (f32x4.mul (local.get $s) (local.get $i3))))
                (local.set $pi (i32.add (local.get $pi) (local.get $itBytes)))
                (local.set $pq (i32.add (local.get $pq) (i32.const 4)))
                (local.set $t (i32.add (local.get $t) (i32.const 1)))
                (br $sum1)))
            (local.set $po (i32.add (local.get $out)
              (i32.shl (i32.add (i32.mul (local.get $a) (local.get $stride)) (local.get $j)) (i32.const 2))))
            (v128.store offset=0 (local.get $po) (local.get $c00)) (v128.store offset=16 (local.get $po) (local.get $c01))
            (v128.store offset=32 (local.get $po) (local.get $c02)) (v128.store offset=48 (local.get $po) (local.get $c03))))
        (local.set $j (i32.add (local.get $j) (i32.const 16)))
        (br $strips)))
    ;; The last w mod 16 columns, one entry at a time.
    (block $colsDone
      (loop $cols
        (br_if $colsDone (i32.ge_u (local.get $j) (local.get $w)))
        (local.set $a (i32.const 0))
        (block $rowsDone
          (loop $rows
            (br_if $rowsDone (i32.ge_u (local.get $a) (local.get $na)))
            (local.set $x (f32.const 0))
            (local.set $pi (i32.add (local.get $it) (i32.shl (local.get $j) (i32.const 2))))
            (local.set $pq (i32.add (local.get $q) (i32.mul (local.get $a) (local.get $qBytes))))
            (local.set $t (i32.const 0))
            (block $dotDone
              (loop $dot
                (br_if $dotDone (i32.ge_u (local.get $t) (local.get $d)))
                (local.set $x (f32.add (local.get $x) (f32.mul (f32.load (local.get $pq)) (f32.load (local.get $pi)))))
                (local.set $pi (i32.add (local.get $pi) (local.get $itBytes)))
                (local.set $pq (i32.add (local.get $pq) (i32.const 4)))
                (local.set $t (i32.add (local.get $t) (i32.const 1)))
                (br $dot)))
            (f32.store (i32.add (local.get $out)
              (i32.shl (i32.add (i32.mul (local.get $a) (local.get $stride)) (local.get $j)) (i32.const 2))) (local.get $x))
            (local.set $a (i32.add (local.get $a) (i32.const 1)))
            (br $rows)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $cols))))

  ;; keep(row, n, kept, items): items[m++] = j for each j < n, ascending, with row[j] ≥ kept
  ;; (compared in float64, as JavaScript compares; a NaN is never kept); returns m. Every j is written and m moves by the comparison's 0 or 1: no
  ;; branch to mispredict where a class's items are spread over the row (4× faster than the
  ;; branching loop in JavaScript when a third of the row is kept).
  (func (export "keep") (param $row i32) (param $n i32) (param $kept f64) (param $items i32) (result i32)
    (local $end i32) (local $p i32) (local $j i32)
    (local.set $end (i32.add (local.get $row) (i32.shl (local.get $n) (i32.const 2))))
    (local.set $p (local.get $items))
    (block $done
      (loop $scan
        (br_if $done (i32.ge_u (local.get $row) (local.get $end)))
        (i32.store (local.get $p) (local.get $j))
        (local.set $p (i32.add (local.get $p)
          (i32.shl (f64.ge (f64.promote_f32 (f32.load (local.get $row))) (local.get $kept)) (i32.const 2))))
        (local.set $row (i32.add (local.get $row) (i32.const 4)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $scan)))
    (i32.shr_u (i32.sub (local.get $p) (local.get $items)) (i32.const 2))))
