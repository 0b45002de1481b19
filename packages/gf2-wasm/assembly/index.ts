// The exported boundary: scalars and byte offsets only. The TypeScript glue
// in @lightsout/core owns every allocation and every typed-array view.

export { echelonizeNaive, echelonizeM4ri } from "./echelon";
export { mulNaive, mulM4rm } from "./multiply";
export { transpose } from "./transpose";
export { backSubstitute, copyBits, nullspace } from "./copy";
export { anyBits } from "./rows";
export { chaseSteps } from "./chase";
export { cosetMinimum, cosetDistribution } from "./coset";
export { polyGcd } from "./poly";
export { zpEchelon } from "./zp";

/** Allocates `bytes` (16-aligned, not zeroed) from the instance's heap. */
export function alloc(bytes: usize): usize {
  return heap.alloc(bytes);
}

/** Returns a block from `alloc` to the heap for reuse. */
export function free(ptr: usize): void {
  heap.free(ptr);
}
