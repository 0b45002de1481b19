// Mastermind scoring and partitions, four codes per step (v128).
//
// A code of n <= 8 positions over k <= 16 colours is packed 4 bits per
// position in a u32, and its colour counts are 16 bytes (count of colour j
// at byte j). The score of guess u against code v is the integer
// b(n+1) + w = b n + (b + w), where b = n - (non-zero nibbles of u XOR v)
// and b + w = sum_j min(count_u[j], count_v[j]) (Knuth 1976-77). The codes
// left are given candidate-major (their packed codes, then their counts),
// so that four of them load at once; a guess is an index into the table of
// every code. The TypeScript twin is packages/mastermind's _twin.ts.

/** The partition of the codes left by each of several guesses. */
@unmanaged export class PartitionArgs {
  /** Every code packed (u32 each), by code index. */
  codes: usize;
  /** Every code's colour counts (16 bytes each), by code index. */
  codeCounts: usize;
  /** The codes left, packed (u32 each), `length` of them. */
  left: usize;
  /** The codes left's colour counts (16 bytes each). */
  leftCounts: usize;
  length: i32;
  /** The guesses (u32 code indices), `guessCount` of them. */
  guesses: usize;
  guessCount: i32;
  /** n, the positions. */
  pegs: i32;
  /** Score codes: n(n+1)+1. */
  scoreCount: i32;
  /** Output: per guess, `scoreCount` u32 part sizes (written whole). */
  out: usize;
  /** The codes left as code indices (u32 each), `length` of them: read by mastermindGather only. */
  candidates: usize;
}

/** The best guess of a list by a strategy's value (lower is better), guesses abandoned past the best. */
@unmanaged export class BestGuessArgs extends PartitionArgs {
  /** 0 the largest part (minimax), 1 sum of squares of parts, 2 sum of c ln c, 3 minus the number of parts. */
  mode: i32;
  /** mode 2: c ln c for c = 0..length (f64 each). */
  terms: usize;
  /** A value no guess can beat: the scan ends at the first guess within 1e-9 of it. */
  perfect: f64;
  /** In: a bound (guesses not better than it are abandoned; +inf for none). Out: the best value. */
  best: f64;
  /** Output: the position in `guesses` of the best guess, or -1 when none beat `best`. */
  chosen: i32;
}

const EPSILON: f64 = 1e-9;

/** Scores of the packed guess `g` (counts `gc`) against codes left i..i+3, as four i32 lanes. */
// @ts-ignore: decorator
@inline function score4(g: v128, gc: v128, left: usize, leftCounts: usize, i: i32, n: i32): v128 {
  const x = v128.xor(g, v128.load(left + (<usize>i << 2)));
  let y = v128.or(x, i32x4.shr_u(x, 1));
  y = v128.or(y, i32x4.shr_u(x, 2));
  y = v128.or(y, i32x4.shr_u(x, 3));
  y = v128.and(y, i32x4.splat(0x11111111));
  const differ = i32x4.shr_u(i32x4.mul(y, i32x4.splat(0x11111111)), 28);
  const black = i32x4.sub(i32x4.splat(n), differ);
  const c = leftCounts + (<usize>i << 4);
  const s0 = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.min_u(gc, v128.load(c))));
  const s1 = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.min_u(gc, v128.load(c + 16))));
  const s2 = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.min_u(gc, v128.load(c + 32))));
  const s3 = i32x4.extadd_pairwise_i16x8_u(i16x8.extadd_pairwise_i8x16_u(i8x16.min_u(gc, v128.load(c + 48))));
  const u = i32x4.add(v128.shuffle<i32>(s0, s1, 0, 2, 4, 6), v128.shuffle<i32>(s0, s1, 1, 3, 5, 7));
  const v = i32x4.add(v128.shuffle<i32>(s2, s3, 0, 2, 4, 6), v128.shuffle<i32>(s2, s3, 1, 3, 5, 7));
  const common = i32x4.add(v128.shuffle<i32>(u, v, 0, 2, 4, 6), v128.shuffle<i32>(u, v, 1, 3, 5, 7));
  return i32x4.add(i32x4.mul(black, i32x4.splat(n)), common);
}

/** The score of the packed guess against code left i, one at a time (the tail). */
// @ts-ignore: decorator
@inline function score1(g: u32, gc: v128, left: usize, leftCounts: usize, i: i32, n: i32): i32 {
  const x = g ^ load<u32>(left + (<usize>i << 2));
  const y = (x | (x >> 1) | (x >> 2) | (x >> 3)) & 0x11111111;
  const differ = <i32>((y * 0x11111111) >> 28);
  const m = i16x8.extadd_pairwise_i8x16_u(i8x16.min_u(gc, v128.load(leftCounts + (<usize>i << 4))));
  const s = i32x4.extadd_pairwise_i16x8_u(m);
  const common = i32x4.extract_lane(s, 0) + i32x4.extract_lane(s, 1) + i32x4.extract_lane(s, 2) + i32x4.extract_lane(s, 3);
  return (n - differ) * n + common;
}

