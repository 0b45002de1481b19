// The matrix Berlekamp-Massey iteration of block Wiedemann (an approximant
// basis of [A(X) | I_m], "M-Basis" of Giorgi, Jeannerod and Villard 2003),
// step by step: the discrepancies of the m + n columns, their elimination
// in order of shifted degree, the pivots multiplied by X. The layout and
// the algorithm are those of the TypeScript twin in @lightsout/core
// (sparse/wiedemann/berlekamp-massey-naive.ts), which explains them; here
// a coefficient of a column (n bits of g, then m bits of h) is 2 or 4 u64,
// whole v128 lanes, so adding a pivot's column is a run of v128 XORs.
//
// What differs from the twin is the order of the work, for the caches (the
// columns are megabytes at N = 200,000; the sums are the same):
// * a step first eliminates the discrepancies alone, recording which column
//   is added to which; then one pass over the columns, a chunk of
//   coefficients at a time, applies those additions and sums, from the same
//   coefficients while they are in L2, the next step's discrepancies;
// * a discrepancy sums terms times coefficients, a_s g: each term is kept as
//   n / 4 tables of the 16 XORs of 4 of its columns (Four Russians), so a_s g
//   is n / 4 lookups rather than one load per set bit of g, and the pass
//   takes the terms 16 at a time, whose tables fit in L1;
// * threads (threads.ts) share a pass's chunks, each summing its own
//   discrepancies, added up at the end of the pass.

/** The arguments of `berlekampMasseySteps` (m, n: 64 or 128). */
@unmanaged export class BerlekampMasseyArgs {
  /** Column b of term a_t as m bits: m / 64 u64 at (t * n + b). */
  aCols: usize;
  /** Column j's coefficients from columns + j * columnBytes, each (n + m) / 64 u64. */
  columns: usize;
  columnBytes: i32;
  /** The m + n shifted degrees (i32). */
  degrees: usize;
  /** Scratch: m + n discrepancies of m / 64 u64, the order (m + n i32), pivot columns and rows (m i32 each). */
  delta: usize;
  order: usize;
  pivotColumn: usize;
  pivotRow: usize;
  /** Scratch: a step's column additions, (m + n) * m pairs of i32, and m + n i32 flags. */
  additions: usize;
  /** The terms' tables, written as the steps reach them: term s's at tables + s * n * m / 2 bytes. */
  tables: usize;
  /** Coefficients a chunk of the pass takes (the caller's choice: the chunk of every column should stay in L2). */
  chunk: i32;
  m: i32;
  n: i32;
  /** State: the next step. */
  t: i32;
  /** This call stops before this step. */
  tStop: i32;
  /** The pass under way (set by the kernel; threads read it): the step whose discrepancies it sums (-1: none), */
  passStep: i32;
  /** the additions recorded, */
  passAdded: i32;
  /** the largest degree, */
  passLimit: i32;
  /** and its chunks. */
  passChunks: i32;
}

/** The arguments of `berlekampMasseyStepsThreaded` (threads.ts): those above, and the threads'. */
@unmanaged export class ThreadedBerlekampMasseyArgs extends BerlekampMasseyArgs {
  /** The control block (zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
  /** Discrepancies of helpers 1 .. threads - 1, deltaStride bytes apart (each on cache lines of its own). */
  deltas: usize;
  deltaStride: i32;
}


/** Terms whose tables a discrepancy block takes at a time: 16 x 2 KiB (m = n = 64) stay in L1. */
const TERM_BLOCK = 16;

/**
 * Tabulates term s (its n columns of m bits at aCols): for each 4 columns
 * 4p .. 4p + 3, the 16 XORs of them, entry e holding the columns of e's
 * bits, so that a_s g is n / 4 lookups.
 */
function tabulateTerm(aCols: usize, n: i32, mQ: i32, s: i32, dst: usize): void {
  const entryBytes = <usize>mQ << 3;
  const columnBase = aCols + ((<usize>s * <usize>n * <usize>mQ) << 3);
  for (let p = 0; p < n >> 2; p++) {
    const table = dst + ((<usize>p << 4) * entryBytes);
    const first = columnBase + <usize>(p << 2) * entryBytes;
    store<u64>(table, 0);
    if (mQ == 2) store<u64>(table, 0, 8);
    for (let e = 1; e < 16; e++) {
      const at = table + <usize>e * entryBytes;
      const prev = table + <usize>(e & (e - 1)) * entryBytes;
      const column = first + <usize>ctz(e) * entryBytes;
      store<u64>(at, load<u64>(prev) ^ load<u64>(column));
      if (mQ == 2) store<u64>(at, load<u64>(prev, 8) ^ load<u64>(column, 8), 8);
    }
  }
}

