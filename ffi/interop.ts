/**
 * How our classes meet the runtime's own `URL` and `URLSearchParams`.
 *
 * Our prototype's prototype is the runtime's prototype, so runtime code that recognises a URL by
 * `instanceof URL` or `URL.prototype.isPrototypeOf(x)` — Node's and Deno's `fs`, `url.fileURLToPath`,
 * `url.format`, `http.request`, Deno's `fetch` body and `structuredClone` — accepts our objects, and reads
 * them through our members, which shadow every inherited one. (Native brand checks, as in Bun's `fs`, still
 * refuse them: README, "Using ada-ffi with the runtime's APIs".) Conversely `x instanceof` our class also
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

/** Sets a function's `length` (WebIDL counts required arguments only; optional TS parameters count). */
// deno-lint-ignore ban-types
export function setLength(fn: Function, length: number): void {
  Object.defineProperty(fn, "length", { value: length, configurable: true });
}
