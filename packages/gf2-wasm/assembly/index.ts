// The exported boundary: each kernel takes the address of its descriptor, an
// @unmanaged class of named fields (its arguments and its state between
// slices), written by the caller into the descriptor block. The bindings
// (dist/kernels.js, .d.ts) are generated from these sources by
// scripts/bindings.mjs. The TypeScript glue in @lightsout/core owns every
// allocation and every typed-array view.

export { echelonizeNaive, echelonizeM4ri } from "./echelon";
export { addBlocks, addTerms, mulAddM4rm, mulNaive } from "./multiply";
export { pleBase, pleFinish, pleSwaps, trsmM4r } from "./ple";
export { transpose } from "./transpose";
export { firstSetColumnIn, reverseByteBits } from "./layout";
export { backSubstitute, copyBits, nullspace } from "./copy";
export { chaseSteps } from "./chase";
export { cosetMinimum, cosetDistribution, cosetScanLanes, infoSetTail } from "./coset";
export { polyGcd } from "./poly";
export { zpEchelon } from "./zp";
export { bandedEchelon } from "./banded";
export { blockMulAdd, projectRows, spmvRows } from "./spmv";
export { berlekampMasseySteps } from "./berlekamp-massey";

export { allocate as alloc, deallocate as free, zero } from "./heap";
export { descriptorBlock, descriptorLayout } from "./index-descriptors";
