// The shared-memory build (build/threads.wasm): Four Russians elimination
// whose sweeps are shared among threads, and the PLE recursion's kernels
// (exported as in the single-thread module, so that @lightsout/core runs
// the recursion in this memory, its products, sums and base-case passes
// shared: mulAddThreaded, addBlocksThreaded, pleBaseThreaded). Every
// thread instantiates this module over one shared memory. The calling
// thread (the leader) runs
// echelonizeM4riThreaded, which is echelonizeM4ri with each sweep's rows
// handed out in chunks of CHUNK rows; helper threads sit in threadHelper and
// claim chunks too. Claiming (rather than fixed shares) keeps every thread busy
// when one of them is slowed down, by a busy machine or a slower core. Pivot
// search and table building stay in the leader: they touch a few rows per
// step, the sweeps touch all of them.
//
// Only the leader's instance allocates (heap.ts is not thread-safe: its free
// lists live in that instance's globals).
//
// The control block `ctl` (64 bytes, zeroed before helpers start):
//   +0  generation: the leader adds 1 to hand out a sweep (helpers wait on it)
//   +4  rows of the current sweep done (the leader waits on it)
//   +8  quit: set with a new generation to end threadHelper
//   +12 threads that may take part (leader included)
//   +16 end row of the sweep, +20 rows in the sweep
//   +24 claim word (i64): generation << 32 | next unclaimed row
//   +32 the elimination state (echelon.ts, publishState: 32 bytes)
//   +64 the job: 0 elimination sweeps, 1 coset scan (claims are chunks of
//       members then, END and TOTAL count chunks), 2 product (chunks of rows
//       of C), 3 sparse product (chunks of rows of Y = A X), 4 a pass of
//       Berlekamp-Massey (chunks of coefficients), 5 W ^= V F (chunks of
//       rows), 6 projection X^T V (chunks of rows), 7 a step's tables
//       (chunks of lanes), 8 a sum of blocks (chunks of rows), 9 a PLE
//       base case's clearing pass (chunks of rows; the group's state in
//       static data, ple.ts publishGroup), 11 a triangular solve (panels of B's columns), 12 sums
//       of blocks' terms (chunks of rows), 13 a batch of products and the
//       sums that take them (whole products, then chunks of the sums' rows)
//   +68 the job's descriptor (a LaneScanJob, ThreadedMulAddArgs,
//       ThreadedMulBatchTermsArgs, ThreadedTrsmM4rArgs, ThreadedAddTermsArgs,
//       ThreadedSpmvArgs, ThreadedBerlekampMasseyArgs, ThreadedBlockMulArgs,
//       ThreadedProjectArgs or ThreadedAddArgs)
//
// A chunk is claimed by compare-and-swap on the claim word, so a helper that
// wakes late, with the state of an old sweep, cannot claim rows of a new one.

import {
  BerlekampMasseyArgs,
  berlekampMasseySteps as berlekampMasseyStepsOn,
  passAllChunks,
  passChunk,
  runPass,
  ThreadedBerlekampMasseyArgs,
} from "./berlekamp-massey";
import { LaneScanJob, scanLanes } from "./coset";
import { copyRows, xorInto, zeroWords } from "./rows";
import {
  AddTermsArgs,
  addRows,
  MulAddArgs,
  addTermRows,
  leafOf,
  mulAddLeafInto,
  mulAddRows,
  SPAN_BYTES,
  ThreadedAddArgs,
  ThreadedAddTermsArgs,
  ThreadedMulAddArgs,
  ThreadedMulBatchTermsArgs,
} from "./multiply";
import {
  adoptGroup,
  adoptTables,
  clearRange,
  clearShare,
  PleBaseArgs,
  pleBase as pleBaseOn,
  publishGroup,
  setHelperRooms,
  ThreadedPleBaseArgs,
  ThreadedTrsmM4rArgs,
  trsmPanel,
  trsmPanels,
} from "./ple";
import {
  blockMulAddRange,
  foldTables,
  projectionTableBytes,
  projectRange,
  spmvRange,
  tabulateF,
  ThreadedBlockMulArgs,
  ThreadedProjectArgs,
  ThreadedSpmvArgs,
} from "./spmv";
import {
  adoptState,
  EchelonArgs,
  echelonizeM4ri as echelonizeM4riOn,
  publishState,
  sweepRange,
  sweepRows,
  tabulateAll,
  tabulateLanes,
  tabulateRange,
  ThreadedEchelonArgs,
} from "./echelon";

const GENERATION = 0;
const DONE = 4;
const QUIT = 8;
const THREADS = 12;
const END = 16;
const TOTAL = 20;
const CLAIM = 24;
const STATE = 32;
const JOB = 64;
const JOB_BLOCK = 68;
/**
 * A pass's rows, claimed from both ends: generation (its low 22 bits) << 42
 * | front << 21 | back. The generation guards a helper still claiming in an
 * earlier pass, as in the CLAIM word.
 */
