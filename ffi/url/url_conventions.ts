/**
 * How the URL class presents itself like the runtime's own: WebIDL's enumerable members in the runtime's order, the
 * runtime's class as its prototype (ffi/builtins/interop.ts), structuredClone's handling, WebIDL lengths, and what
 * console.log / util.inspect print.
 */
import type { URL } from "./url.ts";
import { URLSearchParams } from "./url_search_params.ts";
import { cloneLikeTheRuntime, layerOnRuntimeClass, setLength } from "../builtins/interop.ts";
import { defineInspect, makeWebIdlMembersEnumerable } from "../builtins/webidl.ts";

/** Applies the built-ins' conventions to `URL` (once, as its module loads); `RuntimeURL` is the runtime's class. */
export function presentLikeTheBuiltIns(URL: typeof import("./url.ts").URL, RuntimeURL: unknown): void {
  makeWebIdlMembersEnumerable(URL.prototype, "URL", globalThis.URL?.prototype);
  layerOnRuntimeClass(URL, globalThis.URL);
  {
    // Samples of ours need no native call: what the runtime's structuredClone does with them depends on the
    // prototype alone.
    const RuntimeSearchParams = Object.getPrototypeOf(URLSearchParams.prototype)?.constructor;
    cloneLikeTheRuntime([
      [
        URL,
        () => Object.create(URL.prototype),
        () => new (RuntimeURL as unknown as new (s: string) => object)("http://a/"),
      ],
      [URLSearchParams, () => Object.create(URLSearchParams.prototype), () => new RuntimeSearchParams()],
    ]);
  }
  // WebIDL lengths count required arguments only.
  setLength(URL, 1);
  setLength(URL.parse, 1);
  setLength(URL.canParse, 1);
  defineInspect(URL.prototype, (url: URL) => ({
    href: url.href,
    origin: url.origin,
    protocol: url.protocol,
    username: url.username,
    password: url.password,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    pathname: url.pathname,
    search: url.search,
    searchParams: url.searchParams,
    hash: url.hash,
  }));
}
