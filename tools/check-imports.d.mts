/** One relative import: file and target relative to the source root, target as a .ts path. */
export interface ImportEdge {
  file: string;
  line: number;
  specifier: string;
  target: string;
}
/** Layers of packages/core/src, lowest first; folders in one inner list are peers. */
export declare const CORE_LAYERS: readonly (readonly string[])[];
/** The modules of packages/core/src that own the kernels' memory (relative to src, with "/"). */
export declare const MEMORY_OWNERS: readonly string[];
/** One message per place outside the memory owners that reads memory.buffer or imports @lightsout/gf2-wasm. */
export declare const MASTERMIND_MEMORY_OWNERS: readonly string[];
export declare function checkMemoryOwners(
  sources: readonly { file: string; text: string }[],
  memoryOwners?: readonly string[],
): string[];
/** The module specifiers of a source text with their 1-based lines (comments skipped). */
export declare function scanImports(text: string): { specifier: string; line: number }[];
/** One message per import that breaks the layers, a folder's privacy or makes a cycle between folders. */
export declare function checkGraph(edges: readonly ImportEdge[], layers: readonly (readonly string[])[]): string[];
/** One message per cycle between modules of apps/web/src, or import that breaks its folders' rules. */
export declare function checkWebGraph(edges: readonly ImportEdge[]): string[];
/** The edge of a relative import (target: the imported file relative to the source root, as .ts). */
export declare function edgeOf(file: string, specifier: string, line?: number): ImportEdge;
/** The relative imports of a source folder. */
export declare function coreGraph(srcDir: string): ImportEdge[];
/** Imports of our packages from apps and tools that bypass the export maps. */
export declare function checkConsumers(workspace: string, dirs: readonly string[]): string[];
/** Dependencies an app (apps/*) may not have, with the reason a problem gives. */
export declare const APP_FORBIDDEN: readonly { name: string; reason: string }[];
/** Workspace packages among themselves: imports by name, listed in package.json; no app depending on APP_FORBIDDEN. */
export declare function checkPackages(workspace: string): string[];
/** Every check on the workspace. */
export declare function checkWorkspace(workspace?: string): { problems: string[]; edges: number; webEdges: number };
