// Light chasing on a plain rectangle (plus rule), bit-sliced over the
// first-row variables.
//
// Every cell j of board row i gets its press as a vector over the n
// first-row variables (plus, optionally, one constant column for a lit
// board): row j of an n-row matrix P_i in the packed layout of layout.ts.
// P_{-1} = 0 and P_0 = I. The light of cell (i, j) after the presses of
// rows <= i must be cleared by the press below it, so
//
//   P_{i+1}[j] = P_{i-1}[j] ^ P_i[j-1] ^ P_i[j] ^ P_i[j+1]  (^ b[i][j] e_const)
//
// with the missing neighbours of the two edge columns read as 0. Only two
// matrices are kept: the new one overwrites P_{i-1} in place. After the
// last board row, P_m is the chase matrix C (and the constant column the
// lights a dark first row leaves below the board).

/** The arguments of `chaseSteps`. */
@unmanaged export class ChaseArgs {
  /** P_{i-1}: n rows of `stride` words. */
  a: usize;
  /** P_i: n rows of `stride` words. */
  b: usize;
  stride: i32;
  n: i32;
  /** Board rows this call runs. */
  steps: i32;
  /** `steps` packed board rows of `lightsStride` words, or 0 for none. */
  lights: usize;
  lightsStride: i32;
  /** The constant column (bit j of a lights row flips it in row j). */
  constCol: i32;
  /** Lanes laneFrom..laneTo-1 (128 columns each) are computed, and with lights the constant column's lane. */
  laneFrom: i32;
  laneTo: i32;
  /** >= 0: the plain chase from P_{-1} = 0, P_0 = I, at this step (rows off the band are skipped); -1 otherwise. */
  firstStep: i32;
}

/**
 * Runs `steps` rows of the chase recurrence on `a` (P_{i-1}) and `b` (P_i),
 * two n-row matrices of `stride` words per row: a[j] ^= b[j-1] ^ b[j] ^
 * b[j+1], then the two swap roles. When `lights` is not 0, it points at
 * `steps` packed board rows of `lightsStride` words, and bit j of row t
 * flips bit `constCol` of row j of the matrix that step t writes.
 * After the call the newest matrix is `a` when `steps` is odd, `b` when even.
 * Only lanes laneFrom..laneTo-1 (128 columns each) are computed, and with
 * lights the lane of the constant column wherever it is: columns do not
 * mix, so the caller may skip those it can get otherwise (by symmetry).
 * With `firstStep` >= 0 the matrices are those of the plain chase from
 * P_{-1} = 0, P_0 = I, and this call starts at step `firstStep` (it writes
 * P_{firstStep+1} first): P_i is then a polynomial of degree i in the
 * tridiagonal matrix, zero off the band |row - column| <= i, and the rows
 * outside the band of a strip are skipped (about 40% of the work of a
 * square board). Pass -1 otherwise. Lanes with lights are never banded.
 *
 * Every column (first-row variable) evolves on its own, so the work runs
 * in vertical strips: a strip goes through all `steps` rows while its
 * 2 * n rows stay in L2, instead of both whole matrices streaming through
 * memory once per row. A strip is four lanes (one 64-byte cache line per
 * row when `a`, `b` and the row size are multiples of 64 bytes); leftover
 * lanes, and the lane of the constant column, go one lane at a time.
 * Measured on the 2-core EPYC, chase matrix of 4096 x 4096: 3.2 s row by
 * row over whole matrices, 1.2 s in one-lane strips, 0.7 s in four-lane
 * strips (0.35 s when the caller chases only half the columns and mirrors
 * the rest, 0.21 s with the band below).
 */
