// How many cores this machine has: the one count behind the default of
// every "all cores" option (threaded elimination, nullity sweeps, the ILP).
// A module of its own, free of the kernel, so that a page importing only
// nullitySweep does not load the threads' WebAssembly for it.

/** What is read of Node's `node:os`. */
export interface CoreCounter {
  availableParallelism?: () => number;
  cpus: () => unknown[];
}

type NodeProcess = { versions?: { node?: string }; getBuiltinModule?: (name: string) => unknown };

const nodeProcess = (globalThis as { process?: NodeProcess }).process;

/** True in Node (and runtimes that pass for it). */
const isNode = nodeProcess?.versions?.node !== undefined;

/**
 * Cores of this machine: `os.availableParallelism()` in Node,
 * `navigator.hardwareConcurrency` in browsers.
 *
 * @param os - Node's `node:os`, for callers that loaded it themselves (a
 *   Node older than 20.16 has no `process.getBuiltinModule` to load it here,
 *   and the count is then 1); by default loaded synchronously in Node.
 * @returns At least 1.
 */
export function availableCores(os: CoreCounter | undefined = nodeOs()): number {
  if (isNode) {
    if (os === undefined) return 1;
    return Math.max(1, os.availableParallelism?.() ?? os.cpus().length);
  }
  const navigator = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator;
  return Math.max(1, navigator?.hardwareConcurrency ?? 1);
}

/** `node:os`, loaded synchronously (Node 20.16+), or undefined elsewhere. */
function nodeOs(): CoreCounter | undefined {
  if (!isNode) return undefined;
  return nodeProcess?.getBuiltinModule?.("node:os") as CoreCounter | undefined;
}