const ENDS = 80;
/** Rows from which a pass is claimed from the front only (front and back take 21 bits each). */
const ENDS_BELOW = 1 << 21;
const ENDS_GENERATION: i32 = (1 << 22) - 1;
const JOB_SWEEP = 0;
const JOB_COSET = 1;
const JOB_MUL = 2;
const JOB_SPMV = 3;
const JOB_BERLEKAMP_MASSEY = 4;
const JOB_BLOCK_MUL = 5;
const JOB_PROJECT = 6;
const JOB_TABULATE = 7;
const JOB_ADD = 8;
const JOB_PLE_CLEAR = 9;
const JOB_TRSM = 11;
const JOB_TERMS = 12;
const JOB_MUL_BATCH_TERMS = 13;
/** A tabulation's step: slot +72, first pivot row +76. */
const TAB_SLOT = 72;
const TAB_ROW = 76;
/** Lanes of a step's tables a thread claims at a time (and below twice this, one thread builds them). */
const TAB_CHUNK = 8;

/** Rows per claim: enough work to amortise the compare-and-swap, small enough to balance. */
const CHUNK = 32;

/** Reads of a word before sleeping on it: about 0.1 ms. */
const SPINS = 1 << 15;

let gControl: usize = 0;
let gBlocking: bool = true;

/**
 * Sleeps while the i32 at `ptr` is `value`, until woken by atomic.notify:
 * the host's Atomics.wait. Not the memory.atomic.wait32 instruction: the
 * baseline compiler of V8 11.3 (Liftoff, in Node 20) loses values a
 * function holds across that instruction. A leader whose count of the
 * job's units came back from it as 0 waited for ever on a finished job.
 * A call to an import keeps them (they are saved around every call).
 */
@external("env", "wait")
declare function hostWait(ptr: usize, value: i32): void;

/**
 * Returns once the i32 at `ptr` is no longer `value`. Spins a while first:
 * the gaps between chunks and sweeps are short, and a thread woken from
 * a wait on a busy machine may wait milliseconds for a core. Then
 * sleeps, or spins on where it may not block.
 */
function waitWhile(ptr: usize, value: i32, blocking: bool): void {
  for (let i = 0; i < SPINS; i++) if (atomic.load<i32>(ptr) != value) return;
  while (atomic.load<i32>(ptr) == value) {
    if (blocking) hostWait(ptr, value);
  }
}

/**
 * Claims the next `size` units (rows or chunks) of job `generation`:
 * returns the first, or -1 when none is left or a newer job has begun.
 */
function claim(ctl: usize, generation: i32, size: i32): i32 {
  let next = -1;
  while (next < 0) {
    const word = atomic.load<i64>(ctl + CLAIM);
    if (<i32>(word >>> 32) != generation) return -1;
    const end = atomic.load<i32>(ctl + END); // after the word: see publish
    if (<i32>word >= end) return -1;
    const stop = min(<i32>word + size, end);
    if (atomic.cmpxchg<i64>(ctl + CLAIM, word, (<i64>generation << 32) | <i64>stop) == word) next = <i32>word;
  }
  return next;
}

/** Counts `units` done; the one that completes the job wakes the leader. */
function finished(ctl: usize, units: i32): void {
  if (atomic.add<i32>(ctl + DONE, units) + units == load<i32>(ctl, TOTAL)) atomic.notify(ctl + DONE, 1);
}

/** Hands out units first..end-1 as job `generation`; `wake` the helpers waiting for one. */
function publish(ctl: usize, generation: i32, first: i32, end: i32, wake: bool): void {
  // The claim word first: a helper still claiming in the last job (it read
  // that job's claim word) must not see this job's END with it, or its
  // compare-and-swap could take units of a job it does not know and count
  // them into this job's DONE (the leader then waited for ever, the count
  // past TOTAL, or went on too early). Once the word carries the new
  // generation, such a claim fails.
  atomic.store<i64>(ctl + CLAIM, (<i64>generation << 32) | <i64>first);
  atomic.store<i32>(ctl + END, end);
  atomic.store<i32>(ctl + TOTAL, end - first);
  atomic.store<i32>(ctl + DONE, 0);
  atomic.store<i32>(ctl + GENERATION, generation);
  if (wake) atomic.notify(ctl + GENERATION, i32.MAX_VALUE);
}

/** Waits for every unit of the job (a browser's main thread may not block: it spins instead). */
function awaitDone(ctl: usize, blocking: bool): void {
  const total = load<i32>(ctl, TOTAL);
  for (;;) {
    const done = atomic.load<i32>(ctl + DONE);
    if (done == total) return;
    waitWhile(ctl + DONE, done, blocking);
  }
}

@inline function ends(generation: i32, front: i32, back: i32): i64 {
  return (<i64>(generation & ENDS_GENERATION) << 42) | (<i64>front << 21) | <i64>back;
}

/** The end of the chunk claimEnd claimed last. */
let claimedStop: i32 = 0;

/**
 * Claims up to `size` rows of sweep `generation` from the front or the
 * back of what is left: returns the first (claimedStop the end), or -1.
 */
function claimEnd(ctl: usize, generation: i32, size: i32, fromBack: bool): i32 {
  for (;;) {
    const word = atomic.load<i64>(ctl + ENDS);
    if (<i32>(word >>> 42) != (generation & ENDS_GENERATION)) return -1;
    const front = <i32>((word >>> 21) & (ENDS_BELOW - 1));
    const back = <i32>(word & (ENDS_BELOW - 1));
    if (front >= back) return -1;
    if (fromBack) {
      const start = max(back - size, front);
      if (atomic.cmpxchg<i64>(ctl + ENDS, word, ends(generation, front, start)) == word) {
        claimedStop = back;
        return start;
      }
    } else {
      const stop = min(front + size, back);
      if (atomic.cmpxchg<i64>(ctl + ENDS, word, ends(generation, stop, back)) == word) {
        claimedStop = stop;
        return front;
      }
    }
  }
  return -1;
}

