// The kernel's heap (assembly/heap.ts) on fresh instances: blocks never
// overlap and keep their contents, freed memory is reused, blocks past
// 2 GiB are ordinary, and a request that cannot be met traps without
// harming the heap. Blocks are stamped only at their ends, so filling the
// 4 GiB address space touches a few pages, not gigabytes.
import { type Gf2Exports, instantiate } from "@lightsout/gf2-wasm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const GiB = 2 ** 30;
const MiB = 2 ** 20;
/** The module declares at most 65535 pages of 64 KiB. */
const MAX_MEMORY = 65535 * 65536;

interface Block {
  ptr: number;
  bytes: number;
  stamp: number;
}

/** Allocates and stamps the first and last 4 bytes with `stamp`. */
function take(k: Gf2Exports, bytes: number, stamp: number): Block {
  const ptr = k.alloc(bytes) >>> 0;
  const view = new DataView(k.memory.buffer);
  view.setUint32(ptr, stamp, true);
  view.setUint32(ptr + Math.max(bytes, 16) - 4, stamp ^ 0xffffffff, true);
  return { ptr, bytes, stamp };
}

function intact(k: Gf2Exports, b: Block): boolean {
  const view = new DataView(k.memory.buffer);
  return (
    view.getUint32(b.ptr, true) === b.stamp &&
    view.getUint32(b.ptr + Math.max(b.bytes, 16) - 4, true) === (b.stamp ^ 0xffffffff) >>> 0
  );
}

/** Every block 16-aligned, inside memory, disjoint from the others, its stamps intact. */
function checkAll(k: Gf2Exports, blocks: readonly Block[]): void {
  const size = k.memory.buffer.byteLength;
  const sorted = [...blocks].sort((a, b) => a.ptr - b.ptr);
  sorted.forEach((b, i) => {
    expect(b.ptr % 16).toBe(0);
    expect(b.ptr + b.bytes).toBeLessThanOrEqual(size);
    if (i > 0) expect(sorted[i - 1]!.ptr + Math.max(16, sorted[i - 1]!.bytes)).toBeLessThanOrEqual(b.ptr);
    expect(intact(k, b)).toBe(true);
  });
}

describe("the kernel's heap", () => {
  it("random allocations and frees: disjoint, aligned, contents kept; all freed, memory is reused whole", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            free: fc.boolean(),
            which: fc.nat(),
            bytes: fc.oneof(fc.integer({ min: 0, max: 256 }), fc.integer({ min: 1, max: 4 * MiB })),
          }),
          { minLength: 1, maxLength: 120 },
        ),
        (ops) => {
          const k = instantiate();
          const live: Block[] = [];
          let stamp = 1;
          for (const op of ops) {
            if (op.free && live.length > 0) {
              const [b] = live.splice(op.which % live.length, 1);
              k.free(b!.ptr);
            } else {
              live.push(take(k, op.bytes, stamp++));
            }
            checkAll(k, live);
          }
          const total = live.reduce((s, b) => s + b.bytes, 0);
          for (const b of live) k.free(b.ptr);
          // everything merged back: one block as large as all of them fits without growing
          const size = k.memory.buffer.byteLength;
          take(k, Math.max(total, 16), 7);
          expect(k.memory.buffer.byteLength).toBe(size);
        },
      ),
      { seed: 20261130, numRuns: 40 },
    );
  });

  it("fills the 4 GiB address space, reads blocks past 2 GiB unsigned, fails at the top and stays usable", () => {
    const k = instantiate();
    const blocks: Block[] = [];
    for (let i = 0; i < 3; i++) blocks.push(take(k, GiB, 0x1234 + i));
    expect(blocks.map((b) => b.ptr > 2 * GiB)).toEqual([false, false, true]);
    // what is left below the top, less headers: a 1 GiB block no longer fits
    expect(() => k.alloc(GiB)).toThrow(WebAssembly.RuntimeError);
    const rest = MAX_MEMORY - blocks[2]!.ptr - GiB - 64 * 1024;
    const last = take(k, rest, 0xbeef);
    expect(last.ptr + rest).toBeGreaterThan(4 * GiB - 128 * 1024);
    expect(k.memory.buffer.byteLength).toBeLessThanOrEqual(MAX_MEMORY);
    expect(() => k.alloc(GiB)).toThrow(WebAssembly.RuntimeError);
    expect(() => k.alloc(16 * MiB)).toThrow(WebAssembly.RuntimeError);
    checkAll(k, [...blocks, last]);
    // free one in the middle: the same request gets the same place back
    k.free(blocks[1]!.ptr);
    const again = take(k, GiB, 0x5678);
    expect(again.ptr).toBe(blocks[1]!.ptr);
    k.free(last.ptr);
    const small = take(k, 64, 0x9);
    checkAll(k, [blocks[0]!, again, blocks[2]!, small]);
  });

  it("gives one block of 3 GiB; refuses one over 4 GiB less 64 MiB, and a second free, with a trap and no harm", () => {
    const big = instantiate();
    const huge = take(big, 3 * GiB, 0x77);
    expect(huge.ptr + huge.bytes).toBeGreaterThan(3 * GiB);
    checkAll(big, [huge]);
    const k = instantiate();
    const a = take(k, 1000, 0x42);
    expect(() => k.alloc(4 * GiB - 64 * MiB + 1)).toThrow(WebAssembly.RuntimeError);
    k.free(a.ptr);
    expect(() => k.free(a.ptr)).toThrow(WebAssembly.RuntimeError);
    const b = take(k, 1000, 0x43);
    expect(b.ptr).toBe(a.ptr);
    checkAll(k, [b]);
  });
});
