import type { MountScreen } from "../../screen.js";

/** The learn screen (placeholder until its module lands). */
export const mount: MountScreen = (root) => {
  root.textContent = "learn";
  return () => {};
};
