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
  return typeof value === "object" && value !== null && Object.prototype.isPrototypeOf.call(ours.prototype, value);
}

// deno-lint-ignore no-explicit-any
export type AnyConstructor = new (...args: any[]) => unknown;

/**
 * A constructor Proxy that rewrites the arguments. `new P()` passes the proxy as newTarget: construct
 * the original then, so the result is an ordinary instance; a subclass of P keeps its own newTarget.
 */
export function rewritingConstructor<T extends AnyConstructor>(target: T, rewrite: (args: unknown[]) => unknown[]): T {
  const wrapped: T = new Proxy(target, {
    construct: (t, args, newTarget) => Reflect.construct(t, rewrite(args), newTarget === wrapped ? t : newTarget),
  });
  return wrapped;
}

/** Sets a function's `length` (WebIDL counts required arguments only; optional TS parameters count). */
// deno-lint-ignore ban-types
export function setLength(fn: Function, length: number): void {
  Object.defineProperty(fn, "length", { value: length, configurable: true });
}

/** Whether structuredClone refuses a value (DataCloneError). */
function refusesToClone(value: unknown): boolean {
  try {
    structuredClone(value);
    return false;
  } catch {
    return true;
  }
}

/**
 * `structuredClone` of our objects fails as it does for the runtime's own (a DataCloneError on Node >= 21,
 * Deno and Bun; Node 20 clones its own to `{}`, and so ours). Deno refuses ours already (it marks the
 * prototype we inherit); where the runtime refuses its own through a native mark ours cannot carry (Node's
 * per-instance symbol, Bun's type check), `structuredClone` is wrapped to refuse ours too. Only the value
 * itself is checked: one of ours nested inside the value is copied as `{}` there.
 */
export function cloneLikeTheRuntime(
  // deno-lint-ignore ban-types
  pairs: [ours: Function, sample: () => object, runtimeSample: () => unknown][],
): void {
  const original = globalThis.structuredClone;
  if (typeof original !== "function") return;
  const refused = pairs.filter(([, sample, runtimeSample]) =>
    refusesToClone(runtimeSample()) && !refusesToClone(sample())
  );
  if (refused.length === 0) return;
  const isRefused = (value: unknown) => refused.some(([ours]) => isOurs(ours, value));
  globalThis.structuredClone = new Proxy(original, {
    apply(target, self, args: unknown[]) {
      if (isRefused(args[0])) {
        const name = (args[0] as object).constructor?.name ?? "Object";
        throw new DOMException(`${name} object could not be cloned.`, "DataCloneError");
      }
      return Reflect.apply(target, self, args);
    },
  });
}
