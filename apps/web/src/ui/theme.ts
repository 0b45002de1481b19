// Light and dark themes: the stored choice wins, else the system's
// preference (followed live until the user picks one).

const KEY = "lightsout-theme";

/** A colour theme. */
export type Theme = "light" | "dark";

function stored(): Theme | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === "light" || v === "dark" ? v : null;
  } catch {
    return null; // storage disabled: behave as if nothing was stored
  }
}

function system(): Theme {
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/**
 * Applies the theme to the document (`<html data-theme>`).
 *
 * @param theme - Light or dark.
 * @example
 * ```ts
 * applyTheme("dark");
 * ```
 */
export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

/**
 * A header button that toggles the theme, remembered in localStorage.
 *
 * @returns The button (aria-pressed when dark).
 * @example
 * ```ts
 * header.append(themeToggle());
 * ```
 */
export function themeToggle(): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "theme-toggle";
  // One name, seen and heard alike: "Dark theme", pressed or not (no aria-label that the text contradicts).
  button.textContent = "☾ Dark theme";
  const show = (theme: Theme) => {
    applyTheme(theme);
    button.setAttribute("aria-pressed", String(theme === "dark"));
  };
  show(stored() ?? system());
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (!stored()) show(system());
  });
  button.addEventListener("click", () => {
    const next: Theme = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    try {
      localStorage.setItem(KEY, next);
    } catch {
      // not remembered, still applied
    }
    show(next);
  });
  return button;
}
