// Threaded kernels compiled by V8's baseline compiler only (Liftoff, no
// tier-up). In Node 20 (V8 11.3) Liftoff loses the values a function holds
// across the memory.atomic.wait32 instruction: a leader that slept there
// came back with its count of the job's units as 0, while the helpers had
// finished all of them, and waited for ever (a CI run hung for 80 minutes on
// the threaded lane scan). The kernel now sleeps in an imported
// Atomics.wait. Runs the built package in a child process, so that a hang
// fails this test (the child's time limit) instead of stalling the runner.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const GF2 = fileURLToPath(new URL("../dist/entries/gf2.js", import.meta.url));
const COSET = fileURLToPath(new URL("../dist/solvers/coset.js", import.meta.url));

/** `node FLAGS script.mjs`, the script written to a temporary folder; killed after `seconds`. */
function runNode(flags: string[], script: string, seconds: number) {
  const dir = mkdtempSync(join(tmpdir(), "lightsout-liftoff-"));
  try {
    const file = join(dir, "script.mjs");
    writeFileSync(file, script);
    const result = spawnSync(process.execPath, [...flags, file], { encoding: "utf8", timeout: seconds * 1000 });
    return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("threaded kernels under V8's baseline compiler alone", () => {
  beforeAll(() => {
    if (!existsSync(GF2)) throw new Error(`${GF2} is missing: run 'pnpm --filter @lightsout/core build' first`);
  });

  it("thousands of short threaded jobs all finish, with one thread's answers", () => {
    // a lane scan of 2^18 members in slices of one chunk (2^16 members): four jobs of one
    // unit each, so that the leader often sleeps while the helper scans. Before the fix
    // about half of the runs of 4000 scans hung. The child's limit is 20x its usual
    // time here (about 12 s), not a race: only a hang reaches it.
    const ran = runNode(
      ["--liftoff", "--no-wasm-tier-up"],
      `import { initThreads, endThreads, BitMatrix } from ${JSON.stringify(GF2)};
       import { laneScan } from ${JSON.stringify(COSET)};
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
