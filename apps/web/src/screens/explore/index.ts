import type { MountScreen } from "../../screen.js";

/** The explore screen (placeholder until its module lands). */
export const mount: MountScreen = (root) => {
  root.textContent = "explore";
  return () => {};
};