/** Entry of table p for the nibble p of g (entries of 8 bytes). */
@inline function nibble64(t: usize, g: u64, p: i32): u64 {
  return load<u64>(t + (((<usize>p << 4) + <usize>((g >> <u64>(p << 2)) & 15)) << 3));
}

/** a_s g for one word of g, m = 64: its 16 tables from `t`. */
@inline function termTimesWord64(t: usize, w: u64): u64 {
  return nibble64(t, w, 0) ^ nibble64(t, w, 1) ^ nibble64(t, w, 2) ^ nibble64(t, w, 3) ^
    nibble64(t, w, 4) ^ nibble64(t, w, 5) ^ nibble64(t, w, 6) ^ nibble64(t, w, 7) ^
    nibble64(t, w, 8) ^ nibble64(t, w, 9) ^ nibble64(t, w, 10) ^ nibble64(t, w, 11) ^
    nibble64(t, w, 12) ^ nibble64(t, w, 13) ^ nibble64(t, w, 14) ^ nibble64(t, w, 15);
}

/** As termTimesWord64 for m = 128: entries of 16 bytes. */
@inline function termTimesWord128(t: usize, w: u64): v128 {
  let acc = i64x2.splat(0);
  for (let p = 0; p < 16; p++) {
    acc = v128.xor(acc, v128.load(t + (((<usize>p << 4) + <usize>((w >> <u64>(p << 2)) & 15)) << 4)));
  }
  return acc;
}

/**
 * Adds to discrepancy `out` the sum over `terms` terms of a_s g_c, s going
 * down by one from `term` (tables termBytes apart) as the coefficient goes
 * up from `g` (coefBytes apart: storage index going down means c going up,
 * so the pointer moves back).
 */
function addTermsTimesCoefficients(
  out: usize, term: usize, termBytes: usize, g: usize, coefBytes: usize, gQ: i32, mQ: i32, terms: i32,
): void {
  const wordTableBytes = <usize>mQ << 11; // a word of g: 16 tables of 16 entries of mQ u64
  if (mQ == 1) {
    let acc: u64 = 0;
    for (let i = 0; i < terms; i++) {
      acc ^= termTimesWord64(term, load<u64>(g));
      if (gQ == 2) acc ^= termTimesWord64(term + wordTableBytes, load<u64>(g, 8));
      term -= termBytes;
      g -= coefBytes;
    }
    store<u64>(out, load<u64>(out) ^ acc);
  } else {
    let acc = i64x2.splat(0);
    for (let i = 0; i < terms; i++) {
      acc = v128.xor(acc, termTimesWord128(term, load<u64>(g)));
      if (gQ == 2) acc = v128.xor(acc, termTimesWord128(term + wordTableBytes, load<u64>(g, 8)));
      term -= termBytes;
      g -= coefBytes;
    }
    v128.store(out, v128.xor(v128.load(out), acc));
  }
}

/** dst[0..bytes) ^= src[0..bytes), whole v128 lanes. */
@inline function xorBytes(dst: usize, src: usize, bytes: usize): void {
  const end = dst + bytes;
  while (dst < end) {
    v128.store(dst, v128.xor(v128.load(dst), v128.load(src)));
    dst += 16;
    src += 16;
  }
}

/**
 * Runs a pass (see passChunk) over chunks 0 .. args.passChunks - 1 into
 * args.delta: here in one thread; threads.ts shares the chunks out.
 */
export let runPass: (args: BerlekampMasseyArgs) => void = passAllChunks;

export function passAllChunks(args: BerlekampMasseyArgs): void {
  for (let chunk = 0; chunk < args.passChunks; chunk++) passChunk(args, chunk, args.delta);
}

/**
 * Chunk `index` of a pass, coefficients c0 = index * args.chunk .. c1 - 1 of
 * every column: the step's recorded additions (p_j += p_p, d_p <= d_j,
 * coefficient c of p_p at storage d_p - c, of p_j at d_j - c), then, when
 * passStep >= 0, those coefficients' share of step passStep's discrepancies,
 * added into `delta` (a thread's own).
 */
