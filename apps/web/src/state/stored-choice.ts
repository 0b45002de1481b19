// A choice the page remembers across visits in localStorage, read back only
// when it is one of the values allowed; storage that is disabled or full
// leaves the choice unremembered, never an error.

/**
 * The stored value of `key` if `allowed` accepts it, else `fallback`.
 *
 * @example
 * ```ts
 * readChoice("lightsout-cells", isCellStyle, "square");
 * ```
 */
export function readChoice<T extends string>(
  key: string,
  allowed: (value: string | null) => value is T,
  fallback: T,
): T {
  try {
    const stored = localStorage.getItem(key);
    return allowed(stored) ? stored : fallback;
  } catch {
    return fallback;
  }
}

/**
 * Remembers `value` under `key` (forgotten if storage fails).
 *
 * @example
 * ```ts
 * writeChoice("lightsout-cells", "diamond");
 * ```
 */
export function writeChoice(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // not remembered
  }
}
