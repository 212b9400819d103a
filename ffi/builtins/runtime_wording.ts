/**
 * The runtime's own wording of an argument error, asked of its built-in class (captured by the caller at load time)
 * the first time one of ours needs it, and kept: nothing is probed at start-up. This is how ours words what the
 * built-ins word differently on each runtime (Node's `The "url" argument must be specified`, Deno's
 * `Failed to construct 'URL': 1 argument required, but only 0 present`, Bun's `Not enough arguments`) without a
 * check for the runtime in ffi/.
 */
import { typeError } from "./errors.ts";

// deno-lint-ignore ban-types
type AnyFunction = Function;

/** The TypeError `probe` throws (its message and code), or undefined when it throws none or something else. */
export function runtimeTypeError(probe: () => unknown): { message: string; code: unknown } | undefined {
  try {
    probe();
  } catch (error) {
    if (error instanceof TypeError && typeof error.message === "string") {
      return { message: error.message, code: (error as { code?: unknown }).code };
    }
  }
  return undefined;
}

/**
 * A missing-argument error worded as the runtime's built-in words it: `withNone` calls the built-in with too few
 * arguments, `withUndefined` with `undefined` in their place. Only an error that the first throws and the second does
 * not (with the same message) is about the count: `new URL()` on Node says the argument must be specified where
 * `new URL(undefined)` says "Invalid URL". Where the built-in has none (no such member, or it accepts the call),
 * `fallback(below)` is the error, or there is none (undefined: the member then goes on with `undefined`, as WebIDL's
 * conversions do for a missing optional argument).
 */
export function runtimeMissingArgument(
  withNone: () => unknown,
  withUndefined: () => unknown,
  fallback: (below: AnyFunction) => TypeError | undefined,
): (below: AnyFunction) => TypeError | undefined {
  let asked = false;
  let wording: { message: string; code: unknown } | undefined;
  return (below) => {
    if (!asked) {
      asked = true;
      const none = runtimeTypeError(withNone);
      wording = none !== undefined && runtimeTypeError(withUndefined)?.message !== none.message ? none : undefined;
    }
    if (wording === undefined) return fallback(below);
    const code = typeof wording.code === "string" ? wording.code : "ERR_MISSING_ARGS";
    return typeError(wording.message, code, undefined, below);
  };
}
