// A press rule painted on a small grid around the pressed cell: each cell of
// the grid is an offset (rows down, columns right) that a press toggles or
// not. The rule is still the offsets text Build's field holds; painting
// rewrites that text, and typing it repaints the grid. Offsets beyond the
// grid's reach stay in the text and are counted.

import { parseRule, ruleOffsets } from "@lightsout/core/lightsout";

/** How far the painted grid reaches from the pressed cell, each way: a 7 x 7 grid. */
export const RULE_REACH = 3;

/** The rule's offsets, or null when the text is not a rule (its field says why). */
function offsetsOf(text: string): readonly (readonly [number, number])[] | null {
  try {
    return ruleOffsets(parseRule(text.trim()));
  } catch {
    return null;
  }
}

/**
 * The offsets of a rule's text that the grid shows, as "dr,dc" keys, and how
 * many lie beyond its reach; null when the text is not a rule.
 *
 * @param text - Offsets like `-1,0;1,0`, or a rule's name.
 * @returns The shown offsets and the count of the others.
 * @example
 * ```ts
 * paintedOffsets("0,1;0,9"); // { on: Set { "0,1" }, beyond: 1 }
 * ```
 */
export function paintedOffsets(text: string): { on: Set<string>; beyond: number } | null {
  const offsets = offsetsOf(text);
  if (offsets === null) return null;
  const on = new Set<string>();
  let beyond = 0;
  for (const [dr, dc] of offsets) {
    if (Math.abs(dr) <= RULE_REACH && Math.abs(dc) <= RULE_REACH) on.add(`${dr},${dc}`);
    else beyond++;
  }
  return { on, beyond };
}

/**
 * The rule's text with offset (dr, dc) painted in, or out when it was in.
 * A rule's name becomes its offsets; the other offsets keep their order.
 *
 * @param text - The current offsets (or a rule's name); unreadable text counts as no offsets.
 * @param dr - Rows down.
 * @param dc - Columns right.
 * @returns Offsets like `-1,0;1,0`, empty when none is left.
 * @example
 * ```ts
 * toggleOffset("plus", 0, 1); // "-1,0;1,0;0,-1"
 * toggleOffset("-1,0", 2, 1); // "-1,0;2,1"
 * ```
 */
export function toggleOffset(text: string, dr: number, dc: number): string {
  const offsets = offsetsOf(text) ?? [];
  const kept = offsets.filter(([r, c]) => r !== dr || c !== dc);
  const next = kept.length < offsets.length ? kept : [...offsets, [dr, dc] as const];
  return next.map(([r, c]) => `${r},${c}`).join(";");
}
