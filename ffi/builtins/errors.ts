/**
 * The errors the built-in URL APIs throw: the same types, and the `code`s Node's (and Deno's and Bun's
 * node-compatible) code checks for. Messages follow the runtime where it has its own wording (see
 * `setInvalidUrlMessage`).
 */

import { toUSVString } from "./conversions.ts";

type CodedError = TypeError & { code: string };

// deno-lint-ignore ban-types
type AnyFunction = Function;

// What the messages call, as loaded: a user's later replacement cannot change a message.
const stringSlice = String.prototype.slice;
const stringIncludes = String.prototype.includes;
const symbolToString = Symbol.prototype.toString;
const stringify = JSON.stringify;
const is = Object.is;

/** V8's (Node, Deno) and JSC's (Bun) way to start a stack below a given function; absent elsewhere. */
const captureStackTrace = (Error as { captureStackTrace?: (error: object, below?: AnyFunction) => void })
  .captureStackTrace;

/**
 * Makes `error`'s stack start at the caller of `below` (the public function the user called), as a built-in's does:
 * the frames of ours that only build the error are left out.
 */
export function startStackAt<E extends Error>(error: E, below: AnyFunction): E {
  if (captureStackTrace !== undefined) captureStackTrace(error, below);
  return error;
}

/**
 * A TypeError carrying a Node error `code` (and, when given, the error that caused it). Its stack starts at the
 * caller of `below`, the public function the user called (by default, at the caller of `helper`, the error helper
 * that called typeError).
 */
export function typeError(
  message: string,
  code: string,
  cause?: unknown,
  below?: AnyFunction,
  helper: AnyFunction = typeError,
): CodedError {
  if (captureStackTrace === undefined) return withCode(newTypeError(message, cause), code);
  // The stack is captured once, by captureStackTrace: none at construction (an invalid input in a loop pays once),
  // where stackTraceLimit can be set (a hardened realm may have frozen Error).
  const ErrorClass = Error as { stackTraceLimit?: unknown };
  const settable = Object.getOwnPropertyDescriptor(ErrorClass, "stackTraceLimit")?.writable === true;
  const limit = ErrorClass.stackTraceLimit;
  if (settable) ErrorClass.stackTraceLimit = 0;
  let error: TypeError;
  try {
    error = newTypeError(message, cause);
  } finally {
    if (settable) ErrorClass.stackTraceLimit = limit;
  }
  captureStackTrace(error, below ?? helper);
  return withCode(error, code);
}

function newTypeError(message: string, cause: unknown): TypeError {
  return cause === undefined ? new TypeError(message) : new TypeError(message, { cause });
}

function withCode(error: TypeError, code: string): CodedError {
  (error as CodedError).code = code;
  return error as CodedError;
}

let invalidUrlMessage = (_input: string, _base: string | undefined): string => "Invalid URL";

/** A runtime adapter's wording of the invalid-URL message (Deno names the input: `Invalid URL: 'x'`). */
export function setInvalidUrlMessage(format: (input: string, base: string | undefined) => string): void {
  invalidUrlMessage = format;
}

/**
 * A TypeError like Node's `ERR_INVALID_URL`, with `input` (and `base` when given). Given the strings as converted by
 * ToString: `input` and `base` are their USVStrings (lone surrogates as U+FFFD), as the built-ins of Node and Bun set
 * them; the message (Deno's names them) has them as given, as Deno's own.
 */
export function invalidUrlError(input: string, base: string | undefined, below?: AnyFunction): TypeError {
  const error = typeError(invalidUrlMessage(input, base), "ERR_INVALID_URL", undefined, below, invalidUrlError) as
    & CodedError
    & {
      input: string;
      base?: string;
    };
  error.input = toUSVString(input);
  if (base !== undefined) error.base = toUSVString(base);
  return error;
}

/** WebIDL's TypeError for a call with too few arguments (code `ERR_MISSING_ARGS`). */
export function missingArgumentError(what: string, required: number, given: number): TypeError {
  const plural = required === 1 ? "argument" : "arguments";
  return typeError(
    `Failed to execute '${what}': ${required} ${plural} required, but only ${given} present.`,
    "ERR_MISSING_ARGS",
    undefined,
    missingArgumentError,
  );
}

/**
 * Node's ERR_MISSING_ARGS, as Node's own URL throws it (and Node users test for): `The "url" argument must be
 * specified`, `The "name" and "value" arguments must be specified`.
 */
export function missingArgsError(names: readonly string[], below?: AnyFunction): TypeError {
  // `"a"`, `"a" and "b"`, `"a", "b", and "c"`: by index (no Array.prototype method a user may have replaced).
  let list = "";
  for (let k = 0; k < names.length; k++) {
    const quoted = `"${names[k]}"`;
    if (k === 0) list = quoted;
    else if (names.length === 2) list += ` and ${quoted}`;
    else list += k === names.length - 1 ? `, and ${quoted}` : `, ${quoted}`;
  }
  const noun = names.length === 1 ? "argument" : "arguments";
  return typeError(`The ${list} ${noun} must be specified`, "ERR_MISSING_ARGS", undefined, below, missingArgsError);
}

/**
 * A member called on something that is not an instance (code `ERR_INVALID_THIS`): undefined (an unbound method),
 * a primitive or another object, said as Node says it.
 */
export function invalidThisError(type: string, below?: AnyFunction): TypeError {
  return typeError(`Value of "this" must be of type ${type}`, "ERR_INVALID_THIS", undefined, below, invalidThisError);
}

/** How Node's errors describe a value they refused: `undefined`, `type number (1)`, `an instance of Set`. */
export function describeReceived(value: unknown): string {
  if (value === null || value === undefined) return `${value}`;
  switch (typeof value) {
    case "function":
      return `function ${value.name}`;
    case "object": {
      const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof name === "string" && name !== "" ? `an instance of ${name}` : "an instance of Object";
    }
    case "string": {
      const shown = value.length > 28 ? `${stringSlice.call(value, 0, 25)}...` : value;
      return `type string (${stringIncludes.call(shown, "'") ? stringify(shown) : `'${shown}'`})`;
    }
    case "number":
      return `type number (${is(value, -0) ? "-0" : String(value)})`;
    case "bigint":
      return `type bigint (${value}n)`;
    case "symbol":
      return `type symbol (${symbolToString.call(value)})`;
    default:
      return `type ${typeof value} (${String(value)})`;
  }
}

/** An argument of the wrong type (code `ERR_INVALID_ARG_TYPE`), in Node's words. */
export function invalidArgTypeError(name: string, expected: string, value: unknown, below?: AnyFunction): TypeError {
  return typeError(
    `The "${name}" argument must be of type ${expected}. Received ${describeReceived(value)}`,
    "ERR_INVALID_ARG_TYPE",
    undefined,
    below,
    invalidArgTypeError,
  );
}

/** A URLSearchParams init whose pairs are not iterable [name, value] pairs (code `ERR_INVALID_TUPLE`). */
export function invalidTupleError(): TypeError {
  return typeError(
    "Each query pair must be an iterable [name, value] tuple",
    "ERR_INVALID_TUPLE",
    undefined,
    invalidTupleError,
  );
}

/** A URLSearchParams init whose Symbol.iterator is not callable (code `ERR_ARG_NOT_ITERABLE`). */
export function notIterableError(): TypeError {
  return typeError("Query pairs must be iterable", "ERR_ARG_NOT_ITERABLE", undefined, notIterableError);
}
