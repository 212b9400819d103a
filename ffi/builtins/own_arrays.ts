/**
 * Arrays written by ada-ffi's code while a user's code may have changed `Array.prototype` (a route table's index, the
 * lists a lookup merges, URLSearchParams' lists, parseMany's result). Writing a new index of an ordinary array looks
 * for a setter up its prototype chain, and reading past its end for a getter: a user's
 * `Object.defineProperty(Array.prototype, 0, { set() {} })` would swallow the write and leave the route table without
 * its routes.
 */
import { defineData } from "./data_property.ts";

const setPrototypeOf = Object.setPrototypeOf as <T>(object: T, prototype: object | null) => T;
const arrayPrototype = Array.prototype;
const hasOwn = Object.hasOwn;

/**
 * A new empty array with no prototype, for arrays made once and written often (a lookup's buffers, a list's own
 * records): index reads and writes and `length` only, no methods (no spread or `for...of` either: they would call
 * `Array.prototype[Symbol.iterator]`, which a user may replace). Making one costs V8 more than a literal (100,000
 * routes' index built with them: 1.5-1.9x the time), so the index's many small arrays use append() instead.
 */
export function newArray<T>(): T[] {
  return setPrototypeOf([] as T[], null);
}

/**
 * Adds `value` at the end of `array` (an ordinary one). The plain write costs nothing more; where a setter up the
 * prototype chain took it (the length did not grow), or a getter without a setter or a read-only item there refused it
 * (a TypeError in strict code), the value is defined on the array itself.
 */
export function append<T>(array: T[], value: T): void {
  const at = array.length;
  try {
    array[at] = value;
  } catch {
    // refused: defined below
  }
  if (array.length === at) defineData(array, at, value);
}

/**
 * Writes `value` at `index` of `array` (an ordinary one, `index` not past its end: a hole of a preallocated array).
 * Where a setter up the prototype chain took the write or refused it, the value is defined on the array itself. An
 * object read back is proof enough (a getter cannot answer an object it never saw); a primitive, which a getter may
 * answer as a constant (null), is checked to be the array's own (Object.hasOwn per item cost parseMany 6-25%).
 */
export function storeAt<T>(array: T[], index: number, value: T): void {
  try {
    array[index] = value;
  } catch {
    // refused: defined below
  }
  const back = array[index];
  if (back === value && typeof value === "object" && value !== null) return;
  if (back !== value || !hasOwn(array, index)) {
    defineData(array, index, value);
  }
}

/**
 * An ordinary array for a user to see (printed, returned) holding the items of `items`, written before it has its
 * prototype.
 */
export function copyForUser<T>(items: readonly T[]): T[] {
  const copy = setPrototypeOf([] as T[], null);
  for (let k = 0; k < items.length; k++) copy[k] = items[k];
  return setPrototypeOf(copy, arrayPrototype);
}