/**
 * Claims chunks of `size` rows of pass `generation` and runs `range` on
 * each, until none is left or a newer pass has begun. Threads of odd index
 * claim from the back, the others from the front: a thread then takes
 * mostly the same rows from one pass to the next, which stay in its core's
 * caches (claimed in turn from one end, a row's lines moved between the
 * cores at every pass).
 */
function workRows(ctl: usize, generation: i32, index: i32, size: i32, range: (first: i32, end: i32) => void): void {
  for (let next = claimRows(ctl, generation, size, index); next >= 0; ) {
    const stop = claimedStop;
    range(next, stop);
    finished(ctl, stop - next);
    next = claimRows(ctl, generation, size, index);
  }
}

/** Claims and sweeps chunks of sweep `generation` (echelon.ts sweepRange). */
function work(ctl: usize, generation: i32, index: i32): void {
  workRows(ctl, generation, index, CHUNK, sweepRange);
}

/**
 * Claims up to `size` rows of pass `generation` (its ENDS word published
 * with it): threads of odd index from the back of what is left, the others
 * from the front. Returns the first (claimedStop the end), or -1. Past
 * ENDS_BELOW rows, all from the front (claim).
 */
function claimRows(ctl: usize, generation: i32, size: i32, index: i32): i32 {
  const end = load<i32>(ctl, END);
  if (end < ENDS_BELOW) return claimEnd(ctl, generation, size, (index & 1) == 1);
  const next = claim(ctl, generation, size);
  claimedStop = min(next + size, end);
  return next;
}

/** The leader's sweep: publish it, wake the helpers, work along, wait for the last chunk. */
function sharedSweep(first: i32, end: i32): void {
  if (end - first <= CHUNK) {
    sweepRange(first, end);
    return;
  }
  const ctl = gControl;
  const generation = atomic.load<i32>(ctl + GENERATION) + 1;
  publishState(ctl + STATE);
  atomic.store<i32>(ctl + JOB, JOB_SWEEP);
  atomic.store<i64>(ctl + ENDS, ends(generation, first, end));
  publish(ctl, generation, first, end, true);
  work(ctl, generation, 0);
  awaitDone(ctl, gBlocking);
}

/** Claims and builds chunks of lanes of tabulation `generation` until none is left or a newer job has begun. */
function tabulateWork(ctl: usize, generation: i32): void {
  const slot = load<i32>(ctl, TAB_SLOT);
  const r = load<i32>(ctl, TAB_ROW);
  for (let next = claim(ctl, generation, TAB_CHUNK); next >= 0; next = claim(ctl, generation, TAB_CHUNK)) {
    const stop = min(next + TAB_CHUNK, load<i32>(ctl, END));
    tabulateRange(slot, r, next, stop);
    finished(ctl, stop - next);
  }
}

/**
 * The leader's tabulation of a step (record in echelon.ts) with its lanes
 * shared out: the tables of a wide matrix are megabytes, built while the
 * helpers would otherwise wait for the next sweep.
 */
function sharedTabulate(slot: i32, r: i32, lanes: i32): void {
  if (lanes < 2 * TAB_CHUNK) {
    tabulateAll(slot, r, lanes);
    return;
  }
  const ctl = gControl;
  const generation = atomic.load<i32>(ctl + GENERATION) + 1;
  publishState(ctl + STATE);
  store<i32>(ctl, slot, TAB_SLOT);
  store<i32>(ctl, r, TAB_ROW);
  atomic.store<i32>(ctl + JOB, JOB_TABULATE);
  publish(ctl, generation, 0, lanes, true);
  tabulateWork(ctl, generation);
  awaitDone(ctl, gBlocking);
}

/**
 * echelonizeM4ri (same arguments and slicing contract) with each sweep shared
 * among `threads` threads: this one and threads - 1 helpers already waiting in
 * threadHelper on `ctl`. `blocking` = 0 spins instead of sleeping (for a
 * thread that may not block, such as a browser's main thread).
 */
export function echelonizeM4riThreaded(args: ThreadedEchelonArgs): i32 {
  const ctl = args.ctl, threads = args.threads;
  gControl = ctl;
  gBlocking = args.blocking != 0;
  store<i32>(ctl, threads, THREADS);
  atomic.store<i32>(ctl + JOB, JOB_SWEEP);
  sweepRows = threads > 1 ? sharedSweep : sweepRange;
  tabulateLanes = threads > 1 ? sharedTabulate : tabulateAll;
  return echelonizeM4riOn(args);
}

/**
 * The loop of helper thread `index` (1 .. threads - 1): waits for a sweep,
 * claims chunks of it, until quit is set. Returns only then.
 */
