// An engine that cannot reserve the kernel's memory (as under `ulimit -v`,
// where V8 fails with "WebAssembly.Instance(): Out of memory") gets an
// error that names the cause and the way out, not V8's bare message.
import { describe, expect, it, vi } from "vitest";

const outOfMemory = () => {
  throw new RangeError("WebAssembly.Instance(): Out of memory: Cannot allocate Wasm memory for new instance");
};
// both builds: the kernel is the shared-memory one where threads can run (as here), else the single-thread one
vi.mock("@lightsout/gf2-wasm", async (original) => ({
  ...(await original<typeof import("@lightsout/gf2-wasm")>()),
  instantiate: outOfMemory,
}));
vi.mock("@lightsout/gf2-wasm/threads", async (original) => ({
  ...(await original<typeof import("@lightsout/gf2-wasm/threads")>()),
  instantiateThreads: outOfMemory,
}));

const { BitMatrix } = await import("../src/index.js");

describe("WASM memory that cannot be reserved", () => {
  it("is a RangeError naming the three remedies: a higher limit, Node's flag, the TypeScript engine", () => {
    expect(() => BitMatrix.random(64, 64)).toThrow(RangeError);
    expect(() => BitMatrix.random(64, 64)).toThrow(
      /^the GF\(2\) kernel could not reserve address space for its WebAssembly memory \(WebAssembly\.Instance\(\): Out of memory: .*\): 64-bit V8 reserves about 10 GiB per WebAssembly memory for its trap handler; raise the limit on virtual memory \(ulimit -v\) to 12 GiB or more, start Node with --disable-wasm-trap-handler \(Node 20\.15\+; also in NODE_OPTIONS\), or use \{ engine: "ts" \}$/,
    );
    using m = BitMatrix.random(64, 64, { engine: "ts" });
    expect(m.rows).toBe(64);
  });
});
