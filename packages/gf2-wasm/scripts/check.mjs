// Smoke test of the built package: it loads, its bindings are what
// scripts/bindings.mjs makes of the sources, every kernel the bindings name
// is exported with one parameter (its descriptor's address), a 3 x 3
// matrix of rank 2 eliminates to rank 2 with both kernels and the threaded
// one, and a late instance of the shared-memory build leaves the heap be. The real suite lives in @lightsout/core, which owns the memory views.
import { writeTestReport } from "@lightsout/test-report";
import {
  echelonizeM4riKernel,
  echelonizeM4riThreadedKernel,
  echelonizeNaiveKernel,
  instantiate,
  invoke,
  kernelDescriptors,
} from "../dist/index.js";
import { layoutOf, parseDescriptors, write } from "./bindings.mjs";

let passed = 0;
// CI counts results from this report (a throw below exits non-zero: one failure)
process.on("exit", (code) => writeTestReport("gf2-wasm", { passed, failed: code === 0 ? 0 : 1 }));

const stale = write(new URL("..", import.meta.url).pathname, true);
if (stale.length) throw new Error(`stale bindings: ${stale.join(", ")} (run pnpm build)`);
passed++;

// The generator's reading of a class: AssemblyScript's layout (base first, natural alignment, no end
// padding), and a refusal of anything but plain fields.
{
  const source = `/** Base. */
@unmanaged export class Base {
  /** A pointer {with braces}. */
  a: usize;
  n: i32;
  flag: i32;
}
@unmanaged export class Job extends Base {
  /**
   * A double, aligned to 8.
   */
  total: f64;
  m: u32;
}`;
  const descriptors = new Map(parseDescriptors(source, "sample.ts").map((d) => [d.name, d]));
  const job = layoutOf(descriptors, "Job");
  const got = JSON.stringify([job.size, job.fields.map((f) => [f.name, f.offset, f.type, f.doc])]);
  const want = JSON.stringify([
    28,
    [
      ["a", 0, "usize", "A pointer {with braces}."],
      ["n", 4, "i32", ""],
      ["flag", 8, "i32", ""],
      ["total", 16, "f64", "A double, aligned to 8."],
      ["m", 24, "u32", ""],
    ],
  ]);
  if (got !== want) throw new Error(`the layout of a sample class: ${got}, expected ${want}`);
  for (const bad of ["x: i32 = 1;", "get y(): i32 { return 0; }", "s: string;", "b: u8;"]) {
    let refused = false;
    try {
      parseDescriptors(`@unmanaged export class Bad {\n  ${bad}\n}`, "bad.ts");
    } catch {
      refused = true;
    }
    if (!refused) throw new Error(`the generator took "${bad}" in a descriptor class`);
  }
  passed++;
}

const k = instantiate();
const t = await import("../dist/threads.js");
if (!t.threadsSupported()) throw new Error("threadsSupported() is false in Node");
const s = t.instantiateThreads(t.createSharedMemory(), await t.compileThreadsModule());
const mm = await import("../dist/mastermind.js");
const mk = mm.instantiateMastermind();
/** @type {Record<string, unknown>} */
const all = { ...k, ...s, ...mk };
const wrong = Object.keys(kernelDescriptors).filter((name) => {
  const fn = all[name];
  return typeof fn !== "function" || fn.length !== 1;
});
const missing = ["alloc", "free", "memory", "descriptorBlock", "descriptorLayout"].filter(
  (name) => !(name in k) || !(name in mk),
);
if (wrong.length || missing.length)
  throw new Error(`missing or mistyped exports: ${[...wrong, ...missing].join(", ")}`);
passed++;

/**
 * A 3 x 3 matrix of rank 2 (rows 110, 011, 101, LSB first) and blocks for an elimination, in `m`.
 * @param {{ alloc(bytes: number): number, memory: WebAssembly.Memory }} m
 */
function rankTwo(m) {
  const alloc = (/** @type {number} */ bytes) => m.alloc(bytes) >>> 0;
  const [a, pivots, scratch, versions] = [alloc(48), alloc(16), alloc(256), alloc(16)];
  const words = new BigUint64Array(m.memory.buffer, a, 6);
  words.fill(0n);
  words[0] = 0b011n;
  words[2] = 0b110n;
  words[4] = 0b101n;
  const shape = { a, rows: 3, cols: 3, stride: 2, pivotLimit: 3, full: 1, pivots };
  return { ...shape, k: 4, tables: 1, steps: 1, scratch, versions, r: 0, c: 0, cStop: 3 };
}

for (const kernel of [echelonizeNaiveKernel, echelonizeM4riKernel]) {
  const args = rankTwo(k);
  const rank = invoke(k, kernel, args);
  if (rank !== 2 || args.r !== 2 || args.c !== 3)
    throw new Error(`${kernel.name}: rank ${rank} (state ${args.r}, ${args.c}), expected 2 (2, 3)`);
  passed++;
}

