// Argument checks shared by the public API. Messages say what was expected
// and what was got; TypeError for the wrong kind of value, RangeError for a
// value of the right kind out of range.

/** Largest dimension accepted: rows and columns index as i32 in the kernels. */
export const MAX_DIMENSION = 2 ** 30;

export function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  return typeof value === "object" ? `an object (${Object.prototype.toString.call(value).slice(8, -1)})` : typeof value;
}

/** Checks that an options argument is an object (a TypeError naming what was got otherwise). */
export function checkOptionsObject(options: unknown): void {
  if (options === null || typeof options !== "object") {
    throw new TypeError(`options expected an object, got ${describe(options)}`);
  }
}

/** Checks an integer in [min, max]; `name` is quoted in the message. */
export function checkInteger(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new TypeError(`"${name}" expected an integer in ${min}..${max}, got ${describe(value)}`);
  }
  if (value < min || value > max) {
    throw new RangeError(`"${name}" expected an integer in ${min}..${max}, got ${value}`);
  }
  return value;
}

export function checkDimension(name: string, value: unknown): number {
  return checkInteger(name, value, 0, MAX_DIMENSION);
}