export function chaseSteps(args: ChaseArgs): void {
  const a = args.a, b = args.b, n = args.n, steps = args.steps, lights = args.lights;
  const firstStep = args.firstStep;
  if (n <= 0 || steps <= 0) return;
  const rowBytes = <usize>args.stride << 3;
  const lightBytes = <usize>args.lightsStride << 3;
  const constCol = args.constCol;
  const constLane = lights != 0 ? constCol >>> 7 : -1;
  // the constant bit within its lane, as a v128 mask
  const inLane = constCol & 127;
  const constMask = inLane < 64
    ? i64x2(<i64>1 << <i64>inLane, 0)
    : i64x2(0, <i64>1 << <i64>(inLane - 64));
  const lanes = min(args.laneTo, args.stride >>> 1);
  const zero = i64x2(0, 0);
  let lane = max(args.laneFrom, 0);
  const first = lane;
  while (lane < lanes) {
    const off = <usize>lane << 4;
    if (lane + 4 <= lanes) {
      // the constant column's lane gets its mask, the other three zeros
      const withLights = constLane >= lane && constLane < lane + 4;
      const q = constLane - lane;
      const k0 = withLights && q == 0 ? constMask : zero;
      const k1 = withLights && q == 1 ? constMask : zero;
      const k2 = withLights && q == 2 ? constMask : zero;
      const k3 = withLights && q == 3 ? constMask : zero;
      let prev = a + off;
      let cur = b + off;
      const c0 = lane << 7;
      const c1 = min(n, (lane + 4) << 7);
      for (let t = 0; t < steps; t++) {
        if (!withLights) {
          const s = firstStep + t;
          const from = firstStep >= 0 ? max(0, c0 - s - 1) : 0;
          const to = firstStep >= 0 ? min(n, c1 + s + 1) : n;
          chaseQuadBand(prev, cur, rowBytes, n, from, to);
        } else {
          chaseQuad(prev, cur, rowBytes, n, lights + <usize>t * lightBytes, k0, k1, k2, k3);
        }
        const swap = prev;
        prev = cur;
        cur = swap;
      }
      lane += 4;
      continue;
    }
    chaseOneLane(a + off, b + off, rowBytes, n, steps, lane == constLane ? lights : 0, lightBytes, constMask);
    lane++;
  }
  // the constant column's lane outside the range asked for
  if (constLane >= 0 && (constLane < first || constLane >= lanes) && constLane < args.stride >>> 1) {
    const off = <usize>constLane << 4;
    chaseOneLane(a + off, b + off, rowBytes, n, steps, lights, lightBytes, constMask);
  }
}

/** `steps` steps on the one lane at prev, cur (with lights when `lights` is not 0). */
function chaseOneLane(
  prev: usize, cur: usize, rowBytes: usize, n: i32, steps: i32, lights: usize, lightBytes: usize, constMask: v128,
): void {
  for (let t = 0; t < steps; t++) {
    const light = lights != 0 ? lights + <usize>t * lightBytes : 0;
    chaseLane(prev, cur, rowBytes, n, light, constMask);
    const swap = prev;
    prev = cur;
    cur = swap;
  }
}

/**
 * One step on four lanes (64 bytes) of every row, the rows of cur kept in
 * registers; bit j of `light` adds k0..k3 to row j's lanes.
 */
@inline function chaseQuad(
  prev: usize, cur: usize, rowBytes: usize, n: i32, light: usize, k0: v128, k1: v128, k2: v128, k3: v128,
): void {
  const zero = i64x2(0, 0);
  let u0 = zero, u1 = zero, u2 = zero, u3 = zero;
  let m0 = v128.load(cur), m1 = v128.load(cur, 16), m2 = v128.load(cur, 32), m3 = v128.load(cur, 48);
  const last = n - 1;
  let d = prev;
  let c = cur + rowBytes;
  for (let j = 0; j <= last; j++) {
    const down = j < last;
    const d0 = down ? v128.load(c) : zero;
    const d1 = down ? v128.load(c, 16) : zero;
    const d2 = down ? v128.load(c, 32) : zero;
    const d3 = down ? v128.load(c, 48) : zero;
    let v0 = v128.xor(v128.load(d), v128.xor(u0, v128.xor(m0, d0)));
    let v1 = v128.xor(v128.load(d, 16), v128.xor(u1, v128.xor(m1, d1)));
    let v2 = v128.xor(v128.load(d, 32), v128.xor(u2, v128.xor(m2, d2)));
    let v3 = v128.xor(v128.load(d, 48), v128.xor(u3, v128.xor(m3, d3)));
    if (((load<u64>(light + (<usize>(j >>> 6) << 3)) >> <u64>(j & 63)) & 1) != 0) {
      v0 = v128.xor(v0, k0); v1 = v128.xor(v1, k1); v2 = v128.xor(v2, k2); v3 = v128.xor(v3, k3);
    }
    v128.store(d, v0);
    v128.store(d, v1, 16);
    v128.store(d, v2, 32);
    v128.store(d, v3, 48);
    u0 = m0; u1 = m1; u2 = m2; u3 = m3;
    m0 = d0; m1 = d1; m2 = d2; m3 = d3;
    d += rowBytes;
    c += rowBytes;
  }
}

