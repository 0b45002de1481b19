// The WebAssembly kernels compile asynchronously once, before any matrix
// work: Chromium refuses synchronous compiles of large modules on the main thread.

import { init } from "@lightsout/core";
import type { MountScreen, ScreenContext } from "./screen.js";
import { h } from "./ui/dom.js";

let ready: Promise<void> | undefined;

/**
 * Resolves once @lightsout/core's WebAssembly is compiled (shared by every screen).
 *
 * @returns A promise, the same one on every call.
 * @example
 * ```ts
 * await coreReady();
 * solveLightsOut(board, lights);
 * ```
 */
export function coreReady(): Promise<void> {
  ready ??= Promise.resolve(init()).then(() => undefined);
  return ready;
}

/**
 * A screen that draws "Loading…" until the kernels are ready, then runs
 * `setup`; unmounting before that skips it.
 *
 * @param setup - Draws the screen into `root` and returns its teardown.
 * @returns The screen's mount function.
 * @example
 * ```ts
 * export const mount = mountAfterCore((root, context) => { ...; return () => {}; });
 * ```
 */
export function mountAfterCore(setup: (root: HTMLElement, context: ScreenContext) => () => void): MountScreen {
  return (root, context) => {
    let alive = true;
    let teardown: (() => void) | undefined;
    root.append(h("p", { class: "muted" }, "Loading the solver…"));
    void coreReady().then(() => {
      if (!alive) return;
      root.replaceChildren();
      teardown = setup(root, context);
    });
    return () => {
      alive = false;
      teardown?.();
    };
  };
}
