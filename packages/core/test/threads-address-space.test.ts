// Helper threads and nullity workers under a limit on address space
// (ulimit -v), with Node's --disable-wasm-trap-handler (so that WebAssembly
// memories reserve their size, capped by --wasm-max-mem-pages, instead of
// 10 GiB each). V8 reserves 512 MiB of code range per thread by default; a
// few default helpers did not fit in 2 GB and the process stopped at once
// ("Fatal process OOM in Failed to reserve virtual memory for CodeRange",
// SIGTRAP), whatever the caller could catch. Runs the built package.
//
// The limit is 3 GB: eight workers with V8's default code range need more
// than 4 GB (eight plain workers stopped at once under it, SIGTRAP), and
// with ours a sweep on eight workers takes about 1.8 GB of address space.
// Under 2 GB that left too little for V8's own heap growth: 1 run in 10-20
// ended in "Committing semi space failed" (SIGABRT) mid-sweep.
const LIMIT_KIB = 3_000_000;
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const GF2 = fileURLToPath(new URL("../dist/entries/gf2.js", import.meta.url));
const NULLITY = fileURLToPath(new URL("../dist/entries/nullity.js", import.meta.url));

/** `node FLAGS script.mjs` under `ulimit -v KIB`, the script written to a temporary folder. */
function underLimit(kib: number, script: string) {
  const dir = mkdtempSync(join(tmpdir(), "lightsout-ulimit-"));
  try {
    const file = join(dir, "script.mjs");
    writeFileSync(file, script);
    const node = ["--disable-wasm-trap-handler", "--wasm-max-mem-pages=4096", file];
    const result = spawnSync("/bin/sh", ["-c", `ulimit -v ${kib} && exec "$0" "$@"`, process.execPath, ...node], {
      encoding: "utf8",
      env: { ...process.env, MALLOC_ARENA_MAX: "2" },
      timeout: 120_000,
    });
    if (result.error) throw result.error;
    return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.runIf(process.platform === "linux")(`threads under ulimit -v ${LIMIT_KIB}`, () => {
  beforeAll(() => {
    if (!existsSync(GF2)) throw new Error(`${GF2} is missing: run 'pnpm --filter @lightsout/core build' first`);
  });

  it("8 threads eliminate (7 helpers), and the ranks match one thread's", () => {
    const ran = underLimit(
      LIMIT_KIB,
      `import { BitMatrix, initThreads, endThreads } from ${JSON.stringify(GF2)};
       const threads = await initThreads(8);
       const ranks = [1, 8].map((t) => BitMatrix.random(1024, 1024, { seed: 3 }).rank({ threads: t }));
       endThreads();
       console.log(threads, ranks.join(" "));`,
    );
    expect([ran.signal, ran.stderr, ran.code]).toEqual([null, "", 0]);
    expect(ran.stdout).toMatch(/^8 (\d+) \1\n$/);
  });

  it("a nullity sweep on 8 workers", async () => {
    const ran = underLimit(
      LIMIT_KIB,
      `import { nullitySweep } from ${JSON.stringify(NULLITY)};
       const sweep = async (workers) => {
         const out = [];
         for await (const r of nullitySweep({ kind: "square", from: 1, to: 1000 }, { workers })) out.push(r.nullity);
         return out.join(" ");
       };
       const [eight, one] = [await sweep(8), await sweep(1)];
       console.log(eight === one ? "same" : "different", eight.split(" ").length);`,
    );
    expect([ran.signal, ran.stderr, ran.code]).toEqual([null, "", 0]);
    expect(ran.stdout).toBe("same 1000\n");
  });
});