export function threadHelper(ctl: usize, index: i32): void {
  let seen: i32 = 0;
  for (;;) {
    waitWhile(ctl + GENERATION, seen, true);
    const now = atomic.load<i32>(ctl + GENERATION);
    seen = now;
    if (atomic.load<i32>(ctl + QUIT) != 0) return;
    // a pool larger than this elimination's thread count: the spare helpers sit out
    if (index >= load<i32>(ctl, THREADS)) continue;
    const job = atomic.load<i32>(ctl + JOB);
    if (job == JOB_SWEEP) {
      // a stale state (the sweep ended meanwhile) is harmless: work() then claims nothing
      adoptState(ctl + STATE);
      work(ctl, now, index);
    } else if (job == JOB_TABULATE) {
      adoptState(ctl + STATE);
      tabulateWork(ctl, now);
    } else if (job == JOB_PLE_CLEAR) {
      // a stale state is harmless here too: its claims fail
      adoptGroup();
      adoptTables(index);
      clearWork(ctl, now, index);
    } else {
      helpWith(job, ctl, now, index);
    }
  }
}

/** A helper's share of a job other than an elimination sweep. */
function helpWith(job: i32, ctl: usize, generation: i32, index: i32): void {
  switch (job) {
    case JOB_COSET:
      cosetWork(ctl, generation, index);
      break;
    case JOB_MUL:
      mulWork(ctl, generation, index);
      break;
    case JOB_TRSM:
      trsmWork(ctl, generation, index);
      break;
    case JOB_SPMV:
      spmvWork(ctl, generation);
      break;
    case JOB_PROJECT:
      projectWork(ctl, generation, index);
      break;
    case JOB_BLOCK_MUL:
      blockMulAddWork(ctl, generation);
      break;
    case JOB_BERLEKAMP_MASSEY:
      passWork(ctl, generation, index);
      break;
    case JOB_ADD:
      addWork(ctl, generation);
      break;
    case JOB_TERMS:
      termsWork(ctl, generation);
      break;
    case JOB_MUL_BATCH_TERMS:
      batchTermsWork(ctl, generation, index);
      break;
  }
}

/**
 * Claims and scans chunks of a coset scan (generation `generation`) until
 * none is left: chunk c is members c << bits .. (c + 1) << bits (capped at
 * the total), scanned by scanLanes into this thread's own scratch and
 * result (see LaneScanJob).
 *
 * The scratch is written on every step, so the caller keeps each thread's
 * on cache lines of its own (128-byte aligned, 128-byte multiples: adjacent
 * line prefetchers pair 64-byte lines). Packed back to back, one thread's
 * first lanes (written every other step) shared a line with the other's
 * last: at 961 cells, 2 threads took 3.5x the CPU time per member of one.
 */
function cosetWork(ctl: usize, generation: i32, index: i32): void {
  const job = changetype<LaneScanJob>(<usize>load<u32>(ctl, JOB_BLOCK));
  const x0 = job.x0;
  const meta = job.meta;
  const k = job.k;
  const words = job.words;
  const bits = <u64>job.bits;
  const cur = job.scratch + <usize>index * <usize>job.scratchStride;
  const result = job.results + (<usize>index << 4);
  const total = <u64>job.total;
  for (let next = claim(ctl, generation, 1); next >= 0; next = claim(ctl, generation, 1)) {
    const first = <u64>next << bits;
    const stop = min(first + (<u64>1 << bits), total);
    scanLanes(x0, meta, k, words, <f64>first, <f64>stop, cur, result);
    finished(ctl, 1);
  }
}

/**
 * Scans chunks first..end-1 of the coset scan `job` with `threads`
 * threads: this one (index 0) and threads - 1 helpers waiting in
 * threadHelper on `ctl`. Chunks are claimed one at a time, so a thread
 * slowed by a busy machine takes fewer. Each thread keeps its own best in
 * the results; a thread claims chunks in increasing order, so its result is
 * the first index of its least weight.
 */
export function cosetScanThreaded(job: LaneScanJob): void {
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_COSET, job.first, job.end);
  cosetWork(job.ctl, generation, 0);
  awaitDone(job.ctl, job.blocking != 0);
}

/**
 * Hands out units first..end-1 of a job of `kind` whose descriptor is at
 * `job` to `threads` threads (helpers read it from the control block).
 * Returns the job's generation, for the leader's own share.
 */
function startJob(ctl: usize, threads: i32, job: usize, kind: i32, first: i32, end: i32): i32 {
  store<i32>(ctl, threads, THREADS);
  const generation = atomic.load<i32>(ctl + GENERATION) + 1;
  store<u32>(ctl, <u32>job, JOB_BLOCK);
  atomic.store<i32>(ctl + JOB, kind);
  publish(ctl, generation, first, end, threads > 1);
  return generation;
}

/**
 * Claims of `units` panels cut into `threads` runs (whole runs: those past
 * the last panel are empty), claim c being panel c / threads of run c %
 * threads: threads working at once work a run apart. Two threads on
 * neighbouring panels (the same rows' adjacent columns) ran slower than
 * one, each prefetching lines the other writes: 512 pivots over 4096
 * words in panels of 64 words took 37 ms on one thread, 78 ms on two
 * claiming panels in order, 24 ms claiming from the two ends (the last
 * panel of a row borders the first of the next), 19 ms a run apart.
 */
function runClaims(units: i32, threads: i32): i32 {
  return ((units + threads - 1) / threads) * threads;
}

