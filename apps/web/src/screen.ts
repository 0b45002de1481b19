// The contract between the shell (main.ts) and each screen module.

/** Where a screen is drawn and what it may ask of the shell. */
export interface ScreenContext {
  /** The query part of the current URL hash (`#/play?board=...` gives `board=...`). */
  params: URLSearchParams;
  /**
   * Write the hash query without reloading the screen (for shareable URLs): in place, or with
   * `push` as a new history entry (a move in a game), so that Back returns to the one before.
   * Nothing is pushed when the query is unchanged.
   */
  setParams(params: URLSearchParams, options?: { push?: boolean }): void;
  /** Move to another screen, optionally with parameters. */
  navigate(screen: ScreenName, params?: URLSearchParams): void;
}

/** The screens, in navigation order. */
export type ScreenName = "play" | "build" | "learn" | "explore" | "mastermind";

/** A screen draws itself into `root` and returns a function that tears it down (workers, timers, listeners). */
export type MountScreen = (root: HTMLElement, context: ScreenContext) => () => void;
