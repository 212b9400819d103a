/**
 * WebIDL's string conversions, the same on every engine and immune to a user's changes to String.prototype: the
 * methods are taken when this module loads, so a library that later replaces `String.prototype.isWellFormed` (a
 * polyfill, a spy) cannot change what a URL parses to.
 */

import { uncurryThis } from "./captured_methods.ts";

/*
 * isWellFormed/toWellFormed: called through the prototype while it still holds the original (engines fold that check
 * into the compiled code and inline the method) and through the original otherwise. The String methods of the
 * getters and scans are in ./captured_methods.ts.
 */
const StringPrototype = String.prototype;
const originalIsWellFormed = StringPrototype.isWellFormed;
const originalToWellFormed = StringPrototype.toWellFormed;
const callIsWellFormed = uncurryThis(originalIsWellFormed);
const callToWellFormed = uncurryThis(originalToWellFormed);

export function stringIsWellFormed(s: string): boolean {
  return StringPrototype.isWellFormed === originalIsWellFormed ? s.isWellFormed() : callIsWellFormed(s);
}

export function stringToWellFormed(s: string): string {
  return StringPrototype.toWellFormed === originalToWellFormed ? s.toWellFormed() : callToWellFormed(s);
}

/**
 * V8's wording for a Symbol where a string is needed; JSC (Bun) says "Cannot convert a symbol to a string", where
 * Bun's own URL says V8's. One wording on every runtime.
 */
function symbolError(): TypeError {
  return new TypeError("Cannot convert a Symbol value to a string");
}

/** WebIDL's DOMString conversion (ToString): a Symbol throws a TypeError. */
export function toDOMString(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "symbol") throw symbolError();
  return `${value}`;
}

/** WebIDL's USVString conversion: ToString, then each lone surrogate becomes U+FFFD. */
export function toUSVString(value: unknown): string {
  const s = typeof value === "string" ? value : toDOMString(value);
  return stringIsWellFormed(s) ? s : stringToWellFormed(s);
}
