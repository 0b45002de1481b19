import { test } from "vitest";
import { blockWiedemannRank } from "../src/sparse/wiedemann/index.js";
import { randomSparse } from "./_sparse.js";
test("perf", () => {
  for (const n of [5000, 10000, 20000]) {
    const m = randomSparse(n, n, 10, n);
    const t = performance.now();
    const r = blockWiedemannRank(m, { threads: 1 });
    console.log(n, r.rank, r.timings, performance.now() - t);
  }
}, 600000);
