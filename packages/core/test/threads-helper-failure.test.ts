// A helper thread that fails in the middle of a threaded job (here: a trap
// in the chunk it claimed) never finishes that chunk. Its leader, asleep
// until every chunk is done, used to wait for ever; it now watches, while it
// sleeps, for the flag a failing helper sets, and the job ends with an
// error. The threads are started again for the next call. Runs the built
// package in a child process (_child.ts): before the watch, the child hung.
import { describe, expect, it } from "vitest";
import { built, runNodeScript } from "./_child.js";

describe("a helper thread that fails mid-job", () => {
  it("ends its leader's call with an error, and the next threaded call works", () => {
    const ran = runNodeScript(
      [],
      `import { initThreads, endThreads } from ${JSON.stringify(built("entries/gf2.js"))};
       import { withThreadPool } from ${JSON.stringify(built("internal/threads.js"))};
       import { cosetScanThreadedKernel } from ${JSON.stringify(built("internal/kernel.js"))};
       import { laneLayout, laneScan, laneScratch, laneSizes, presetResults, writeLaneScan } from ${JSON.stringify(built("solvers/coset.js"))};
       await initThreads(2);
       // vectors of 19,200 bits: a chunk of 2^16 members keeps the leader busy for milliseconds,
       // so that the helper, woken at once, claims the second chunk
       const n = 19200, k = 17;
       const bits = (seed) => Array.from({ length: n }, (_, i) => ((i * 2654435761 + seed * 40503) >>> 9) & 1);
       const x0 = bits(0);
       const basis = Array.from({ length: k }, (_, g) => bits(g + 1));
       const layout = laneLayout(n, basis);
       const { words64, sizes } = laneSizes(n, k, 2);
       let outcome = "returned";
       try {
         withThreadPool(2, (pool) =>
           pool.withBlocks(sizes, (ptrs) => {
             writeLaneScan(pool.view, ptrs, x0, basis, layout, words64);
             const [x0p, , meta, scratchp, results] = ptrs;
             // generator 16's row past the end of memory: only the second chunk (members from 2^16) reads it
             pool.view(Uint32Array, meta + 16 * 16 + 12, 1)[0] = 0xfffffff0;
             presetResults(pool.view, results, 2, n + 1);
             const { base, stride } = laneScratch(scratchp, words64 * 8, 2);
             const job = { x0: x0p, meta, k, words: words64, bits: 16, scratch: base, results, scratchStride: stride,
               total: 2 ** k, ctl: pool.ctl, first: 0, end: 0, threads: 2, blocking: pool.blocking };
             pool.runSlices(cosetScanThreadedKernel, job, {
               operation: "a scan with a bad generator",
               next: (s) => { if (s.end !== 0) return false; s.end = 2; return true; },
             });
           }),
         );
       } catch (error) {
         outcome = error.message;
       }
       const small = (v) => v.slice(0, 300);
       const again = laneScan(small(x0), basis.map(small), { threads: 2 }).weight === laneScan(small(x0), basis.map(small)).weight;
       endThreads();
       console.log(outcome);
       console.log(again);`,
      120,
    );
    expect(ran.signal, "the child hung (killed at its time limit)").toBeNull();
    expect([ran.stderr, ran.code]).toEqual(["", 0]);
    // the helper claimed the bad chunk and failed; had the leader claimed it, its own trap would say so
    expect(ran.stdout).toMatch(
      /^(a helper thread failed during a threaded job|internal error in the GF\(2\) kernel during a scan with a bad generator)[^\n]*\ntrue\n$/,
    );
  }, 150_000);
});
