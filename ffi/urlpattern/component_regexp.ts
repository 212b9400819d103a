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
let emptyNegatedClassIsBroken: boolean | undefined; // asked on first use, not at import (start-up time)
function isEmptyNegatedClassBroken(): boolean {
  if (emptyNegatedClassIsBroken === undefined) {
    try {
      emptyNegatedClassIsBroken = !new RegExp("^[^]+$", "v").test("ab");
    } catch {
      emptyNegatedClassIsBroken = false;
    }
  }
  return emptyNegatedClassIsBroken;
}

function rewriteEmptyNegatedClasses(source: string): string {
  if (!source.includes("[^]")) return source;
  let out = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      out += source.slice(i, i + 2); // an escape: the next character is literal
      i++;
    } else if (c === "[" && source.startsWith("[^]", i)) {
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
  return new RegExp(isEmptyNegatedClassBroken() ? rewriteEmptyNegatedClasses(source) : source, ignoreCase ? "vi" : "v");
}

/**
 * RegExp.prototype.exec and .test as they are when this module loads: a user's later change to the prototype cannot
 * change a pattern's answer. (`test` asks for `exec` again only where that was changed.)
 */
const execMethod = RegExp.prototype.exec;
const testMethod = RegExp.prototype.test;
export const regExpExec = (regexp: RegExp, value: string): RegExpExecArray | null => execMethod.call(regexp, value);
export const regExpTest = (regexp: RegExp, value: string): boolean => testMethod.call(regexp, value);
