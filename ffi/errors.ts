/** The errors the built-in URL APIs throw, with the same types, messages and properties. */

/** A TypeError like Node's `ERR_INVALID_URL`: message `Invalid URL`, with `input` (and `base` when given). */
export function invalidUrlError(input: string, base: string | undefined): TypeError {
  const error = new TypeError("Invalid URL") as TypeError & { code: string; input: string; base?: string };
  error.code = "ERR_INVALID_URL";
  error.input = input;
  if (base !== undefined) error.base = base;
  return error;
}

/** WebIDL's TypeError for a call with too few arguments. */
export function missingArgumentError(what: string, required: number, given: number): TypeError {
  const plural = required === 1 ? "argument" : "arguments";
  return new TypeError(`Failed to execute '${what}': ${required} ${plural} required, but only ${given} present.`);
}
