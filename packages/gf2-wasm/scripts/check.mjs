// Smoke test of the built package: it loads, and a 3 x 3 matrix of rank 2
// eliminates to rank 2 with both kernels. The real suite lives in
// @lightsout/core, which owns the memory views.
import { writeTestReport } from "@lightsout/test-report";
import { instantiate } from "../dist/index.js";

let passed = 0;
// CI counts results from this report (a throw below exits non-zero: one failure)
process.on("exit", (code) => writeTestReport("gf2-wasm", { passed, failed: code === 0 ? 0 : 1 }));

const k = instantiate();
const expected = [
  "alloc",
  "free",
  "echelonizeNaive",
  "echelonizeM4ri",
  "mulNaive",
  "mulM4rm",
  "transpose",
  "copyBits",
  "nullspace",
  "anyBits",
  "memory",
  "cosetMinimum",
  "cosetDistribution",
  "cosetScanLanes",
  "infoSetTail",
  "chaseSteps",
  "polyGcd",
  "zpEchelon",
  "bandedEchelon",
];
const missing = expected.filter((name) => !(name in k));
if (missing.length) throw new Error(`missing exports: ${missing.join(", ")}`);

for (const kernel of ["naive", "m4ri"]) {
  const a = k.alloc(3 * 16);
  const pivots = k.alloc(16);
  const scratch = k.alloc(16 * 2 * 8);
  const state = k.alloc(8);
  const versions = k.alloc(16);
  new Int32Array(k.memory.buffer, state, 2).fill(0);
  const words = new BigUint64Array(k.memory.buffer, a, 6);
  words.fill(0n);
  words[0] = 0b011n;
  words[2] = 0b110n;
  words[4] = 0b101n; // rows 110, 011, 101 (LSB first)
  const rank =
    kernel === "naive"
      ? k.echelonizeNaive(a, 3, 3, 2, 3, 1, pivots, state, 3)
      : k.echelonizeM4ri(a, 3, 3, 2, 3, 1, pivots, 4, 1, 1, scratch, versions, state, 3);
  if (rank !== 2) throw new Error(`${kernel}: rank ${rank}, expected 2`);
  k.free(a);
  k.free(pivots);
  k.free(scratch);
  k.free(state);
  k.free(versions);
  passed++;
}

// The shared-memory build: same rank with one thread (no helpers needed).
{
  const t = await import("../dist/threads.js");
  if (!t.threadsSupported()) throw new Error("threadsSupported() is false in Node");
  const s = t.instantiateThreads(t.createSharedMemory(), await t.compileThreadsModule());
  if (!(s.memory.buffer instanceof SharedArrayBuffer)) throw new Error("threads build: memory is not shared");
  const alloc = (/** @type {number} */ bytes) => s.alloc(bytes) >>> 0;
  const [a, pivots, scratch, state, versions, ctl] = [alloc(48), alloc(16), alloc(256), alloc(8), alloc(16), alloc(64)];
  new Uint8Array(s.memory.buffer, ctl, 64).fill(0);
  new Int32Array(s.memory.buffer, state, 2).fill(0);
  const words = new BigUint64Array(s.memory.buffer, a, 6);
  words.fill(0n);
  words[0] = 0b011n;
  words[2] = 0b110n;
  words[4] = 0b101n;
  const rank = s.echelonizeM4riThreaded(a, 3, 3, 2, 3, 1, pivots, 4, 1, 1, scratch, versions, state, 3, ctl, 1, 1);
  if (rank !== 2) throw new Error(`threads build: rank ${rank}, expected 2`);
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
