// The call protocol into WebAssembly: the bindings generated from the
// AssemblyScript sources (descriptor layouts, kernel types) are those the
// sources give now, and those the compiled modules lay out; invoke refuses a
// module whose layout differs and a descriptor with a field missing; the
// runner of internal/kernel.ts slices, reports progress, stops on a signal
// and turns a trap into the clear error.

import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  descriptorLayouts,
  type Gf2Exports,
  instantiate,
  invoke,
  kernelDescriptors,
  polyGcdKernel,
} from "@lightsout/gf2-wasm";
import * as gf2 from "@lightsout/gf2-wasm";
import { createSharedMemory, instantiateThreads } from "@lightsout/gf2-wasm/threads";
import { describe, expect, it } from "vitest";
import { callKernel, kernelCopy, kernelView, runSlices, transposeKernel, withScratch } from "../src/internal/kernel.js";

type Layouts = typeof descriptorLayouts;
const names = Object.keys(descriptorLayouts) as (keyof Layouts)[];

/** A module's own table (assembly/*-descriptors.ts): per descriptor, the compiler's size and field offsets. */
function compiledLayouts(k: Pick<Gf2Exports, "memory" | "descriptorLayout">) {
  const table = new Uint8Array(k.memory.buffer, k.descriptorLayout() >>> 0);
  const found = new Map<string, { size: number; offsets: number[] }>();
  /** Where each descriptor's offsets start in the table. */
  const where = new Map<string, number>();
  let at = 2;
  for (let d = 0; d < table[0]!; d++) {
    const fields = table[at + 2]!;
    const name = names[table[at]!]!;
    found.set(name, { size: table[at + 1]!, offsets: Array.from(table.subarray(at + 3, at + 3 + fields)) });
    where.set(name, at + 3);
    at += 3 + fields;
  }
  return { block: table[1]!, found, where, table };
}

const modules = {
  "the single-thread module": instantiate(),
  "the shared-memory build": instantiateThreads(createSharedMemory()),
};

describe("the bindings", () => {
  it("are what scripts/bindings.mjs makes of the current AssemblyScript sources", () => {
    // run, not imported: the generator belongs to @lightsout/gf2-wasm's build
    const script = join(fileURLToPath(new URL("../..", import.meta.url)), "gf2-wasm", "scripts", "bindings.mjs");
    expect(execFileSync("node", [script, "--check"], { encoding: "utf8" })).toMatch(/up to date/);
  });

  it.each(Object.entries(modules))("match the layout the compiler gave %s (offsetof, size)", (_, k) => {
    const { block, found } = compiledLayouts(k);
    const kernels = Object.entries(kernelDescriptors).filter(([kernel]) => kernel in k);
    expect(kernels.length).toBeGreaterThan(1);
    for (const [kernel, descriptor] of kernels) {
      // one parameter: the descriptor's address
      expect((k as unknown as Record<string, (...args: number[]) => unknown>)[kernel]!.length, kernel).toBe(1);
      const layout = descriptorLayouts[descriptor as keyof Layouts];
      expect(found.get(descriptor), `${kernel} takes ${descriptor}`).toEqual({
        size: layout.size,
        offsets: layout.fields.map(([, offset]) => offset),
      });
      expect(layout.size).toBeLessThanOrEqual(block);
    }
    // no descriptor in the table that no kernel of the module takes
    expect([...found.keys()].sort()).toEqual([...new Set(kernels.map(([, d]) => d))].sort());
  });

  it("give each kernel a binding whose descriptor is the generated layout", () => {
    const bindings = gf2 as unknown as Record<
      string,
      { name: string; descriptor: { size: number; offsets: number[] } }
    >;
    for (const [kernel, descriptor] of Object.entries(kernelDescriptors)) {
      const binding = bindings[`${kernel}Kernel`];
      const layout = descriptorLayouts[descriptor as keyof Layouts];
      expect(binding?.name).toBe(kernel);
      expect(binding?.descriptor.size).toBe(layout.size);
      expect(binding?.descriptor.offsets).toEqual(layout.fields.map(([, offset]) => offset));
    }
  });

  it("name every field of every descriptor once, each at an offset aligned to its size", () => {
    const bytes: Record<string, number> = { i32: 4, u32: 4, usize: 4, f64: 8 };
    for (const name of names) {
      const { size, fields } = descriptorLayouts[name];
      expect(new Set(fields.map(([field]) => field)).size, name).toBe(fields.length);
      for (const [field, offset, type] of fields) {
        expect(bytes[type], `${name}.${field}: ${type}`).toBeDefined();
        expect(offset % bytes[type]!, `${name}.${field}`).toBe(0);
        expect(offset + bytes[type]!).toBeLessThanOrEqual(size);
      }
    }
  });
});

