/**
 * The opt-in drop-in: replaces globalThis.URL, URLSearchParams and URLPattern with ours (URLPattern also where
 * the runtime has none: Node 20 and 22), with the same property attributes as the built-ins (writable,
 * configurable, not enumerable). URLPattern is plain data to the runtime's other APIs, so it needs no more.
 *
 * The runtime's fetch, Request and Response read URL arguments through toString(), so our URL works
 * with them as it is. A URLSearchParams *body* is different: a runtime may recognise only its own class
 * (Deno rejects ours as a byte iterable, Bun sends it as text/plain), while Node's undici checks
 * whatever globalThis.URLSearchParams is at the time. So the install asks the runtime once, through
 * the original Response, which class it turns into an application/x-www-form-urlencoded body, and only
 * when that is the runtime's own class wraps fetch, Request and Response to hand such bodies over as
 * one. The wrappers are Proxies of the originals: `instanceof Request` and `Request.prototype` hold.
 */

import { type AnyConstructor, isOurs, proxyHandler, rewritingConstructor } from "./interop.ts";
import { append } from "./own_arrays.ts";

type AnyFunction = (...args: unknown[]) => unknown;

const apply = Reflect.apply;
const create = Object.create;

/**
 * The arguments of a wrapped call with the first ones replaced: `first`, then `args` from `first.length` on. By index
 * (no `slice`, no spread: Array.prototype's, which a user may have replaced by the time fetch is called).
 */
function withFirst(first: unknown[], args: readonly unknown[]): unknown[] {
  for (let k = first.length; k < args.length; k++) append(first, args[k]);
  return first;
}

export function installGlobals(
  url: unknown,
  urlSearchParams: new (...args: never[]) => object,
  urlPattern: unknown,
): void {
  const RuntimeSearchParams = globalThis.URLSearchParams;
  const ours = urlSearchParams;
  // Only ours: `instanceof` also holds for the runtime's own (ffi/builtins/interop.ts), which need no conversion.
  const convertBody = (body: unknown) => isOurs(ours, body) ? new RuntimeSearchParams(String(body)) : body;
  // A RequestInit whose body is converted; other members still read through to the caller's object.
  const convertInit = (init: unknown) => {
    if (init === null || typeof init !== "object") return init;
    const body = (init as { body?: unknown }).body;
    if (!isOurs(ours, body)) return init;
    // The descriptor with no prototype: a `get` a user put on Object.prototype would make it an accessor's.
    return create(init, {
      body: { __proto__: null, value: convertBody(body), enumerable: true } as PropertyDescriptor,
    });
  };

  const g = globalThis as unknown as Record<string, unknown>;
  const define = (name: string, value: unknown) =>
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  define("URL", url);
  define("URLSearchParams", urlSearchParams);
  define("URLPattern", urlPattern);

  const isFormBody = (body: unknown): boolean => {
    try {
      const type = new (g.Response as new (body: unknown) => Response)(body).headers.get("content-type");
      return type !== null && type.startsWith("application/x-www-form-urlencoded");
    } catch {
      return false;
    }
  };
  if (typeof g.Response !== "function" || isFormBody(new ours())) return; // ours already works
  if (!isFormBody(new RuntimeSearchParams())) return; // nothing we could convert to would do better

  if (typeof g.fetch === "function") {
    const fetch = g.fetch as AnyFunction;
    define(
      "fetch",
      new Proxy(
        fetch,
        proxyHandler({
          apply: (target, self, args) => apply(target, self, withFirst([args[0], convertInit(args[1])], args)),
        }),
      ),
    );
  }
  if (typeof g.Request === "function") {
    define(
      "Request",
      rewritingConstructor(g.Request as AnyConstructor, (args) => withFirst([args[0], convertInit(args[1])], args)),
    );
  }
  {
    define(
      "Response",
      rewritingConstructor(g.Response as AnyConstructor, (args) => withFirst([convertBody(args[0])], args)),
    );
  }
}
