import type { MountScreen } from "../../screen.js";

/** The mastermind screen (placeholder until its module lands). */
export const mount: MountScreen = (root) => {
  root.textContent = "mastermind";
  return () => {};
};
