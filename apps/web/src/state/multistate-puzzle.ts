// Multi-state puzzles, loaded when one is asked for: the Z_k code of the
// engine stays off Play's first screen (two-state puzzles need none of it).

export { randomMultiStatePuzzle } from "@lightsout/core/lightsout";
