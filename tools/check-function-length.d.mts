/** The longest function allowed, in lines. */
export declare const MAX_FUNCTION_LINES: number;
/** One function: its file (as given), first line (1-based), a name to find it by, and its length in lines. */
export interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
}
/** Every function of the given sources (parsed by the TypeScript compiler) with its length in lines. */
export declare function measureFunctions(sources: readonly { file: string; text: string }[]): FunctionLength[];
/** Source files below a folder (.ts, .mts, .tsx, .js, .mjs), skipping dist, node_modules and declarations. */
export declare function sourceFiles(dir: string): string[];
/** The functions longer than `max` lines in the folders, longest first. */
export declare function checkFunctionLengths(
  folders: readonly string[],
  max?: number,
): { files: number; functions: number; tooLong: FunctionLength[] };
