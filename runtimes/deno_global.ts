/** `ada-ffi/global` on deno: installs our URL, URLSearchParams and URLPattern on globalThis, and exports the API. */
import { installGlobals } from "../ffi/global.ts";
import { URL, URLPattern, URLSearchParams } from "./deno.ts";

installGlobals(URL, URLSearchParams, URLPattern);

export * from "./deno.ts";
