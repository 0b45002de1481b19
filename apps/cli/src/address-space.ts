/**
 * Running under a limit on address space (`ulimit -v`, RLIMIT_AS), as shared
 * hosts and batch schedulers set it.
 *
 * 64-bit V8 reserves about 10 GiB of address space for every WebAssembly
 * memory when it checks memory accesses with its trap handler (guard
 * regions instead of explicit bounds checks), so under a limit below that
 * not even the kernel of a 2 x 2 board can be created. Node's
 * `--disable-wasm-trap-handler` makes V8 check bounds in the code instead;
 * each memory then reserves its maximum size, which `--wasm-max-mem-pages`
 * caps. The `lightsout` binary restarts itself once with both flags when
 * the limit is too small for the default ({@link restartFlags}), and the
 * commands size their threads and word their errors by the same numbers.
 *
 * Linux only: elsewhere (no `/proc`) nothing changes.
 *
 * @module
 */
import { readFileSync } from "node:fs";

/** Bytes of a WebAssembly page. */
export const WASM_PAGE = 65536;
/** Pages of the largest WebAssembly memory (the kernels' declared maximum: 4 GiB less 64 KiB). */
export const WASM_MAX_PAGES = 65535;
/** Address space 64-bit V8 reserves per WebAssembly memory with trap-handler bounds checks. */
export const GUARDED_MEMORY_BYTES = 10 * 2 ** 30;
/**
 * Address space kept free besides two capped WebAssembly memories (the
 * kernel's, which its helper threads share, and one more: the Mastermind
 * kernel's or HiGHS'): the JavaScript heap as it grows, malloc's arenas
 * (two, with `MALLOC_ARENA_MAX=2`), buffers of the input.
 */
export const HEADROOM_BYTES = 256 * 2 ** 20;
/**
 * Address space of one helper thread or nullity worker: its stack, its V8
 * heap and code range (measured about 12 MiB per helper; 16 kept).
 */
export const THREAD_BYTES = 16 * 2 ** 20;
/** The smallest cap on a WebAssembly memory worth starting with: 16 MiB. */
const MIN_PAGES = 256;

/** Node's flag that turns the trap handler off (Node 20.15 and later). */
export const NO_TRAP_HANDLER = "--disable-wasm-trap-handler";
/** V8's flag capping every WebAssembly memory, in pages. */
const MAX_PAGES_FLAG = "--wasm-max-mem-pages=";

/**
 * The soft limit on this process's address space, from `/proc/self/limits`.
 *
 * @param limits - the text of `/proc/self/limits` (read when left out)
 * @returns bytes, or undefined when unlimited or unknown (no `/proc`)
 */