/** Copies the codes left (`candidates`) into `left` and `leftCounts`, from the tables of every code. */
export function mastermindGather(args: PartitionArgs): void {
  const codes = args.codes, codeCounts = args.codeCounts, left = args.left, leftCounts = args.leftCounts;
  const candidates = args.candidates;
  for (let i = 0; i < args.length; i++) {
    const s = <usize>load<u32>(candidates + (<usize>i << 2));
    store<u32>(left + (<usize>i << 2), load<u32>(codes + (s << 2)));
    v128.store(leftCounts + (<usize>i << 4), v128.load(codeCounts + (s << 4)));
  }
}

/** Adds 1 to tally[score] for the score of the guess (packed gp, counts gc) against each of `length` codes: four at a time. */
@inline function countScores(
  tally: usize, gp: u32, gc: v128, left: usize, leftCounts: usize, length: i32, n: i32,
): void {
  const g = i32x4.splat(gp);
  const whole = length & ~3;
  let i = 0;
  for (; i < whole; i += 4) {
    const s = score4(g, gc, left, leftCounts, i, n);
    const a = tally + (<usize>i32x4.extract_lane(s, 0) << 2);
    store<u32>(a, load<u32>(a) + 1);
    const b = tally + (<usize>i32x4.extract_lane(s, 1) << 2);
    store<u32>(b, load<u32>(b) + 1);
    const c = tally + (<usize>i32x4.extract_lane(s, 2) << 2);
    store<u32>(c, load<u32>(c) + 1);
    const d = tally + (<usize>i32x4.extract_lane(s, 3) << 2);
    store<u32>(d, load<u32>(d) + 1);
  }
  for (; i < length; i++) {
    const a = tally + (<usize>score1(gp, gc, left, leftCounts, i, n) << 2);
    store<u32>(a, load<u32>(a) + 1);
  }
}

/**
 * The part sizes of the codes left under each guess: row q of `out` holds,
 * for each score code t, how many codes left score t against guess q.
 */
export function mastermindPartitions(args: PartitionArgs): void {
  const codes = args.codes, codeCounts = args.codeCounts, left = args.left, leftCounts = args.leftCounts;
  const length = args.length, n = args.pegs, scoreCount = args.scoreCount;
  for (let q = 0; q < args.guessCount; q++) {
    const gi = <usize>load<u32>(args.guesses + (<usize>q << 2));
    const gp = load<u32>(codes + (gi << 2));
    const gc = v128.load(codeCounts + (gi << 4));
    const tally = args.out + (<usize>q * <usize>scoreCount << 2);
    memory.fill(tally, 0, <usize>scoreCount << 2);
    countScores(tally, gp, gc, left, leftCounts, length, n);
  }
}

/** Counts a code of score t; the new value of an integer mode (0 largest part, 1 squares, 3 minus parts). */
// @ts-ignore: decorator
@inline function bumpI(tally: usize, t: i32, mode: i32, vi: i32): i32 {
  const a = tally + (<usize>t << 2);
  const c = load<u32>(a);
  store<u32>(a, c + 1);
  if (mode == 0) return max(vi, <i32>c + 1);
  if (mode == 1) return vi + 2 * <i32>c + 1;
  return vi - <i32>(c == 0);
}

/** Counts a code of score t; the new running sum of c ln c. */
// @ts-ignore: decorator
@inline function bumpF(tally: usize, t: i32, terms: usize, vf: f64): f64 {
  const a = tally + (<usize>t << 2);
  const c = load<u32>(a);
  store<u32>(a, c + 1);
  return vf + (load<f64>(terms + (<usize>(c + 1) << 3)) - load<f64>(terms + (<usize>c << 3)));
}

/**
 * The value of one guess (the tally left zeroed), or a value above `limit`
 * as soon as the guess is known to be worse (checked every 4 codes). `mode`
 * is a constant at each call, so that each mode gets its own loop.
 */