describe("invoke", () => {
  it("refuses a module whose layout differs from its bindings, before any call", () => {
    const k = instantiate();
    const { table, where } = compiledLayouts(k);
    // PolyGcdArgs.words (its third field) moved by 4 bytes, as when a class changes without its bindings
    table[where.get("PolyGcdArgs")! + 2]! += 4;
    expect(() => invoke(k, polyGcdKernel, { a: 16, b: 16, words: 2, maxSteps: 1 })).toThrow(
      /lays out the descriptor of polyGcd otherwise than its bindings/,
    );
  });

  it("refuses a descriptor with a field missing or of the wrong type", () => {
    const k = instantiate();
    expect(() => invoke(k, polyGcdKernel, { a: 16, b: 16, words: 2 } as never)).toThrow(
      /^@lightsout\/gf2-wasm: polyGcd expected "maxSteps" in its descriptor, got undefined$/,
    );
    expect(() => invoke(k, polyGcdKernel, { a: 16, b: 16, words: "2", maxSteps: 0 } as never)).toThrow(TypeError);
  });
});

/** x^n as GF(2) words (64-bit words as pairs of 32). */
const monomial = (n: number, words32: number) => {
  const w = new Uint32Array(words32);
  w[n >>> 5] = 1 << (n & 31);
  return w;
};

describe("the runner (internal/kernel.ts)", () => {
  /** gcd(x^a + 1, x^b + 1) = x^gcd(a, b) + 1 over GF(2), a step per call. */
  function slicedGcd(
    a: number,
    b: number,
    watch: { onProgress?: (done: number, total: number) => void; signal?: AbortSignal },
  ) {
    const words = 64;
    return withScratch("a test gcd", [words * 8, words * 8], ([pa, pb]) => {
      for (const [at, n] of [
        [pa, a],
        [pb, b],
      ] as const) {
        const w = monomial(n, words * 2);
        w[0]! |= 1;
        kernelView(Uint32Array, at, words * 2).set(w);
      }
      let calls = 0;
      const args = { a: pa, b: pb, words, maxSteps: 1 };
      const degree = runSlices(polyGcdKernel, args, {
        operation: "a test gcd",
        next: (_, last) => last === undefined || last === -2,
        after: () => ++calls,
        total: 1000,
        ...watch,
      });
      return { degree, calls, gcd: kernelCopy(Uint32Array, pa, words * 2), args };
    });
  }

  it("calls in slices, reads the state back by name and reports progress after each", () => {
    const reports: number[] = [];
    const { degree, calls, gcd, args } = slicedGcd(1000, 600, { onProgress: (done) => reports.push(done) });
    expect(degree).toBe(200); // gcd(1000, 600) = 200
    expect(gcd[0]).toBe(1);
    expect(gcd[200 >>> 5]! & (1 << (200 & 31))).not.toBe(0);
    expect(calls).toBeGreaterThan(1);
    expect(reports).toEqual(Array.from({ length: calls }, (_, i) => i + 1));
    expect(args).toEqual({ a: args.a, b: args.b, words: 64, maxSteps: 1 });
  });

  it("stops between slices when the signal is aborted", () => {
    const controller = new AbortController();
    let reports = 0;
    const onProgress = () => {
      if (++reports === 2) controller.abort(new Error("stop after two slices"));
    };
    expect(() => slicedGcd(1000, 600, { onProgress, signal: controller.signal })).toThrow("stop after two slices");
    expect(reports).toBe(2);
  });

  it("turns a trap into the clear error that names the operation", () => {
    // a destination past the end of memory: the kernel's store traps
    const args = { dst: 0xffff_ff00, dstStride: 2, src: 16, srcStride: 2, rows: 64, cols: 64 };
    expect(() => callKernel("a test transpose", transposeKernel, args)).toThrow(
      /^internal error in the GF\(2\) kernel during a test transpose \(memory access out of bounds\); please report it$/,
    );
  });
});
