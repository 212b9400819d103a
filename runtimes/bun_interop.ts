/**
 * What Bun's own URLSearchParams has that the standard does not, and what Bun's native code refuses: Bun
 * checks URL arguments by their native type (fs, url.fileURLToPath, Worker), so inheriting Bun's prototypes
 * (ffi/interop.ts) is not enough there.
 */
import { isOurs, rewritingConstructor } from "../ffi/interop.ts";
import { URL } from "../ffi/url.ts";
import { URLSearchParams } from "../ffi/url_search_params.ts";

const BunURL = globalThis.URL;

/** Bun's URLSearchParams has `length` (the number of pairs); `toJSON()` every runtime's has (ffi). */
export function addBunSearchParamsMembers(): void {
  Object.defineProperty(URLSearchParams.prototype, "length", {
    get(this: URLSearchParams): number {
      return Reflect.get(URLSearchParams.prototype, "size", this); // checks the receiver
    },
    configurable: true,
    enumerable: true,
  });
}

/** Our URL as Bun's own, for Bun's native APIs; anything else as it is. */
function toBun(value: unknown): unknown {
  return isOurs(URL, value) ? new BunURL((value as URL).href) : value;
}

/** Wraps a function so that URL arguments of ours reach it as Bun's own. */
// deno-lint-ignore no-explicit-any
function convertingArguments<F extends (...args: any[]) => unknown>(fn: F): F {
  return new Proxy(fn, {
    apply: (target, self, args: unknown[]) => Reflect.apply(target, self, args.map(toBun)),
  });
}

/**
 * For the global install: Bun's `node:fs` (and `fs.promises`), `url.fileURLToPath` and `Worker` take our URL
 * objects. Patched on the module objects, so `import fs from "node:fs"`, `require("node:fs")` and the
 * global `Worker` see it; a named import (`import { readFileSync } from "node:fs"`) keeps Bun's original,
 * which Bun gives no way to change: there, pass `fileURLToPath(url.href)` or `new URL(url.href)`.
 */
export function acceptOurUrlsInBunApis(): void {
  // The CommonJS module objects (what require() and default imports see), without loading node:module.
  const require = (id: string) =>
    (process as unknown as { getBuiltinModule(id: string): unknown }).getBuiltinModule(id);
  const patchAll = (module: Record<string, unknown>) => {
    for (const name of Object.keys(module)) {
      const value = module[name];
      if (typeof value === "function" && /^[a-z]/.test(name)) {
        module[name] = convertingArguments(value as (...args: unknown[]) => unknown);
      }
    }
  };
  const fs = require("node:fs") as Record<string, unknown> & { promises: Record<string, unknown> };
  patchAll(fs);
  patchAll(fs.promises);
  const url = require("node:url") as Record<string, unknown>;
  url.fileURLToPath = convertingArguments(url.fileURLToPath as (...args: unknown[]) => unknown);
  const Worker = (globalThis as { Worker?: new (...args: unknown[]) => unknown }).Worker;
  if (typeof Worker === "function") {
    (globalThis as { Worker?: unknown }).Worker = rewritingConstructor(Worker, (args) => args.map(toBun));
  }
}