/** The panel of claim `next` (runClaims), units or more for an empty one. */
@inline function runPanel(next: i32, units: i32, threads: i32): i32 {
  return (next % threads) * ((units + threads - 1) / threads) + next / threads;
}

/**
 * Claims parts of the product `generation` and adds their share of A B,
 * with this thread's tables: part u is the chunk of rows u % chunks of
 * the panel of columns u / chunks.
 */
function mulWork(ctl: usize, generation: i32, index: i32): void {
  const job = changetype<ThreadedMulAddArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  const table = job.table + <usize>index * <usize>job.tableBytes;
  const chunk = job.chunk, panel = job.panel;
  const chunks = (job.m + chunk - 1) / chunk;
  const panels = (job.p + panel - 1) / panel;
  for (let next = claim(ctl, generation, 1); next >= 0; next = claim(ctl, generation, 1)) {
    // whole panels (one chunk of rows) are claimed a run apart
    const at = chunks == 1 ? runPanel(next, panels, job.threads) : next / chunks;
    if (at >= panels) {
      finished(ctl, 1);
      continue;
    }
    const first = (next % chunks) * chunk;
    const pc = at * panel;
    const rows = min(chunk, job.m - first);
    const c = job.c + ((<usize>first * <usize>job.cStride + <usize>pc) << 3);
    const a = job.a + (<usize>first * <usize>job.aStride << 3);
    const b = job.b + (<usize>pc << 3);
    const words = min(panel, job.p - pc);
    // the claim's part of C where it is, or in a compact copy after this thread's tables
    const copy = job.copyOffset != 0 ? table + <usize>job.copyOffset : 0;
    if (copy != 0 && job.init == 0) copyRows(copy, words, c, job.cStride, rows, words);
    mulAddRows(copy != 0 ? copy : c, copy != 0 ? words : job.cStride, a, job.aStride, b, job.bStride, rows, job.n, words, job.tables, panel, table, job.bits, job.rowBlock, job.init);
    if (copy != 0) copyRows(c, job.cStride, copy, words, rows, words);
    finished(ctl, 1);
  }
}

/**
 * C ^= A B (as mulAddM4rm) with parts of C shared among `threads`
 * threads: this one (index 0) and threads - 1 helpers waiting in
 * threadHelper on `ctl`, each claiming a part at a time: `chunk` rows of
 * a panel of columns, or with `chunk` >= m a whole panel.
 */
export function mulAddThreaded(job: ThreadedMulAddArgs): void {
  const chunks = (job.m + job.chunk - 1) / job.chunk;
  const panels = (job.p + job.panel - 1) / job.panel;
  const claims = chunks == 1 ? runClaims(panels, job.threads) : chunks * panels;
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_MUL, 0, claims);
  mulWork(job.ctl, generation, 0);
  awaitDone(job.ctl, job.blocking != 0);
}

/**
 * Claims units of the batch-and-sums job `generation`: its products, each
 * whole with this thread's tables, or groups of the last one's passes,
 * then chunks of the sums' rows, each once the units whose rows it
 * overlaps are done. Every unit is claimed before any chunk of the sums,
 * so a chunk waits only for units under way.
 */
function batchTermsWork(ctl: usize, generation: i32, index: i32): void {
  const job = changetype<ThreadedMulBatchTermsArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  const table = job.table + <usize>index * <usize>job.tableBytes;
  const count = job.count, chunk = job.chunk, spans = job.spans;
  const sums = changetype<AddTermsArgs>(job.sums);
  const took = spans + <usize>count * SPAN_BYTES + (<usize>index << 2);
  for (let next = claim(ctl, generation, 1); next >= 0; next = claim(ctl, generation, 1)) {
    if (next < count) {
      if (next < job.groupsFrom) {
        const leaf = leafOf(job, next);
        mulAddLeafInto(leaf, leaf.c, leaf.cStride, leaf.init, table);
      } else {
        // this thread's first group sets its accumulator, the others add to it
        addGroup(job, next, index, table, load<i32>(took) == 0);
        atomic.store<i32>(took, 1);
      }
      const done = spans + <usize>next * SPAN_BYTES + 8;
      atomic.store<i32>(done, 1);
      atomic.notify(done, i32.MAX_VALUE);
    } else {
      const first = (next - count) * chunk;
      const end = min(first + chunk, sums.rows);
      for (let u = 0; u < count; u++) {
        const span = spans + <usize>u * SPAN_BYTES;
        if (load<i32>(span) < end && first < load<i32>(span, 4)) waitWhile(span + 8, 0, job.blocking != 0);
      }
      if (job.groupsFrom < count) gatherGroups(job, first, end);
      addTermRows(sums, first, end);
    }
    finished(ctl, 1);
  }
}

/** Where thread `index` adds its groups of the last product: the product's C for thread 0, else its accumulator. */
@inline function groupTarget(job: ThreadedMulBatchTermsArgs, leaf: MulAddArgs, index: i32): usize {
  return index == 0 ? leaf.c : job.accumulators + <usize>(index - 1) * <usize>job.accumulatorBytes;
}

/** Group `u` of the last product's passes into this thread's target: set with `set`, else added. */
function addGroup(job: ThreadedMulBatchTermsArgs, u: i32, index: i32, table: usize, set: bool): void {
  const leaf = leafOf(job, u);
  mulAddLeafInto(leaf, groupTarget(job, leaf, index), index == 0 ? leaf.cStride : leaf.p, set ? 1 : 0, table);
}

