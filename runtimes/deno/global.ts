/** `ada-ffi/global` on deno: installs our URL, URLSearchParams and URLPattern on globalThis, and exports the API. */
import { installGlobals } from "../../ffi/builtins/global.ts";
import { URL, URLPattern, URLSearchParams } from "./entry.ts";

installGlobals(URL, URLSearchParams, URLPattern);

export * from "./entry.ts";
