// The call protocol of the kernels. A kernel takes the address of its
// descriptor: an @unmanaged class of named fields (assembly/*.ts), which the
// caller writes into the module's descriptor block. invoke writes `args`
// there by name with the generated accessors (kernels.js), calls the kernel
// and reads every field back into `args`, so that a kernel's state between
// slices (the next column, the best weight so far) comes back by name.
// Before the first call on a module it checks the module's own table of
// sizes and offsets (offsetof, assembly/*-descriptors.ts) against the
// layouts. Small matrices make many short calls: a call adds a few dozen
// nanoseconds (generated accessors, views made once per growth of memory).

import { descriptorLayouts, kernelDescriptors } from "./kernels.js";

const names = Object.keys(descriptorLayouts);

/** Per module: its descriptor block and its views (made again when its memory grows). */
const modules = new WeakMap();

/** Checks the module's table of layouts against the bindings; returns its descriptor block. */
function checkedBlock(k) {
  const table = new Uint8Array(k.memory.buffer, k.descriptorLayout() >>> 0);
  const [count, block] = table;
  let at = 2;
  for (let d = 0; d < count; d++) {
    const name = names[table[at]];
    const size = table[at + 1];
    const offsets = table.subarray(at + 3, at + 3 + table[at + 2]);
    at += 3 + offsets.length;
    const layout = descriptorLayouts[name];
    const same =
      layout !== undefined &&
      layout.size === size &&
      size <= block &&
      layout.fields.length === offsets.length &&
      layout.fields.every(([, offset], i) => offsets[i] === offset);
    if (!same) {
      throw new Error(
        `@lightsout/gf2-wasm: the module lays out ${name ?? "a descriptor"} otherwise than its bindings ` +
          "(dist/kernels.js, made by scripts/bindings.mjs): the package's files come from different builds",
      );
    }
  }
  return k.descriptorBlock() >>> 0;
}

/** The views a layout's accessors go through, over one buffer. */
function viewsOver(buffer) {
  return {
    i8: new Int8Array(buffer),
    u8: new Uint8Array(buffer),
    i16: new Int16Array(buffer),
    u16: new Uint16Array(buffer),
    i32: new Int32Array(buffer),
    u32: new Uint32Array(buffer),
    f32: new Float32Array(buffer),
    f64: new Float64Array(buffer),
    i64: new BigInt64Array(buffer),
    u64: new BigUint64Array(buffer),
  };
}

/** The last module called (most programs call one), to skip the WeakMap. */
let lastModule;
let lastState;

/**
 * The module's state (its table checked on first use), its views current:
 * when memory grows, a non-shared buffer detaches and its views read as
 * empty; a shared one stays, and its old views still cover the block
 * (static data, at the start of memory).
 */
function moduleOf(k) {
  let m = k === lastModule ? lastState : modules.get(k);
  if (m === undefined) {
    m = { block: checkedBlock(k), views: viewsOver(k.memory.buffer) };
    modules.set(k, m);
  }
  lastModule = k;
  lastState = m;
  if (m.views.u8.length === 0) m.views = viewsOver(k.memory.buffer);
  return m;
}

export function invoke(k, kernel, args) {
  const layout = descriptorLayouts[kernelDescriptors[kernel]];
  const call = k[kernel];
  if (layout === undefined || typeof call !== "function") {
    throw new TypeError(`@lightsout/gf2-wasm: ${String(kernel)} is not a kernel of this module`);
  }
  const m = moduleOf(k);
  try {
    layout.write(m.views, m.block, args);
  } catch (error) {
    const field = layout.fields[error?.field];
    if (field === undefined) throw error;
    throw new TypeError(
      `@lightsout/gf2-wasm: ${kernel} expected "${field[0]}" (${field[2]}) in its descriptor, ${error.message}`,
    );
  }
  const result = call(m.block);
  // kernels never grow memory, but the views follow it if one ever does
  if (m.views.u8.length === 0) m.views = viewsOver(k.memory.buffer);
  layout.read(m.views, m.block, args);
  return result;
}