// @ts-ignore: decorator
@inline function valueOf(args: BestGuessArgs, gi: usize, tally: usize, limit: f64, mode: i32): f64 {
  const left = args.left, leftCounts = args.leftCounts, length = args.length, n = args.pegs;
  const terms = args.terms, scoreCount = args.scoreCount;
  const whole = length & ~3;
  const gp = load<u32>(args.codes + (gi << 2));
  const g = i32x4.splat(gp);
  const gc = v128.load(args.codeCounts + (gi << 4));
  // integer modes count in vi, the entropy in vf
  let vi: i32 = 0;
  let vf: f64 = 0;
  let i = 0;
  let stopped = false;
  for (; i < whole; i += 4) {
    const s = score4(g, gc, left, leftCounts, i, n);
    const t0 = i32x4.extract_lane(s, 0), t1 = i32x4.extract_lane(s, 1);
    const t2 = i32x4.extract_lane(s, 2), t3 = i32x4.extract_lane(s, 3);
    if (mode == 2) {
      vf = bumpF(tally, t0, terms, vf);
      vf = bumpF(tally, t1, terms, vf);
      vf = bumpF(tally, t2, terms, vf);
      vf = bumpF(tally, t3, terms, vf);
    } else {
      vi = bumpI(tally, t0, mode, vi);
      vi = bumpI(tally, t1, mode, vi);
      vi = bumpI(tally, t2, mode, vi);
      vi = bumpI(tally, t3, mode, vi);
    }
    if (mode != 3 && (mode == 2 ? vf : <f64>vi) > limit) {
      stopped = true;
      break;
    }
  }
  if (!stopped) {
    for (; i < length; i++) {
      const t = score1(gp, gc, left, leftCounts, i, n);
      if (mode == 2) vf = bumpF(tally, t, terms, vf);
      else vi = bumpI(tally, t, mode, vi);
    }
    // the entropy of a complete guess again from the parts, by score code, as the twin
    // does, so that both give the same bits and the running sum's drift splits no tie
    if (mode == 2) {
      vf = 0;
      for (let t = 0; t < scoreCount; t++) {
        const c = load<u32>(tally + (<usize>t << 2));
        if (c != 0) vf += load<f64>(terms + (<usize>c << 3));
      }
    }
  }
  memory.fill(tally, 0, <usize>scoreCount << 2);
  return mode == 2 ? vf : <f64>vi;
}

/**
 * The first guess of the list whose value is lowest (within 1e-9), stopping
 * at one within 1e-9 of `perfect`: its position in `chosen`, its value in
 * `best`. The caller orders the list (codes left first, then by index), so
 * that the first of equal guesses is the one to play. `out` is scratch for
 * the tally (`scoreCount` u32, zero on entry, left zero).
 */
export function mastermindBestGuess(args: BestGuessArgs): i32 {
  const tally = args.out;
  let best = args.best;
  let chosen = -1;
  for (let q = 0; q < args.guessCount; q++) {
    const gi = <usize>load<u32>(args.guesses + (<usize>q << 2));
    const limit = best + EPSILON;
    const mode = args.mode;
    const value =
      mode == 0
        ? valueOf(args, gi, tally, limit, 0)
        : mode == 1
          ? valueOf(args, gi, tally, limit, 1)
          : mode == 2
            ? valueOf(args, gi, tally, limit, 2)
            : valueOf(args, gi, tally, limit, 3);
    // a guess as good as `perfect` is played at once, as the first guess to reach it
    if (value < best - EPSILON || value <= args.perfect + EPSILON) {
      best = value;
      chosen = q;
      if (value <= args.perfect + EPSILON) break;
    }
  }
  args.best = best;
  args.chosen = chosen;
  return chosen;
}

/** The lower bound each guess gives a set of codes left, for the optimal search. */
@unmanaged export class BoundArgs extends PartitionArgs {
  /** bound[p] (u32 each) for a part of p codes, p = 0..length; 0xffffffff when out of reach. */
  lower: usize;
  /** The winning score code, n(n+1): its part costs nothing more. */
  win: i32;
  /** Output: per guess, the bound (u32 each): length plus the parts' bounds, 0xffffffff when a part is all of the codes left or out of reach. */
  bounds: usize;
  /** Output: per guess, the sum of the squares of its parts (u32 each). */
  squares: usize;
}

/**
 * For each guess, the bound of its partition of the codes left (see
 * BoundArgs): the optimal search's first look at every guess of a node.
 * `out` is scratch for one tally (`scoreCount` u32).
 */
export function mastermindBounds(args: BoundArgs): void {
  const codes = args.codes, codeCounts = args.codeCounts, left = args.left, leftCounts = args.leftCounts;
  const length = args.length, n = args.pegs, scoreCount = args.scoreCount, win = args.win;
  const lower = args.lower, tally = args.out;
  memory.fill(tally, 0, <usize>scoreCount << 2);
  for (let q = 0; q < args.guessCount; q++) {
    const gi = <usize>load<u32>(args.guesses + (<usize>q << 2));
    const gp = load<u32>(codes + (gi << 2));
    const gc = v128.load(codeCounts + (gi << 4));
    countScores(tally, gp, gc, left, leftCounts, length, n);
    let bound: u64 = <u64>length;
    let squares: u32 = 0;
    for (let t = 0; t < scoreCount; t++) {
      const a = tally + (<usize>t << 2);
      const c = load<u32>(a);
      if (c == 0) continue;
      store<u32>(a, 0);
      squares += c * c;
      if (t == win) continue;
      bound += c == <u32>length ? <u64>0xffffffff : <u64>load<u32>(lower + (<usize>c << 2));
    }
    store<u32>(args.bounds + (<usize>q << 2), bound >= 0xffffffff ? 0xffffffff : <u32>bound);
    store<u32>(args.squares + (<usize>q << 2), squares);
  }
}