export function passChunk(args: BerlekampMasseyArgs, index: i32, delta: usize): void {
  const count = args.m + args.n, coefBytes = <usize>((args.n + args.m) >> 6) << 3;
  const columns = args.columns, columnBytes = <usize>args.columnBytes, degrees = args.degrees;
  const additions = args.additions;
  const c0 = index * args.chunk, c1 = min(c0 + args.chunk, args.passLimit + 1);
  for (let a = 0; a < args.passAdded; a++) {
    const j = load<i32>(additions + (<usize>a << 3));
    const p = load<i32>(additions + (<usize>a << 3), 4);
    const dp = load<i32>(degrees + (<usize>p << 2));
    const hi = min(c1, dp + 1);
    if (hi <= c0) continue;
    const dj = load<i32>(degrees + (<usize>j << 2));
    // coefficients c0 .. hi - 1: storage d - hi + 1 .. d - c0 of each, contiguous
    const dst = columns + <usize>j * columnBytes + <usize>(dj - hi + 1) * coefBytes;
    const src = columns + <usize>p * columnBytes + <usize>(dp - hi + 1) * coefBytes;
    xorBytes(dst, src, <usize>(hi - c0) * coefBytes);
  }
  if (args.passStep >= 0) addDiscrepancies(args, args.passStep, c0, c1, pivotFlagsOf(args, count), delta);
}

/** The pivot flags of a step (after its recorded additions): the shifts of addDiscrepancies. */
@inline function pivotFlagsOf(args: BerlekampMasseyArgs, count: i32): usize {
  return args.additions + ((<usize>count * <usize>args.m) << 3);
}

/** Sets up a pass over every coefficient (degrees up to the largest), clears delta and runs it. */
function pass(args: BerlekampMasseyArgs, step: i32, added: i32, deltaBytes: usize): void {
  const limit = maxDegree(args.degrees, args.m + args.n);
  args.passStep = step;
  args.passAdded = added;
  args.passLimit = limit;
  args.passChunks = limit / args.chunk + 1;
  if (step >= 0) memory.fill(args.delta, 0, deltaBytes);
  runPass(args);
}

/** Runs steps t .. tStop - 1. */
export function berlekampMasseySteps(args: BerlekampMasseyArgs): void {
  const m = args.m, n = args.n, mQ = m >> 6, count = m + n;
  const aCols = args.aCols, degrees = args.degrees, delta = args.delta, order = args.order;
  const pivotColumn = args.pivotColumn, pivotRow = args.pivotRow, tables = args.tables;
  const additions = args.additions, pivotFlags = pivotFlagsOf(args, count);
  const termBytes = <usize>(n * m) >> 1;
  const deltaBytes = <usize>count * mQ << 3;
  let t = args.t;
  if (t >= args.tStop) return;
  // this call's first discrepancies, whole; the others come with the passes
  tabulateTerm(aCols, n, mQ, t, tables + <usize>t * termBytes);
  memory.fill(pivotFlags, 0, <usize>count << 2);
  pass(args, t, 0, deltaBytes);
  addHeads(args, t, pivotFlags);
  for (; t < args.tStop; t++) {
    sortByDegree(degrees, order, count);
    // Gaussian elimination of the discrepancies in that order; the column additions are recorded
    let pivots = 0, added = 0;
    for (let o = 0; o < count; o++) {
      const j = load<i32>(order + (<usize>o << 2));
      const mine = delta + (<usize>(j * mQ) << 3);
      for (let q = 0; q < pivots; q++) {
        const row = load<i32>(pivotRow + (<usize>q << 2));
        if (((load<u64>(mine + (<usize>(row >> 6) << 3)) >> <u64>(row & 63)) & 1) == 0) continue;
        const p = load<i32>(pivotColumn + (<usize>q << 2));
        const theirs = delta + (<usize>(p * mQ) << 3);
        store<u64>(mine, load<u64>(mine) ^ load<u64>(theirs));
        if (mQ == 2) store<u64>(mine, load<u64>(mine, 8) ^ load<u64>(theirs, 8), 8);
        store<i32>(additions + (<usize>added << 3), j);
        store<i32>(additions + (<usize>added << 3), p, 4);
        added++;
      }
      const low = load<u64>(mine);
      const high = mQ == 2 ? load<u64>(mine, 8) : 0;
      if (low != 0 || high != 0) {
        store<i32>(pivotColumn + (<usize>pivots << 2), j);
        store<i32>(pivotRow + (<usize>pivots << 2), low != 0 ? <i32>ctz(low) : 64 + <i32>ctz(high));
        pivots++;
      }
    }
    // the pass: the additions, and the next step's discrepancies (the pivots shifted by X)
    memory.fill(pivotFlags, 0, <usize>count << 2);
    for (let q = 0; q < pivots; q++) store<i32>(pivotFlags + (<usize>load<i32>(pivotColumn + (<usize>q << 2)) << 2), 1);
    const next = t + 1 < args.tStop;
    if (next) tabulateTerm(aCols, n, mQ, t + 1, tables + <usize>(t + 1) * termBytes);
    pass(args, next ? t + 1 : -1, added, deltaBytes);
    // the pivots' discrepancy moves to the next coefficient: multiply them by X
    for (let q = 0; q < pivots; q++) {
      const at = degrees + (<usize>load<i32>(pivotColumn + (<usize>q << 2)) << 2);
      store<i32>(at, load<i32>(at) + 1);
    }
    if (next) {
      memory.fill(pivotFlags, 0, <usize>count << 2);
      addHeads(args, t + 1, pivotFlags);
    }
  }
  args.t = t;
}

