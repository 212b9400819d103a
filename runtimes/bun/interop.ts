/**
 * What Bun's own URLSearchParams has that the standard does not, and what Bun's native code refuses: Bun
 * checks URL arguments by their native type (fs, url.fileURLToPath, Worker), so inheriting Bun's prototypes
 * (ffi/builtins/interop.ts) is not enough there.
 */
import { isOurs, proxyHandler, rewritingConstructor } from "../../ffi/builtins/interop.ts";
import { append } from "../../ffi/builtins/own_arrays.ts";
import type { URL } from "../../ffi/url/url.ts";
import type { URLSearchParams } from "../../ffi/url/url_search_params.ts";

// Our classes come as arguments: the global entry ships as a bundle of its own that imports them from the main
// entry's (tools/bundle_entries.mjs), and a copy of a class would be a second, different class.

const BunURL = globalThis.URL;
const apply = Reflect.apply;

/**
 * Bun's URLSearchParams has `length` (the number of pairs); `toJSON()` every runtime's has (ffi). The brand check
 * and its error come from the main entry, with the class (see above).
 */
export function addBunSearchParamsMembers(
  ours: typeof URLSearchParams,
  isOursBrand: (value: unknown) => boolean,
  invalidThis: (member: string) => TypeError,
): void {
  Object.defineProperty(ours.prototype, "length", {
    get(this: URLSearchParams): number {
      if (!isOursBrand(this)) throw invalidThis("length");
      return this.size;
    },
    configurable: true,
    enumerable: true,
  });
}

/**
 * For the global install: Bun's `node:fs` (and `fs.promises`), `url.fileURLToPath` and `Worker` take our URL
 * objects. Patched on the module objects, so `import fs from "node:fs"`, `require("node:fs")` and the
 * global `Worker` see it; a named import (`import { readFileSync } from "node:fs"`) keeps Bun's original,
 * which Bun gives no way to change: there, pass `fileURLToPath(url.href)` or `new URL(url.href)`.
 */
export function acceptOurUrlsInBunApis(ours: typeof URL): void {
  // Our URL as Bun's own; anything else as it is.
  const toBun = (value: unknown) => isOurs(ours, value) ? new BunURL((value as URL).href) : value;
  // The arguments, each converted: by index (no Array.prototype.map, which a user may have replaced by the call).
  const allToBun = (args: readonly unknown[]) => {
    const converted: unknown[] = [];
    for (let k = 0; k < args.length; k++) append(converted, toBun(args[k]));
    return converted;
  };
  // A function whose URL arguments of ours reach it as Bun's own.
  const convertingArguments = (fn: (...args: unknown[]) => unknown) =>
    new Proxy(fn, proxyHandler({ apply: (target, self, args: unknown[]) => apply(target, self, allToBun(args)) }));
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
    (globalThis as { Worker?: unknown }).Worker = rewritingConstructor(Worker, allToBun);
  }
}