export function addressSpaceLimit(limits?: string): number | undefined {
  const text = limits ?? readProc("/proc/self/limits");
  const value = text === undefined ? undefined : /^Max address space\s+(\S+)/m.exec(text)?.[1];
  if (value === undefined || value === "unlimited") return undefined;
  const bytes = Number(value);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/**
 * The address space this process holds now (`VmSize` of `/proc/self/status`).
 *
 * @returns bytes, or undefined when unknown (no `/proc`)
 */
export function addressSpaceInUse(): number | undefined {
  const kib = /^VmSize:\s+(\d+) kB/m.exec(readProc("/proc/self/status") ?? "")?.[1];
  return kib === undefined ? undefined : Number(kib) * 1024;
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** What {@link restartFlags} decides from. */
export interface ProcessState {
  /** The address-space limit in bytes, undefined when unlimited. */
  limit: number | undefined;
  /** Address space in use now, in bytes. */
  inUse: number;
  /** Cores the commands use by default (helper threads, nullity workers). */
  cores: number;
  /** Node's own flags of this process (`process.execArgv`). */
  execArgv: readonly string[];
  /** `NODE_OPTIONS` of the environment. */
  nodeOptions: string | undefined;
  /** Whether this Node knows {@link NO_TRAP_HANDLER}. */
  flagKnown: boolean;
}

/**
 * The Node flags to restart with, or undefined to run as is: when the
 * address space is limited below what the WebAssembly memories need with
 * the trap handler (10 GiB for each: the kernel's, which its threads
 * share, the kernel of every worker that has its own, HiGHS), and the trap
 * handler is not already off (by a flag or `NODE_OPTIONS`, which is also
 * the way to skip the restart). The flags turn the trap handler off and,
 * below 4 GiB per memory, cap each memory so that two of them fit beside
 * Node, the threads and some headroom.
 *
 * @param state - the limit, the address space in use, the cores and Node's flags
 * @returns e.g. `["--disable-wasm-trap-handler", "--wasm-max-mem-pages=7000"]`
 * @example
 * ```ts
 * restartFlags({ limit: 2_048_000_000, inUse: 780e6, cores: 2, execArgv: [], nodeOptions: undefined, flagKnown: true });
 * // ["--disable-wasm-trap-handler", "--wasm-max-mem-pages=7370"]
 * ```
 */
export function restartFlags(state: ProcessState): string[] | undefined {
  const { limit, inUse, cores } = state;
  if (limit === undefined || !state.flagKnown || trapHandlerOff(state.execArgv, state.nodeOptions)) return undefined;
  if (limit >= inUse + GUARDED_MEMORY_BYTES * (cores + 3) + THREAD_BYTES * cores) return undefined;
  const pages = memoryPages(limit, inUse, cores);
  return pages < WASM_MAX_PAGES ? [NO_TRAP_HANDLER, `${MAX_PAGES_FLAG}${pages}`] : [NO_TRAP_HANDLER];
}

/** The cap on each WebAssembly memory, in pages, for a limit, the space in use and the cores. */
export function memoryPages(limit: number, inUse: number, cores: number): number {
  const free = limit - inUse - HEADROOM_BYTES - THREAD_BYTES * cores;
  return Math.min(WASM_MAX_PAGES, Math.max(MIN_PAGES, Math.floor(free / 2 / WASM_PAGE)));
}

function trapHandlerOff(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return execArgv.includes(NO_TRAP_HANDLER) || (nodeOptions ?? "").split(/\s+/).includes(NO_TRAP_HANDLER);
}

/**
 * The largest WebAssembly memory this process may have, in bytes: the cap
 * of `--wasm-max-mem-pages` when it was started with one, else 4 GiB.
 *
 * @param execArgv - Node's flags of the process
 * @returns bytes
 */
export function wasmMemoryCap(execArgv: readonly string[] = process.execArgv): number {
  const flag = execArgv.filter((arg) => arg.startsWith(MAX_PAGES_FLAG)).at(-1);
  const pages = flag === undefined ? Number.NaN : Number(flag.slice(MAX_PAGES_FLAG.length));
  return (Number.isSafeInteger(pages) && pages > 0 ? Math.min(pages, WASM_MAX_PAGES) : WASM_MAX_PAGES) * WASM_PAGE;
}

/**
 * The limit as `ulimit -v` shows it, for messages.
 *
 * @param limit - bytes
 * @returns e.g. `ulimit -v 2000000` (KiB, as the shell counts)
 */
export function ulimitText(limit: number): string {
  return `ulimit -v ${Math.floor(limit / 1024)}`;
}

/** Room for helper threads under an address-space limit: see {@link threadRoom}. */
export interface ThreadRoom {
  /** The limit, in bytes. */
  limit: number;
  /** Address space left now for the threads and their shared memory, in bytes. */
  left: number;
  /** The threads (the caller's included) that fit in it: at least 1. */
  threads: number;
}

/**
 * How many threads (the caller's included) a threaded elimination may start
 * under the address-space limit: each helper's own space (they share the
 * kernel's memory, which exists already). Call it once the kernel's memory
 * exists (after the first matrix), so that what is in use counts it.
 *
 * @returns the room, or undefined when the address space is not limited (or unknown)
 */
export function threadRoom(): ThreadRoom | undefined {
  const limit = addressSpaceLimit();
  const inUse = limit === undefined ? undefined : addressSpaceInUse();
  if (limit === undefined || inUse === undefined) return undefined;
  const left = Math.max(0, limit - inUse - HEADROOM_BYTES / 2);
  return { limit, left, threads: Math.max(1, 1 + Math.floor(left / THREAD_BYTES)) };
}

/**
 * Address space a threaded elimination on `threads` threads takes beside
 * the kernel's memory: the helpers'.
 *
 * @param threads - threads, the caller's included (at least 2)
 * @returns bytes
 */
export function threadBytes(threads: number): number {
  return (threads - 1) * THREAD_BYTES;
}