/**
 * One step on four lanes of rows from..to-1 (0 <= from < to <= n) without
 * lights; rows outside are zero in both matrices (the band).
 */
@inline function chaseQuadBand(prev: usize, cur: usize, rowBytes: usize, n: i32, from: i32, to: i32): void {
  if (from >= to) return;
  const zero = i64x2(0, 0);
  let u0 = zero, u1 = zero, u2 = zero, u3 = zero;
  let c = cur + <usize>from * rowBytes;
  if (from > 0) {
    const p = c - rowBytes;
    u0 = v128.load(p); u1 = v128.load(p, 16); u2 = v128.load(p, 32); u3 = v128.load(p, 48);
  }
  let m0 = v128.load(c), m1 = v128.load(c, 16), m2 = v128.load(c, 32), m3 = v128.load(c, 48);
  const end = min(to, n - 1);
  let d = prev + <usize>from * rowBytes;
  c += rowBytes;
  for (let j = from; j < end; j++) {
    const d0 = v128.load(c), d1 = v128.load(c, 16), d2 = v128.load(c, 32), d3 = v128.load(c, 48);
    v128.store(d, v128.xor(v128.load(d), v128.xor(u0, v128.xor(m0, d0))));
    v128.store(d, v128.xor(v128.load(d, 16), v128.xor(u1, v128.xor(m1, d1))), 16);
    v128.store(d, v128.xor(v128.load(d, 32), v128.xor(u2, v128.xor(m2, d2))), 32);
    v128.store(d, v128.xor(v128.load(d, 48), v128.xor(u3, v128.xor(m3, d3))), 48);
    u0 = m0; u1 = m1; u2 = m2; u3 = m3;
    m0 = d0; m1 = d1; m2 = d2; m3 = d3;
    d += rowBytes;
    c += rowBytes;
  }
  if (to == n) {
    v128.store(d, v128.xor(v128.load(d), v128.xor(u0, m0)));
    v128.store(d, v128.xor(v128.load(d, 16), v128.xor(u1, m1)), 16);
    v128.store(d, v128.xor(v128.load(d, 32), v128.xor(u2, m2)), 32);
    v128.store(d, v128.xor(v128.load(d, 48), v128.xor(u3, m3)), 48);
  }
}

/**
 * One step on one lane: prev[j] ^= cur[j-1] ^ cur[j] ^ cur[j+1] for every
 * row j (16 bytes each, `rowBytes` apart), keeping the three rows of cur in
 * registers; then the light bits (when `light` is not 0) add `mask`.
 */
@inline function chaseLane(prev: usize, cur: usize, rowBytes: usize, n: i32, light: usize, mask: v128): void {
  let up = i64x2(0, 0);
  let mid = v128.load(cur);
  const last = n - 1;
  let d = prev;
  let c = cur + rowBytes;
  if (light == 0) {
    for (let j = 0; j < last; j++) {
      const down = v128.load(c);
      v128.store(d, v128.xor(v128.load(d), v128.xor(up, v128.xor(mid, down))));
      up = mid;
      mid = down;
      d += rowBytes;
      c += rowBytes;
    }
    v128.store(d, v128.xor(v128.load(d), v128.xor(up, mid)));
    return;
  }
  for (let j = 0; j < last; j++) {
    const down = v128.load(c);
    let v = v128.xor(v128.load(d), v128.xor(up, v128.xor(mid, down)));
    if (((load<u64>(light + (<usize>(j >>> 6) << 3)) >> <u64>(j & 63)) & 1) != 0) v = v128.xor(v, mask);
    v128.store(d, v);
    up = mid;
    mid = down;
    d += rowBytes;
    c += rowBytes;
  }
  let v = v128.xor(v128.load(d), v128.xor(up, mid));
  if (((load<u64>(light + (<usize>(last >>> 6) << 3)) >> <u64>(last & 63)) & 1) != 0) v = v128.xor(v, mask);
  v128.store(d, v);
}
