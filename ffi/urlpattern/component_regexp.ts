/**
 * The regular expressions of URLPattern components: ada generates each source, this engine compiles it with
 * the `v` flag the standard requires (`vi` under ignoreCase), so a user's own regex groups behave exactly as
 * in the runtime's RegExp.
 */

/**
 * V8 11.3 (Node 20) mis-handles a quantified `[^]` under the `v` flag: `/^[^]+$/v.test("ab")` is false. Where
 * that is so, each unescaped `[^]` (a class matching any code point, also as a nested class) becomes the
 * equivalent `[\s\S]`.
 */
// Taken at load: a user's later RegExp or String.prototype replacement must not change which patterns compile or
// which URLs match.
const NativeRegExp = RegExp;
const originalExec = NativeRegExp.prototype.exec;
const callExec = Function.prototype.call.bind(originalExec) as unknown as (
  regexp: RegExp,
  value: string,
) => RegExpExecArray | null;
const stringIncludes = Function.prototype.call.bind(String.prototype.includes) as unknown as (
  s: string,
  search: string,
) => boolean;
const stringStartsWith = Function.prototype.call.bind(String.prototype.startsWith) as unknown as (
  s: string,
  search: string,
  at: number,
) => boolean;
const stringSlice = Function.prototype.call.bind(String.prototype.slice) as unknown as (
  s: string,
  start: number,
  end: number,
) => string;

let emptyNegatedClassIsBroken: boolean | undefined; // asked on first use, not at import (start-up time)
function isEmptyNegatedClassBroken(): boolean {
  if (emptyNegatedClassIsBroken === undefined) {
    try {
      emptyNegatedClassIsBroken = callExec(new NativeRegExp("^[^]+$", "v"), "ab") === null;
    } catch {
      emptyNegatedClassIsBroken = false;
    }
  }
  return emptyNegatedClassIsBroken;
}

function rewriteEmptyNegatedClasses(source: string): string {
  if (!stringIncludes(source, "[^]")) return source;
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      out += stringSlice(source, i, i + 2); // an escape: the next character is literal
      i++;
    } else if (c === "[" && stringStartsWith(source, "[^]", i)) {
      out += "[\\s\\S]";
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

/** Compiles a component's source; throws the engine's SyntaxError when it refuses it. */
export function componentRegExp(source: string, ignoreCase: boolean): RegExp {
  return new NativeRegExp(
    isEmptyNegatedClassBroken() ? rewriteEmptyNegatedClasses(source) : source,
    ignoreCase ? "vi" : "v",
  );
}

/**
 * RegExp's exec, as it was when this module loaded, matching: a library that later replaces `RegExp.prototype.exec`
 * or `.test` (a polyfill, instrumentation, a test spy) cannot change which URLs match, and nothing of RegExp.prototype
 * is read while matching. A lookup must not read it: an accessor there runs user code in the middle of a lookup, and
 * that code may start a lookup of its own over the same shared state (the method-call form `regexp.exec(value)` read
 * `RegExp.prototype.exec` on every call). test() is exec's answer compared with null: the built-in `test` itself
 * reads `this.exec`.
 */
export function regExpExec(regexp: RegExp, value: string): RegExpExecArray | null {
  return callExec(regexp, value);
}

export function regExpTest(regexp: RegExp, value: string): boolean {
  return callExec(regexp, value) !== null;
}
