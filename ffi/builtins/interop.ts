/**
 * How our classes meet the runtime's own `URL` and `URLSearchParams`.
 *
 * Our prototype's prototype is the runtime's prototype, so runtime code that recognises a URL by
 * `instanceof URL` or `URL.prototype.isPrototypeOf(x)` — Node's and Deno's `fs`, `url.fileURLToPath`,
 * `url.format`, `http.request`, Deno's `fetch` body and `structuredClone` — accepts our objects, and reads
 * them through our members, which shadow every inherited one. (Native brand checks, as in Bun's `fs`, still
 * refuse them: docs/runtime-interop.md, "What each runtime accepts".) Conversely `x instanceof` our class also
 * holds for the runtime's own instances (`pathToFileURL(p) instanceof URL` after the global install): both
 * have the same API. A subclass of ours keeps the ordinary `instanceof`.
 */

const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];
const construct = Reflect.construct;
const isPrototypeOf = Object.prototype.isPrototypeOf;

// deno-lint-ignore ban-types
export function layerOnRuntimeClass(ours: Function, runtime: Function | undefined): void {
  if (typeof runtime !== "function" || typeof runtime.prototype !== "object") return;
  Object.setPrototypeOf(ours.prototype, runtime.prototype);
  Object.defineProperty(ours, Symbol.hasInstance, {
    value: function (this: unknown, value: unknown): boolean {
      return ordinaryHasInstance.call(this === ours ? runtime : this, value);
    },
    configurable: true,
  });
}

/**
 * Whether `value` is an instance of our class `ours` (or a subclass): its prototype chain, not `instanceof`,
 * which layerOnRuntimeClass makes true for the runtime's own instances too.
 */
// deno-lint-ignore ban-types
export function isOurs(ours: Function, value: unknown): boolean {
  return typeof value === "object" && value !== null && isPrototypeOf.call(ours.prototype, value);
}

// deno-lint-ignore no-explicit-any
export type AnyConstructor = new (...args: any[]) => unknown;

/**
 * A Proxy handler with no prototype: the engine reads each trap (get, has, ...) from the handler on every operation,
 * and a trap a user put on Object.prototype (`Object.prototype.get = ...`) would otherwise be one.
 */
export function proxyHandler<T extends object>(traps: ProxyHandler<T>): ProxyHandler<T> {
  return Object.setPrototypeOf(traps, null);
}

/**
 * A constructor Proxy that rewrites the arguments. `new P()` passes the proxy as newTarget: construct
 * the original then, so the result is an ordinary instance; a subclass of P keeps its own newTarget.
 */
export function rewritingConstructor<T extends AnyConstructor>(target: T, rewrite: (args: unknown[]) => unknown[]): T {
  const wrapped: T = new Proxy(
    target,
    proxyHandler({
      construct: (t, args, newTarget) => construct(t, rewrite(args), newTarget === wrapped ? t : newTarget),
    }),
  );
  return wrapped;
}

/** Sets a function's `length` (WebIDL counts required arguments only; optional TS parameters count). */
// deno-lint-ignore ban-types
export function setLength(fn: Function, length: number): void {
  Object.defineProperty(fn, "length", { value: length, configurable: true });
}

/** The error structuredClone throws for a value (a DataCloneError), or undefined when it clones it. */
function cloneError(value: unknown): unknown {
  try {
    structuredClone(value);
    return undefined;
  } catch (error) {
    return error ?? new Error("structuredClone threw " + String(error));
  }
}

/**
 * `structuredClone` of our objects fails as it does for the runtime's own (a DataCloneError on Node >= 21,
 * Deno and Bun; Node 20 clones its own to `{}`, and so ours). Deno refuses ours already (it marks the
 * prototype we inherit); where the runtime refuses its own through a native mark ours cannot carry (Node's
 * per-instance symbol, Bun's type check), `structuredClone` is wrapped to refuse ours too, with the runtime's own
 * error for its own instance (its class, name and message: Node's "Cannot clone object of unsupported type.", Bun's
 * "The object can not be cloned."), made anew at each call. Only the value itself is checked: one of ours nested
 * inside the value is copied as `{}` there.
 */
export function cloneLikeTheRuntime(
  // deno-lint-ignore ban-types
  pairs: [ours: Function, sample: () => object, runtimeSample: () => unknown][],
): void {
  const original = globalThis.structuredClone;
  if (typeof original !== "function") return;
  // deno-lint-ignore ban-types
  const refused: [ours: Function, error: () => unknown][] = [];
  for (const [ours, sample, runtimeSample] of pairs) {
    const theirs = cloneError(runtimeSample());
    if (theirs !== undefined && cloneError(sample()) === undefined) refused[refused.length] = [ours, errorLike(theirs)];
  }
  if (refused.length === 0) return;
  const apply = Reflect.apply;
  globalThis.structuredClone = new Proxy(
    original,
    proxyHandler({
      apply(target, self, args: unknown[]) {
        for (let i = 0; i < refused.length; i++) if (isOurs(refused[i][0], args[0])) throw refused[i][1]();
        return apply(target, self, args);
      },
    }),
  );
}

/**
 * Makes a new error like `error` (the runtime's DataCloneError, a DOMException): the same class, message and name,
 * with a stack of its own. The class is the error's own (its prototype's constructor, read now), not the DOMException
 * global a user may replace.
 */
function errorLike(error: unknown): () => unknown {
  if (typeof error !== "object" || error === null) return () => error;
  const { message, name } = error as { message?: unknown; name?: unknown };
  const Class = (Object.getPrototypeOf(error) as { constructor?: unknown } | null)?.constructor;
  if (typeof Class !== "function") return () => error;
  const construct = Reflect.construct;
  return () => construct(Class, [message, name]);
}
