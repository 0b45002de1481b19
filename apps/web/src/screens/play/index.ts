import type { MountScreen } from "../../screen.js";

/** The play screen (placeholder until its module lands). */
export const mount: MountScreen = (root) => {
  root.textContent = "play";
  return () => {};
};
