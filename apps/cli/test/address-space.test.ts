// The restart under an address-space limit (src/address-space.ts): when it
// happens, with which flags, and that those flags leave room for both
// WebAssembly memories a threaded elimination needs (the kernel's and the
// threads' shared one) under 2 GB.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import {
  addressSpaceLimit,
  memoryPages,
  NO_TRAP_HANDLER,
  type ProcessState,
  restartFlags,
  WASM_MAX_PAGES,
  wasmMemoryCap,
} from "../src/address-space.js";

const GiB = 2 ** 30;

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max address space         2048000000           unlimited            bytes
Max file locks            unlimited            unlimited            locks
`;

describe("addressSpaceLimit", () => {
  it("reads the soft limit of /proc/self/limits in bytes; unlimited is undefined", () => {
    expect(addressSpaceLimit(LIMITS)).toBe(2_048_000_000);
    expect(addressSpaceLimit(LIMITS.replace("2048000000  ", "unlimited   "))).toBeUndefined();
    expect(addressSpaceLimit("")).toBeUndefined();
  });
});

describe("restartFlags", () => {
  const state: ProcessState = {
    limit: 2_048_000_000,
    inUse: 780 * 2 ** 20,
    cores: 2,
    execArgv: [],
    nodeOptions: undefined,
    flagKnown: true,
  };

  it("under 2 GB: the trap handler off and each memory capped so that two fit beside Node", () => {
    const flags = restartFlags(state)!;
    expect(flags[0]).toBe(NO_TRAP_HANDLER);
    const pages = Number(/^--wasm-max-mem-pages=(\d+)$/.exec(flags[1]!)?.[1]);
    expect(pages).toBe(memoryPages(state.limit!, state.inUse, state.cores));
    expect(state.inUse + 2 * pages * 65536).toBeLessThan(state.limit! - 256 * 2 ** 20);
    expect(pages * 65536).toBeGreaterThan(400 * 2 ** 20);
    expect(wasmMemoryCap(flags)).toBe(pages * 65536);
  });

  it("no cap where two 4 GiB memories fit; nothing where 10 GiB per memory fit", () => {
    expect(restartFlags({ ...state, limit: 20 * GiB })).toEqual([NO_TRAP_HANDLER]);
    expect(restartFlags({ ...state, limit: 60 * GiB })).toBeUndefined();
    expect(restartFlags({ ...state, limit: 60 * GiB, cores: 8 })).toEqual([NO_TRAP_HANDLER]);
  });

  it("nothing without a limit, with the trap handler already off, or on a Node without the flag", () => {
    expect(restartFlags({ ...state, limit: undefined })).toBeUndefined();
    expect(restartFlags({ ...state, execArgv: ["--disable-wasm-trap-handler"] })).toBeUndefined();
    expect(restartFlags({ ...state, nodeOptions: "--max-old-space-size=512 --disable-wasm-trap-handler" })).toBe(
      undefined,
    );
    expect(restartFlags({ ...state, flagKnown: false })).toBeUndefined();
  });

  it("a limit Node barely fits in still gets a 16 MiB cap, not less", () => {
    expect(memoryPages(900 * 2 ** 20, 780 * 2 ** 20, 2)).toBe(256);
    expect(memoryPages(100 * GiB, 780 * 2 ** 20, 2)).toBe(WASM_MAX_PAGES);
  });
});

describe.runIf(process.platform === "linux")("the restart flags under ulimit -v 2000000", () => {
  it("let the kernel's memory and a shared memory both grow to 256 MiB (without the cap: the shared one got nothing)", () => {
    // Node's own address space, measured in a child started as the CLI is
    const vmSize = spawnSync(
      process.execPath,
      ["-p", `/^VmSize:\\s+(\\d+)/m.exec(require("node:fs").readFileSync("/proc/self/status", "utf8"))[1]`],
      { encoding: "utf8" },
    );
    const flags = restartFlags({
      limit: 2_000_000 * 1024,
      inUse: Number(vmSize.stdout) * 1024,
      cores: availableParallelism(),
      execArgv: [],
      nodeOptions: undefined,
      flagKnown: true,
    })!;
    // as the kernels make them: a plain memory with the kernel's maximum, then the threads' shared one
    const probe = `
      const grown = (m) => { try { m.grow(4096 - 2); return true; } catch { return false; } };
      const plain = new WebAssembly.Memory({ initial: 2, maximum: ${WASM_MAX_PAGES} });
      const shared = new WebAssembly.Memory({ initial: 2, maximum: ${WASM_MAX_PAGES}, shared: true });
      console.log(grown(plain), grown(shared));`;
    const ran = spawnSync(
      "/bin/sh",
      ["-c", 'ulimit -v 2000000 && exec "$0" "$@"', process.execPath, ...flags, "-e", probe],
      { encoding: "utf8" },
    );
    expect([ran.stderr, ran.stdout]).toEqual(["", "true true\n"]);
  });
});
