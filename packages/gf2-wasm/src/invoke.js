// The call protocol of the kernels. A kernel takes the address of its
// descriptor: an @unmanaged class of named fields (assembly/*.ts), which the
// caller writes into the module's descriptor block. invoke(k, kernel, args)
// writes `args` there by name with the kernel's generated binding
// (kernels.js), calls the kernel and reads every field back into `args`, so
// that a kernel's state between slices (the next column, the best weight so
// far) comes back by name. The first call of a kernel on a module checks its
// descriptor's size and offsets against the module's own table (offsetof,
// assembly/*-descriptors.ts). A call adds a few dozen nanoseconds: the
// bindings are written out field by field, the views made once per growth
// of memory. Small: the web app loads this on its first screen.

/** Per module: its descriptor block, its views and the kernels checked. */
const modules = new WeakMap();
/** The last module called (most programs call one), to skip the WeakMap. */
let lastModule;
let lastState;

/**
 * The module's state, its views current: when memory grows, a non-shared
 * buffer detaches and its views read as empty; a shared one stays, and its
 * old views still cover the block (static data, at the start of memory).
 */
function moduleOf(k) {
  let m = k === lastModule ? lastState : modules.get(k);
  if (m === undefined) {
    m = { block: k.descriptorBlock() >>> 0, views: undefined, checked: new Set() };
    modules.set(k, m);
  }
  lastModule = k;
  lastState = m;
  if (m.views === undefined || m.views.i32.length === 0) {
    const buffer = k.memory.buffer;
    m.views = { i32: new Int32Array(buffer), u32: new Uint32Array(buffer), f64: new Float64Array(buffer) };
  }
  return m;
}

/** Refuses a kernel whose descriptor the module lays out otherwise than its binding (or lacks). */
function check(k, kernel) {
  const { id, size, offsets } = kernel.descriptor;
  // per descriptor: its index in the bindings, size, field count, offsets (a byte each)
  const table = new Uint8Array(k.memory.buffer, k.descriptorLayout() >>> 0);
  for (let d = 0, at = 2; d < table[0]; d++, at += 3 + table[at + 2]) {
    if (table[at] !== id) continue;
    if (table[at + 1] === size && table.slice(at + 3, at + 3 + table[at + 2]).join() === offsets.join()) return;
    break;
  }
  throw new Error(
    `@lightsout/gf2-wasm: this module lays out the descriptor of ${kernel.name} otherwise than its bindings ` +
      "(the package's files come from different builds)",
  );
}

export function invoke(k, kernel, args) {
  const m = moduleOf(k);
  const d = kernel.descriptor;
  if (!m.checked.has(kernel)) {
    check(k, kernel);
    m.checked.add(kernel);
  }
  try {
    d.write(m.views, m.block, args);
  } catch (error) {
    throw error instanceof TypeError ? new TypeError(`@lightsout/gf2-wasm: ${kernel.name} ${error.message}`) : error;
  }
  const result = k[kernel.name](m.block);
  // kernels never grow memory, but the views follow it if one ever does
  d.read(moduleOf(k).views, m.block, args);
  return result;
}
