// The optional peer dependency `highs` (HiGHS compiled to WebAssembly, 3.5 MB),
// needed only by exact fewest presses beyond enumeration. Imported by a name
// bundlers do not follow, so that a project without it still builds; a
// missing package becomes an error that says what to install.

/** The package name, in a variable: bundlers leave the import to run time. */
const HIGHS = "highs";

/** Error codes and messages of a module that cannot be found (Node, browsers, bundlers). */
const NOT_FOUND =
  /ERR_MODULE_NOT_FOUND|MODULE_NOT_FOUND|Cannot find (module|package)|Failed to resolve module specifier|Failed to fetch dynamically imported module|Importing a module script failed/i;

/** Whether `error`, or an error it wraps (its `cause`), says a module is missing. */
function notFound(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const message = e instanceof Error ? e.message : String(e);
    if (NOT_FOUND.test(`${typeof code === "string" ? code : ""} ${message}`)) return true;
  }
  return false;
}

/**
 * Imports the `highs` package.
 *
 * @param why - What needs it, for the error ("fewestPressesByIlp").
 * @returns The module namespace.
 * @throws {Error} naming the package to install when it is missing; other
 *   failures (a broken install) pass through unchanged.
 */
export async function importHighs(why: string): Promise<unknown> {
  try {
    return await import(/* @vite-ignore */ HIGHS);
  } catch (error) {
    if (!notFound(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${why} needs the optional package highs (integer programming), which is not installed: ` +
        `install it next to @lightsout/core (npm i highs) (${message})`,
      { cause: error },
    );
  }
}
