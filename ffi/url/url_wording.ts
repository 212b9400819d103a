/**
 * URL's missing-argument errors, worded as the runtime's own URL words them (ffi/builtins/runtime_wording.ts): Node's
 * `The "url" argument must be specified` (ERR_MISSING_ARGS), Deno's `Failed to construct 'URL': 1 argument required,
 * but only 0 present`, Bun's `Not enough arguments`. Node's wording where the runtime has no such member. Setters:
 * Deno's built-in refuses a setter called with no argument (through its descriptor); Node's and Bun's take it as
 * `undefined`, and so does ours there.
 */
import { missingArgsError } from "../builtins/errors.ts";
import { runtimeMissingArgument } from "../builtins/runtime_wording.ts";

// deno-lint-ignore ban-types
type AnyFunction = Function;
type RuntimeURLClass = (new (url?: unknown, base?: unknown) => object) & {
  parse?: (url?: unknown, base?: unknown) => unknown;
  canParse?: (url?: unknown, base?: unknown) => unknown;
};

// Captured at load: a global install later puts our URL in globalThis.URL.
const RuntimeURL = globalThis.URL as unknown as RuntimeURLClass | undefined;
const runtimeParse = RuntimeURL?.parse;
const runtimeCanParse = RuntimeURL?.canParse;
const apply = Reflect.apply;

/** Calls `method` (when it is a function) on the runtime's URL class with `args`. */
const callStatic = (method: unknown, args: unknown[]) => () =>
  typeof method === "function" ? apply(method, RuntimeURL, args) : undefined;

const urlArgument = (below: AnyFunction) => missingArgsError(["url"], below);

/** `new URL()`. */
export const missingConstructorArgument = runtimeMissingArgument(
  () => (typeof RuntimeURL === "function" ? new RuntimeURL() : undefined),
  () => (typeof RuntimeURL === "function" ? new RuntimeURL(undefined) : undefined),
  urlArgument,
);
/** `URL.parse()`. */
export const missingParseArgument = runtimeMissingArgument(
  callStatic(runtimeParse, []),
  callStatic(runtimeParse, [undefined]),
  urlArgument,
);
/** `URL.canParse()`. */
export const missingCanParseArgument = runtimeMissingArgument(
  callStatic(runtimeCanParse, []),
  callStatic(runtimeCanParse, [undefined]),
  urlArgument,
);

const SETTERS = ["href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"];
const setters: Record<string, (below: AnyFunction) => TypeError | undefined> = { __proto__: null } as never;
for (const name of SETTERS) {
  const setter = typeof RuntimeURL === "function"
    ? Object.getOwnPropertyDescriptor(RuntimeURL.prototype, name)?.set
    : undefined;
  const call = (args: unknown[]) => () =>
    setter === undefined ? undefined : apply(setter, new RuntimeURL!("http://h.example/"), args);
  setters[name] = runtimeMissingArgument(call([]), call([undefined]), () => undefined);
}

/** Our setters, by name: where the stacks of their errors start (kept at load, as a user may redefine them). */
const ourSetters: Record<string, AnyFunction> = { __proto__: null } as never;
export function keepSettersOf(prototype: object): void {
  for (const name of SETTERS) ourSetters[name] = Object.getOwnPropertyDescriptor(prototype, name)!.set!;
}

/**
 * Our setter `name` called with no argument (through its descriptor): throws the runtime's error where its own setter
 * refuses that, else returns (the setter then converts `undefined`).
 */
export function noSetterValue(name: string): void {
  const error = setters[name](ourSetters[name]);
  if (error !== undefined) throw error;
}