/** The largest of the degrees. */
function maxDegree(degrees: usize, count: i32): i32 {
  let d = 0;
  for (let j = 0; j < count; j++) d = max(d, load<i32>(degrees + (<usize>j << 2)));
  return d;
}

/** The columns by shifted degree, ties by index (insertion sort: few columns, nearly sorted). */
function sortByDegree(degrees: usize, order: usize, count: i32): void {
  for (let j = 0; j < count; j++) {
    const dj = load<i32>(degrees + (<usize>j << 2));
    let at = j;
    while (at > 0) {
      const before = load<i32>(order + (<usize>(at - 1) << 2));
      if (load<i32>(degrees + (<usize>before << 2)) <= dj) break;
      store<i32>(order + (<usize>at << 2), before);
      at--;
    }
    store<i32>(order + (<usize>at << 2), j);
  }
}

/**
 * Adds to the discrepancies of step `t` the g part of coefficients c0 ..
 * c1 - 1 of every column, into `delta`: coefficient t of A g_j is the sum of a_(t - c')
 * g_j,c', and c' = c + shift_j, where shift_j (1 for this step's pivots,
 * read from `shifts`, else 0) is the multiplication by X that the degrees
 * do not show yet (the storage does not move: index d_j - c).
 */
function addDiscrepancies(args: BerlekampMasseyArgs, t: i32, c0: i32, c1: i32, shifts: usize, delta: usize): void {
  const m = args.m, n = args.n, mQ = m >> 6, gQ = n >> 6, count = m + n;
  const coefBytes = <usize>(gQ + mQ) << 3;
  const columns = args.columns, columnBytes = <usize>args.columnBytes, degrees = args.degrees;
  const termBytes = <usize>(n * m) >> 1;
  for (let b0 = c0; b0 < c1; b0 += TERM_BLOCK) {
    const b1 = min(c1, b0 + TERM_BLOCK);
    for (let j = 0; j < count; j++) {
      const d = load<i32>(degrees + (<usize>j << 2));
      const first = t - load<i32>(shifts + (<usize>j << 2)); // the term of c = 0
      // c in b0 .. min(b1, d + 1, first + 1) - 1: coefficient c exists and its term s = first - c >= 0
      const end = min(min(b1, d + 1), first + 1);
      if (end <= b0) continue;
      const g = columns + <usize>j * columnBytes + <usize>(d - b0) * coefBytes;
      const term = args.tables + <usize>(first - b0) * termBytes;
      addTermsTimesCoefficients(delta + (<usize>(j * mQ) << 3), term, termBytes, g, coefBytes, gQ, mQ, end - b0);
    }
  }
}

/** Adds to the discrepancies of step `t` the h part: coefficient t of h_j, at storage d_j + shift_j - t. */
function addHeads(args: BerlekampMasseyArgs, t: i32, shifts: usize): void {
  const m = args.m, n = args.n, mQ = m >> 6, gQ = n >> 6, count = m + n;
  const coefBytes = <usize>(gQ + mQ) << 3;
  for (let j = 0; j < count; j++) {
    const k = load<i32>(args.degrees + (<usize>j << 2)) + load<i32>(shifts + (<usize>j << 2)) - t;
    if (k < 0) continue;
    const h = args.columns + <usize>j * <usize>args.columnBytes + <usize>k * coefBytes + (<usize>gQ << 3);
    const out = args.delta + (<usize>(j * mQ) << 3);
    store<u64>(out, load<u64>(out) ^ load<u64>(h));
    if (mQ == 2) store<u64>(out, load<u64>(out, 8) ^ load<u64>(h, 8), 8);
  }
}
