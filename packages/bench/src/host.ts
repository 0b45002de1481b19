// How much of a second core the machine gives right now: a busy loop's work
// on one thread, then on two threads at once, in a process of its own. A
// KVM guest's cores are threads of its host, which may lend part of one to
// other guests for a while: two threads then do less than twice the work of
// one, and a run of ours on two threads against M4RI's on one moves with it
// (on the 2-core guest of docs/BENCHMARKS.md, two threads did 1.89-2.04x
// one's work from one probe to the next, one of the pair about 10% slower).
import { spawnSync } from "node:child_process";

/** Work done by a busy loop in the probe's time (units of 10^5 steps of a random number generator). */
export interface CoreShare {
  /** One thread alone. */
  one: number;
  /** Two threads at once, each. */
  two: [number, number];
  /** (two[0] + two[1]) / one: 2 when the second core is whole. */
  ratio: number;
}

// The probe: each phase's threads loop for `ms` ms from one start; the JSON of CoreShare's counts on stdout.
const PROBE = `
import { Worker } from "node:worker_threads";
const ms = Number(process.argv[1]);
const loop = \`
const { parentPort, workerData } = require("node:worker_threads");
const { start, ms } = workerData; let n = 0, x = 1;
while (Date.now() < start);
while (Date.now() < start + ms) { for (let i = 0; i < 100000; i++) x = (x * 1103515245 + 12345) >>> 0; n++; }
parentPort.postMessage(n + (x & 0));
\`;
// the threads of a phase start together, once each is up (a worker takes tens of ms to start)
const run = (k, start = Date.now() + 200) => Promise.all(Array.from({ length: k }, () => new Promise((done, fail) => {
  const w = new Worker(loop, { eval: true, workerData: { start, ms }, execArgv: [] });
  w.once("message", done);
  w.once("error", fail);
})));
const [one] = await run(1);
const two = await run(2);
process.stdout.write(JSON.stringify({ one, two }));
`;

/**
 * Measures the share of a second core (see the module's comment).
 *
 * @param ms - Time of each phase (one thread, then two), ms.
 * @returns The counts and their ratio, or undefined when the probe could not run.
 */
export function measureCoreShare(ms = 500): CoreShare | undefined {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", PROBE, String(ms)], {
    encoding: "utf8",
    timeout: 20 * ms + 10_000,
  });
  if (run.status !== 0) return undefined;
  try {
    const { one, two } = JSON.parse(run.stdout) as { one: number; two: [number, number] };
    if (!(one > 0) || two.length !== 2) return undefined;
    return { one, two, ratio: (two[0] + two[1]) / one };
  } catch {
    return undefined;
  }
}
