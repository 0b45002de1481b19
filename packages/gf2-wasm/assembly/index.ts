// The exported boundary: scalars and byte offsets only. The TypeScript glue
// in @lightsout/core owns every allocation and every typed-array view.

export { echelonizeNaive, echelonizeM4ri } from "./echelon";
export { mulNaive, mulM4rm } from "./multiply";
export { transpose } from "./transpose";
export { backSubstitute, copyBits, nullspace } from "./copy";
export { anyBits } from "./rows";
export { chaseSteps } from "./chase";
export { cosetMinimum, cosetDistribution, cosetScanLanes, infoSetTail } from "./coset";
export { polyGcd } from "./poly";
export { zpEchelon } from "./zp";
export { bandedEchelon } from "./banded";

export { allocate as alloc, deallocate as free } from "./heap";