/**
 * Rows first..end-1 of the last product, from its groups: the threads'
 * accumulators added into its C (thread 0's), which is cleared first
 * where thread 0 took no group.
 */
function gatherGroups(job: ThreadedMulBatchTermsArgs, first: i32, end: i32): void {
  const leaf = leafOf(job, job.groupsFrom);
  const took = job.spans + <usize>job.count * SPAN_BYTES;
  const words = leaf.p;
  for (let i = first; i < end; i++) {
    const row = leaf.c + (<usize>i * <usize>leaf.cStride << 3);
    if (load<i32>(took) == 0) zeroWords(row, words);
    for (let t = 1; t < job.threads; t++) {
      if (load<i32>(took + (<usize>t << 2)) != 0) xorInto(row, groupTarget(job, leaf, t) + (<usize>i * <usize>words << 3), words);
    }
  }
}

/**
 * The products of a batch (each C ^= A B, as mulAddM4rm, claimed whole in
 * order) and then the sums that read them (as addTermsThreaded), shared
 * among `threads` threads: this one (index 0) and threads - 1 helpers
 * waiting in threadHelper on `ctl`. At a batch's end a thread whose last
 * unit is done goes on to the rows of the sums whose units are done, while
 * the others finish theirs. Seven products on two threads end with groups
 * of the last one's passes, which either thread takes: with that product
 * in two halves of rows, a thread the host slowed ended its half late, and
 * the leader slept 0.23-0.77 s at the ends of the 119 batches of PLE at
 * 65536 on two threads; with groups, 64-80 ms.
 */
export function mulAddBatchTermsThreaded(job: ThreadedMulBatchTermsArgs): void {
  if (job.count <= 0) return;
  const sums = changetype<AddTermsArgs>(job.sums);
  const units = job.count + (sums.rows + job.chunk - 1) / job.chunk;
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_MUL_BATCH_TERMS, 0, units);
  batchTermsWork(job.ctl, generation, 0);
  awaitDone(job.ctl, job.blocking != 0);
}

/** Claims panels of the triangular solve `generation`, a run apart (runClaims), and solves each with this thread's table (and copy). */
function trsmWork(ctl: usize, generation: i32, index: i32): void {
  const job = changetype<ThreadedTrsmM4rArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  const table = job.table + <usize>index * <usize>job.tableBytes;
  const panels = trsmPanels(job);
  for (let next = claim(ctl, generation, 1); next >= 0; next = claim(ctl, generation, 1)) {
    const panel = runPanel(next, panels, job.threads);
    const copy = job.copies != 0 ? table + (<usize>job.panel << (3 + <usize>job.bits)) : 0;
    if (panel < panels) trsmPanel(job, panel, table, copy);
    finished(ctl, 1);
  }
}

/**
 * B = L^-1 B (as trsmM4r) with B's panels shared among `threads` threads:
 * this one (index 0) and threads - 1 helpers waiting in threadHelper on
 * `ctl`, each claiming a panel at a time (the columns of B are independent),
 * and with `copies` solving it in a compact copy of its own.
 */
export function trsmM4rThreaded(job: ThreadedTrsmM4rArgs): void {
  const claims = runClaims(trsmPanels(job), job.threads);
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_TRSM, 0, claims);
  trsmWork(job.ctl, generation, 0);
  awaitDone(job.ctl, job.blocking != 0);
}

/** Claims chunks of rows of the sparse product `generation` and computes their rows of Y = A X. */
function spmvWork(ctl: usize, generation: i32): void {
  const job = changetype<ThreadedSpmvArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  const chunk = job.chunk;
  for (let next = claim(ctl, generation, 1); next >= 0; next = claim(ctl, generation, 1)) {
    const first = job.first + next * chunk;
    spmvRange(job.rowStart, job.colIndex, job.x, job.y, job.words, first, min(first + chunk, job.end));
    finished(ctl, 1);
  }
}

/**
 * Y = A X (as spmvRows) with rows first .. end - 1 shared among `threads`
 * threads: this one and threads - 1 helpers waiting in threadHelper on
 * `ctl`, each claiming `chunk` rows at a time (claims, not fixed shares:
 * rows differ in length, and a thread slowed by a busy machine takes fewer).
 */
export function spmvThreaded(job: ThreadedSpmvArgs): void {
  const chunks = (job.end - job.first + job.chunk - 1) / job.chunk;
  if (chunks <= 0) return;
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_SPMV, 0, chunks);
  spmvWork(job.ctl, generation);
  awaitDone(job.ctl, job.blocking != 0);
}

/** Claims chunks of rows of the projection `generation`, added to thread `index`'s own tables. */
function projectWork(ctl: usize, generation: i32, index: i32): void {
  const job = changetype<ThreadedProjectArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  const tables = job.tables + <usize>index * projectionTableBytes(job.words, job.xWords);
  for (let next = claim(ctl, generation, 1); next >= 0; next = claim(ctl, generation, 1)) {
    const first = next * job.chunk;
    projectRange(job, first, min(first + job.chunk, job.rows), tables);
    finished(ctl, 1);
  }
}

