// The call protocol of the kernels. A kernel takes the address of its
// descriptor: an @unmanaged class of named fields (assembly/*.ts), which the
// caller writes into the module's descriptor block. invoke writes `args`
// there by name with the generated layout (kernels.js), calls the kernel and
// reads every field back into `args`, so that a kernel's state between
// slices (the next column, the best weight so far) comes back by name.
// Before the first call on a module it checks the module's own table of
// sizes and offsets (offsetof, assembly/*-descriptors.ts) against the layout.

import { descriptorLayouts, kernelDescriptors } from "./kernels.js";

const SETTERS = {
  i8: "setInt8",
  u8: "setUint8",
  bool: "setUint8",
  i16: "setInt16",
  u16: "setUint16",
  i32: "setInt32",
  isize: "setInt32",
  u32: "setUint32",
  usize: "setUint32",
  f32: "setFloat32",
  f64: "setFloat64",
  i64: "setBigInt64",
  u64: "setBigUint64",
};
const GETTERS = Object.fromEntries(Object.entries(SETTERS).map(([type, set]) => [type, set.replace("set", "get")]));

const names = Object.keys(descriptorLayouts);
/** The descriptor block of each module whose table has been checked. */
const blocks = new WeakMap();

/** The module's descriptor block, once its table of layouts matches the bindings. */
function blockOf(k) {
  const known = blocks.get(k);
  if (known !== undefined) return known;
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
  const address = k.descriptorBlock() >>> 0;
  blocks.set(k, address);
  return address;
}

export function invoke(k, kernel, args) {
  const layout = descriptorLayouts[kernelDescriptors[kernel]];
  if (layout === undefined || typeof k[kernel] !== "function") {
    throw new TypeError(`@lightsout/gf2-wasm: ${String(kernel)} is not a kernel of this module`);
  }
  const at = blockOf(k);
  let view = new DataView(k.memory.buffer, at, layout.size);
  for (const [name, offset, type] of layout.fields) {
    const value = args[name];
    if (typeof value !== (type === "i64" || type === "u64" ? "bigint" : "number")) {
      throw new TypeError(
        `@lightsout/gf2-wasm: ${kernel} expected "${name}" (${type}) in its descriptor, got ${value}`,
      );
    }
    view[SETTERS[type]](offset, value, true);
  }
  const result = k[kernel](at);
  // kernels never grow memory, but a view is cheap and never stale
  view = new DataView(k.memory.buffer, at, layout.size);
  for (const [name, offset, type] of layout.fields) args[name] = view[GETTERS[type]](offset, true);
  return result;
}
