// Threaded kernels compiled by V8's baseline compiler only (Liftoff, no
// tier-up). In Node 20 (V8 11.3) Liftoff loses the values a function holds
// across the memory.atomic.wait32 instruction: a leader that slept there
// came back with its count of the job's units as 0, while the helpers had
// finished all of them, and waited for ever (a CI run hung for 80 minutes on
// the threaded lane scan). The kernel now sleeps in an imported
// Atomics.wait. Runs the built package in a child process (_child.ts).
import { describe, expect, it } from "vitest";
import { built, runNodeScript } from "./_child.js";

describe("threaded kernels under V8's baseline compiler alone", () => {
  it("thousands of short threaded jobs all finish, with one thread's answers", () => {
    // a lane scan of 2^18 members in slices of one chunk (2^16 members): four jobs of one
    // unit each, so that the leader often sleeps while the helper scans. Before the fix
    // about half of the runs of 4000 scans hung. The child's limit is 20x its usual
    // time here (about 12 s), not a race: only a hang reaches it.
    const ran = runNodeScript(
      ["--liftoff", "--no-wasm-tier-up"],
      `import { initThreads, endThreads, BitMatrix } from ${JSON.stringify(built("entries/gf2.js"))};
       import { laneScan } from ${JSON.stringify(built("solvers/coset.js"))};
       const threads = await initThreads(2);
       const bits = (seed) => Array.from({ length: 200 }, (_, i) => ((i * 2654435761 + seed * 40503) >>> 9) & 1);
       const x0 = bits(0);
       const basis = Array.from({ length: 18 }, (_, g) => bits(g + 1));
       const one = JSON.stringify(laneScan(x0, basis));
       let agree = 0;
       for (let i = 0; i < 12000; i++) if (JSON.stringify(laneScan(x0, basis, { threads: 2, onProgress() {} })) === one) agree++;
       const m = BitMatrix.random(2048, 2048, { seed: 5 });
       const rank = m.rank({ threads: 1 });
       for (let i = 0; i < 20; i++) if (m.rank({ threads: 2 }) === rank) agree++;
       endThreads();
       console.log(threads, agree);`,
      300,
    );
    expect(ran.signal, "the child hung (killed at its time limit)").toBeNull();
    expect([ran.stderr, ran.code]).toEqual(["", 0]);
    expect(ran.stdout).toBe("2 12020\n");
  }, 320_000);
});