// The Mastermind module: the codes 11 12 21 22 of [2,2] (packed 4 bits a peg, colours from 0)
// and the parts that the guess 12 makes of them, by score code b(n+1) + w.
{
  const alloc = (/** @type {number} */ bytes) => mk.alloc(bytes) >>> 0;
  const [codes, codeCounts, left, leftCounts, guesses, out, candidates] = [16, 64, 32, 128, 16, 64, 16].map((bytes) =>
    alloc(bytes),
  );
  if (candidates === undefined || codes === undefined || codeCounts === undefined || guesses === undefined)
    throw new Error("unreachable");
  const u32 = new Uint32Array(mk.memory.buffer);
  const u8 = new Uint8Array(mk.memory.buffer);
  for (let i = 0; i < 4; i++) {
    const [d0, d1] = [i >> 1, i & 1];
    u32[(codes >> 2) + i] = d0 | (d1 << 4);
    u8.fill(0, codeCounts + 16 * i, codeCounts + 16 * i + 16);
    u8[codeCounts + 16 * i + d0] = 1;
    u8[codeCounts + 16 * i + d1] = (u8[codeCounts + 16 * i + d1] ?? 0) + 1;
    u32[(candidates >> 2) + i] = i;
  }
  u32[guesses >> 2] = 1; // the code 12
  const args = {
    codes,
    codeCounts,
    left,
    leftCounts,
    length: 4,
    guesses,
    guessCount: 1,
    pegs: 2,
    scoreCount: 7,
    out,
    candidates,
  };
  mm.invoke(mk, mm.mastermindGatherKernel, args);
  mm.invoke(mk, mm.mastermindPartitionsKernel, args);
  // 12 vs 11: (1,0) = 3; vs 12: (2,0) = 6; vs 21: (0,2) = 2; vs 22: (1,0) = 3
  const parts = [...new Uint32Array(mk.memory.buffer, out, 7)].join(" ");
  if (parts !== "0 0 1 2 0 0 1")
    throw new Error(`mastermind partitions of 12 on [2,2]: ${parts}, expected 0 0 1 2 0 0 1`);
  passed++;
}

// The shared-memory build: same rank with one thread (no helpers needed).
{
  if (!(s.memory.buffer instanceof SharedArrayBuffer)) throw new Error("threads build: memory is not shared");
  const ctl = s.alloc(128) >>> 0;
  new Uint8Array(s.memory.buffer, ctl, 128).fill(0);
  const rank = invoke(s, echelonizeM4riThreadedKernel, { ...rankTwo(s), ctl, threads: 1, blocking: 1 });
  if (rank !== 2) throw new Error(`threads build: rank ${rank}, expected 2`);
  passed++;
}

// The shared-memory build is the kernel where threads run: a helper instantiates it over a memory
// whose heap is in use. Instantiating writes only constant data (--zeroFilledMemory): the heap's
// free lists and the blocks survive, so a freed block is handed out again and the data stays.
{
  const memory = t.createSharedMemory();
  const module = await t.compileThreadsModule();
  const leader = t.instantiateThreads(memory, module);
  const blocks = [4096, 4096, 4096].map((bytes) => leader.alloc(bytes) >>> 0);
  const [first = 0, second = 0] = blocks;
  new Uint8Array(memory.buffer, second, 4096).fill(7);
  leader.free(first);
  t.instantiateThreads(memory, module); // a helper, late
  const again = leader.alloc(4096) >>> 0;
  const kept = new Uint8Array(memory.buffer, second, 4096).every((x) => x === 7);
  if (again !== first || !kept)
    throw new Error(`a late instance changed the heap: freed block ${first} came back as ${again}, data kept ${kept}`);
  const rank = invoke(leader, echelonizeM4riKernel, rankTwo(leader));
  if (rank !== 2) throw new Error(`threads build after a late instance: rank ${rank}, expected 2`);
  passed++;
}

// An engine without SIMD, simulated: WebAssembly.validate rejects the probe
// (as such engines do). A fresh copy of the module must refuse to compile or
// instantiate with an error naming the requirement, not an opaque opcode error.
const validate = WebAssembly.validate;
WebAssembly.validate = () => false;
try {
  /** @type {typeof import("../dist/index.js")} */
  const fresh = await import(/** @type {string} */ ("../dist/index.js?without-simd"));
  if (fresh.simdSupported() !== false) throw new Error("simdSupported() ignored a failed probe");
  /** @type {[string, () => Promise<unknown>][]} */
  const attempts = [
    ["instantiate", async () => fresh.instantiate()],
    ["compileModule", () => fresh.compileModule()],
  ];
  for (const [what, attempt] of attempts) {
    const error = await attempt().then(
      () => undefined,
      /** @param {unknown} e */ (e) => e,
    );
    if (!(error instanceof WebAssembly.CompileError) || !/128-bit SIMD/.test(error.message)) {
      throw new Error(`${what} without SIMD: expected a CompileError naming SIMD, got ${error}`);
    }
    passed++;
  }
} finally {
  WebAssembly.validate = validate;
}
console.log(`${passed} passed, 0 failed`);