/**
 * out = X^T V (as projectRows) with the rows shared among `threads`
 * threads, each adding its rows to tables of its own (`tables` has room
 * for one set a thread, back to back), folded here at the end.
 */
export function projectThreaded(job: ThreadedProjectArgs): void {
  memory.fill(job.tables, 0, <usize>job.threads * projectionTableBytes(job.words, job.xWords));
  const chunks = (job.rows + job.chunk - 1) / job.chunk;
  if (chunks > 0) {
    const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_PROJECT, 0, chunks);
    projectWork(job.ctl, generation, 0);
    awaitDone(job.ctl, job.blocking != 0);
  }
  foldTables(job.tables, job.threads, job.words, job.xWords, job.out);
}

/** Claims chunks of the Berlekamp-Massey pass `generation`, its discrepancies into this thread's own. */
function passWork(ctl: usize, generation: i32, index: i32): void {
  const job = changetype<ThreadedBerlekampMasseyArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  const delta = index == 0 ? job.delta : job.deltas + <usize>(index - 1) * <usize>job.deltaStride;
  for (let next = claim(ctl, generation, 1); next >= 0; next = claim(ctl, generation, 1)) {
    passChunk(job, next, delta);
    finished(ctl, 1);
  }
}

/**
 * A pass with its chunks shared among the threads: each sums its
 * chunks' discrepancies apart (cleared first), the leader adds them up.
 */
function sharedPass(args: BerlekampMasseyArgs): void {
  const job = changetype<ThreadedBerlekampMasseyArgs>(changetype<usize>(args));
  const threads = min(job.threads, job.passChunks);
  if (threads <= 1) {
    for (let chunk = 0; chunk < job.passChunks; chunk++) passChunk(job, chunk, job.delta);
    return;
  }
  const bytes = <usize>(job.m + job.n) * <usize>(job.m >> 3);
  const stride = <usize>job.deltaStride;
  if (job.passStep >= 0) memory.fill(job.deltas, 0, <usize>(job.threads - 1) * stride);
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_BERLEKAMP_MASSEY, 0, job.passChunks);
  passWork(job.ctl, generation, 0);
  awaitDone(job.ctl, job.blocking != 0);
  if (job.passStep < 0) return;
  for (let h = 0; h < job.threads - 1; h++) {
    const theirs = job.deltas + <usize>h * stride;
    for (let o: usize = 0; o < bytes; o += 16) v128.store(job.delta + o, v128.xor(v128.load(job.delta + o), v128.load(theirs + o)));
  }
}

/**
 * berlekampMasseySteps (same arguments and slicing contract) with each
 * step's pass over the columns shared among `threads` threads: this one and
 * threads - 1 helpers waiting in threadHelper on `ctl`.
 */
export function berlekampMasseyStepsThreaded(args: ThreadedBerlekampMasseyArgs): void {
  runPass = sharedPass;
  berlekampMasseyStepsOn(args);
}

/** Claims chunks of rows of W ^= V F (job `generation`), from the tables the leader built. */
function blockMulAddWork(ctl: usize, generation: i32): void {
  const job = changetype<ThreadedBlockMulArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  for (let next = claim(ctl, generation, 1); next >= 0; next = claim(ctl, generation, 1)) {
    const first = next * job.chunk;
    blockMulAddRange(job, first, min(first + job.chunk, job.rows));
    finished(ctl, 1);
  }
}

/**
 * blockMulAdd (W ^= V F) in this build, for the blocks of block Wiedemann's
 * solution phase in the shared memory: the tables of F built here, the
 * rows shared among `threads` threads, `chunk` at a time.
 */
export function blockMulAddThreaded(job: ThreadedBlockMulArgs): void {
  tabulateF(job);
  const chunks = (job.rows + job.chunk - 1) / job.chunk;
  if (chunks <= 0) return;
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_BLOCK_MUL, 0, chunks);
  blockMulAddWork(job.ctl, generation);
  awaitDone(job.ctl, job.blocking != 0);
}

/**
 * Claims chunks of `chunk` rows (of `rows`) of job `generation` and runs
 * `range` on each, with the job's descriptor (the sums' kernels).
 */
function chunkWork(ctl: usize, generation: i32, chunk: i32, rows: i32, range: (job: usize, first: i32, end: i32) => void): void {
  const job = <usize>load<u32>(ctl, JOB_BLOCK);
  for (let next = claim(ctl, generation, chunk); next >= 0; next = claim(ctl, generation, chunk)) {
    const stop = min(next + chunk, rows);
    range(job, next, stop);
    finished(ctl, stop - next);
  }
}

/** Claims and adds chunks of rows of sum `generation` (ThreadedAddArgs.chunk rows a claim). */
function addWork(ctl: usize, generation: i32): void {
  const job = changetype<ThreadedAddArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  chunkWork(ctl, generation, job.chunk, job.rows, (at: usize, first: i32, end: i32): void => {
    addRows(changetype<ThreadedAddArgs>(at), first, end);
  });
}

/**
 * D = X ^ Y (as addBlocks) with the rows shared among `threads` threads:
 * the sums of the Strassen-Winograd recursion stream megabytes, and a
 * thread alone leaves the other waiting.
 */
export function addBlocksThreaded(job: ThreadedAddArgs): void {
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_ADD, 0, job.rows);
  addWork(job.ctl, generation);
  awaitDone(job.ctl, job.blocking != 0);
}

