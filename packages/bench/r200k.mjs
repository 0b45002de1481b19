import { sparseRank } from "@lightsout/core/sparse";
import { randomSparse } from "/tmp/wt-sparse-a/packages/bench/dist/sparse.js";
const n = Number(process.argv[2] ?? 200000);
const h = Number(process.argv[3] ?? 0.02);
const m = randomSparse(n, n, 10, n);
const t0 = performance.now();
let last = 0;
try {
  const r = sparseRank(m, { method: "structured", handOverDensity: h, onProgress: (p) => { const now = performance.now(); if (now - last > 5000) { last = now; console.log(p.phase, p.done, p.total, Math.round(now - t0), "ms", Math.round(process.memoryUsage().rss / 2**20), "MiB"); } } });
  console.log(JSON.stringify({ rank: r.rank, ms: performance.now() - t0, stats: r.structured, rss: process.memoryUsage().rss / 2**20 }));
} catch (e) { console.log("failed", performance.now() - t0, e.message); }
