/**
 * The errors the built-in URL APIs throw: the same types, and the `code`s Node's (and Deno's and Bun's
 * node-compatible) code checks for. Messages follow the runtime where it has its own wording (see
 * `setInvalidUrlMessage`).
 */

type CodedError = TypeError & { code: string };

/** A TypeError carrying a Node error `code` (and, when given, the error that caused it). */
export function typeError(message: string, code: string, cause?: unknown): CodedError {
  const error = (cause === undefined ? new TypeError(message) : new TypeError(message, { cause })) as CodedError;
  error.code = code;
  return error;
}

let invalidUrlMessage = (_input: string, _base: string | undefined): string => "Invalid URL";

/** A runtime adapter's wording of the invalid-URL message (Deno names the input: `Invalid URL: 'x'`). */
export function setInvalidUrlMessage(format: (input: string, base: string | undefined) => string): void {
  invalidUrlMessage = format;
}

/** A TypeError like Node's `ERR_INVALID_URL`, with `input` (and `base` when given). */
export function invalidUrlError(input: string, base: string | undefined): TypeError {
  const error = typeError(invalidUrlMessage(input, base), "ERR_INVALID_URL") as CodedError & {
    input: string;
    base?: string;
  };
  error.input = input;
  if (base !== undefined) error.base = base;
  return error;
}

/** WebIDL's TypeError for a call with too few arguments (code `ERR_MISSING_ARGS`). */
export function missingArgumentError(what: string, required: number, given: number): TypeError {
  const plural = required === 1 ? "argument" : "arguments";
  return typeError(
    `Failed to execute '${what}': ${required} ${plural} required, but only ${given} present.`,
    "ERR_MISSING_ARGS",
  );
}

/** A member called on an object that is not an instance (code `ERR_INVALID_THIS`). */
export function invalidThisError(type: string): TypeError {
  return typeError(`Value of "this" must be of type ${type}`, "ERR_INVALID_THIS");
}

/** An argument of the wrong type (code `ERR_INVALID_ARG_TYPE`). */
export function invalidArgTypeError(name: string, expected: string, value: unknown): TypeError {
  const received = value === null
    ? "null"
    : typeof value === "function"
    ? `function ${value.name}`
    : typeof value === "object"
    ? `an instance of ${(value as object).constructor?.name ?? "Object"}`
    : `type ${typeof value} (${typeof value === "symbol" ? value.toString() : String(value)})`;
  return typeError(`The "${name}" argument must be of type ${expected}. Received ${received}`, "ERR_INVALID_ARG_TYPE");
}

/** A URLSearchParams init whose pairs are not iterable [name, value] pairs (code `ERR_INVALID_TUPLE`). */
export function invalidTupleError(): TypeError {
  return typeError("Each query pair must be an iterable [name, value] tuple", "ERR_INVALID_TUPLE");
}

/** A URLSearchParams init whose Symbol.iterator is not callable (code `ERR_ARG_NOT_ITERABLE`). */
export function notIterableError(): TypeError {
  return typeError("Query pairs must be iterable", "ERR_ARG_NOT_ITERABLE");
}
