// The contract between the shell (main.ts) and each screen module.

/** Where a screen is drawn and what it may ask of the shell. */
export interface ScreenContext {
  /** The query part of the current URL hash (`#/play?board=...` gives `board=...`). */
  params: URLSearchParams;
  /** Replace the hash query without reloading the screen (for shareable URLs). */
  setParams(params: URLSearchParams): void;
  /** Move to another screen, optionally with parameters. */
  navigate(screen: ScreenName, params?: URLSearchParams): void;
}

/** The screens, in navigation order. */
export type ScreenName = "play" | "build" | "learn" | "explore" | "mastermind";

/** A screen draws itself into `root` and returns a function that tears it down (workers, timers, listeners). */
export type MountScreen = (root: HTMLElement, context: ScreenContext) => () => void;
