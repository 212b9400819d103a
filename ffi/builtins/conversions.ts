/**
 * WebIDL's string conversions, the same on every engine and immune to a user's changes to String.prototype: the
 * methods are taken when this module loads, so a library that later replaces `String.prototype.isWellFormed` (a
 * polyfill, a spy) cannot change what a URL parses to.
 */

const uncurryThis = <A extends unknown[], R>(method: (this: string, ...args: A) => R) =>
  Function.prototype.call.bind(method) as unknown as (self: string, ...args: A) => R;

/*
 * The hot paths' String methods (every URL getter slices its href). Called through the prototype while it still
 * holds the original — engines fold that check into the compiled code (V8 and JSC both track the prototype's
 * properties), and inline the method — and through the original otherwise. A bound `call` alone (uncurryThis) is
 * free in V8 but cost JSC (Bun) 7x on the getters; `original.call(s, …)` cost V8 ~50%.
 */
const StringPrototype = String.prototype;
const originalIsWellFormed = StringPrototype.isWellFormed;
const originalToWellFormed = StringPrototype.toWellFormed;
const originalSlice = StringPrototype.slice;
const originalIndexOf = StringPrototype.indexOf;
const originalCharCodeAt = StringPrototype.charCodeAt;
const callIsWellFormed = uncurryThis(originalIsWellFormed);
const callToWellFormed = uncurryThis(originalToWellFormed);
const callSlice = uncurryThis(originalSlice);
const callIndexOf = uncurryThis(originalIndexOf);
const callCharCodeAt = uncurryThis(originalCharCodeAt);

export function stringIsWellFormed(s: string): boolean {
  return StringPrototype.isWellFormed === originalIsWellFormed ? s.isWellFormed() : callIsWellFormed(s);
}

export function stringToWellFormed(s: string): string {
  return StringPrototype.toWellFormed === originalToWellFormed ? s.toWellFormed() : callToWellFormed(s);
}

export function stringSlice(s: string, start: number, end?: number): string {
  return StringPrototype.slice === originalSlice ? s.slice(start, end) : callSlice(s, start, end);
}

export function stringIndexOf(s: string, search: string, from?: number): number {
  return StringPrototype.indexOf === originalIndexOf ? s.indexOf(search, from) : callIndexOf(s, search, from);
}

export function stringCharCodeAt(s: string, at: number): number {
  return StringPrototype.charCodeAt === originalCharCodeAt ? s.charCodeAt(at) : callCharCodeAt(s, at);
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
