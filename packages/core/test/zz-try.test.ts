import { test, expect } from "vitest";
import { blockWiedemannRank } from "../src/sparse/wiedemann/index.js";
import { randomSparse, singularSparse, toDense, sparseTimes } from "./_sparse.js";
test("try", () => {
  for (const [n, z, d] of [[50, 0, 0], [200, 2, 3], [300, 0, 0], [130, 5, 0]] as const) {
    const m = z + d > 0 ? singularSparse(n, 4, z, d, n) : randomSparse(n, n, 3, n);
    const dense = toDense(m).rank();
    for (const engine of ["ts", "wasm"] as const) {
      const r = blockWiedemannRank(m, { engine, threads: 1 });
      console.log(n, engine, "dense", dense, "wied", r.rank, r.kernel.length, r.guarantee, r.timings);
      for (const v of r.kernel) expect(sparseTimes(m, v).every((b) => b === 0)).toBe(true);
    }
  }
});