/** Claims and adds chunks of rows of the sums `generation` (ThreadedAddTermsArgs.chunk rows a claim). */
function termsWork(ctl: usize, generation: i32): void {
  const job = changetype<ThreadedAddTermsArgs>(<usize>load<u32>(ctl, JOB_BLOCK));
  chunkWork(ctl, generation, job.chunk, job.rows, (at: usize, first: i32, end: i32): void => {
    addTermRows(changetype<ThreadedAddTermsArgs>(at), first, end);
  });
}

/** The sums of addTerms with the rows shared among `threads` threads (as addBlocksThreaded). */
export function addTermsThreaded(job: ThreadedAddTermsArgs): void {
  const generation = startJob(job.ctl, job.threads, changetype<usize>(job), JOB_TERMS, 0, job.rows);
  termsWork(job.ctl, generation);
  awaitDone(job.ctl, job.blocking != 0);
}

/**
 * Rows of a PLE base case's clearing pass per claim: each claim costs two
 * atomic updates of lines both threads write. 65536 x 1024 / 16384 x 4096
 * on two threads, claims of 64 rows: 20.1-20.4 / 41.8-42.7 ms; 256 rows:
 * 17.7-18.2 / 39.3-40.9 ms; 512: 17.2-17.8 / 38.9-39.9 ms; 1024: 17.2-17.7
 * / 39.5-39.9 ms.
 */
const CLEAR_CHUNK = 512;
/** Passes of up to this many rows are the leader's alone (waking the helpers would cost more). */
const CLEAR_ALONE = 128;

/** Claims and clears chunks of rows of clearing pass `generation` (ple.ts clearRange). */
function clearWork(ctl: usize, generation: i32, index: i32): void {
  workRows(ctl, generation, index, CLEAR_CHUNK, clearRange);
}

/** The leader's clearing pass: the group's state published, the rows claimed by every thread. */
function sharedClear(first: i32, end: i32): void {
  if (end - first <= CLEAR_ALONE) {
    clearRange(first, end);
    return;
  }
  const ctl = gControl;
  const generation = atomic.load<i32>(ctl + GENERATION) + 1;
  publishGroup();
  atomic.store<i32>(ctl + JOB, JOB_PLE_CLEAR);
  atomic.store<i64>(ctl + ENDS, ends(generation, first, end));
  publish(ctl, generation, first, end, true);
  clearWork(ctl, generation, 0);
  awaitDone(ctl, gBlocking);
}

/**
 * pleBase (same arguments and result) with its clearing passes shared
 * among `threads` threads: this one and threads - 1 helpers waiting in
 * threadHelper on `ctl`. The pivot search and the tables stay here: they
 * touch a few rows per block, the passes every row below.
 */
export function pleBaseThreaded(args: ThreadedPleBaseArgs): i32 {
  gControl = args.ctl;
  gBlocking = args.blocking != 0;
  store<i32>(args.ctl, args.threads, THREADS);
  clearShare = args.threads > 1 ? sharedClear : clearRange;
  setHelperRooms(args.rooms, args.roomBytes);
  return pleBaseOn(args);
}

// The single-thread entries of kernels whose threaded entries above swap in a shared step
// (sweepRows, tabulateLanes, clearShare, runPass: globals of this instance): each puts its
// own step back first, so that a threaded call that trapped half-way cannot leave a later
// single-thread call waiting on helpers.

/** Row echelon form by the Method of Four Russians (echelon.ts, echelonizeM4ri), on this thread alone. */
export function echelonizeM4ri(args: EchelonArgs): i32 {
  sweepRows = sweepRange;
  tabulateLanes = tabulateAll;
  return echelonizeM4riOn(args);
}

/** PLE's base case (ple.ts, pleBase), on this thread alone. */
export function pleBase(args: PleBaseArgs): i32 {
  clearShare = clearRange;
  setHelperRooms(0, 0);
  return pleBaseOn(args);
}

/** Steps of block Berlekamp-Massey (berlekamp-massey.ts, berlekampMasseySteps), on this thread alone. */
export function berlekampMasseySteps(args: BerlekampMasseyArgs): void {
  runPass = passAllChunks;
  berlekampMasseyStepsOn(args);
}

// Every kernel of the single-thread module too (assembly/index.ts): where threads can run, this
// build is the kernel itself, one instance per thread over one memory, so that a matrix lives once.
export { echelonizeNaive } from "./echelon";
export { addBlocks, addTerms, mulAddM4rm, mulNaive } from "./multiply";
export { pleFinish, pleSwaps, trsmM4r } from "./ple";
export { transpose } from "./transpose";
export { firstSetColumnIn, reverseByteBits } from "./layout";
export { backSubstitute, copyBits, nullspace } from "./copy";
export { chaseSteps } from "./chase";
export { cosetMinimum, cosetDistribution, cosetScanLanes, infoSetTail } from "./coset";
export { polyGcd } from "./poly";
export { zpEchelon } from "./zp";
export { bandedEchelon } from "./banded";
export { blockMulAdd, projectRows, spmvRows } from "./spmv";
export { allocate as alloc, deallocate as free, zero } from "./heap";
export { descriptorBlock, descriptorLayout } from "./threads-descriptors";
