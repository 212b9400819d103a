/** `ada-ffi/global` on node: installs our URL, URLSearchParams and URLPattern on globalThis, and exports the API. */
import { installGlobals } from "../ffi/global.ts";
import { URL, URLPattern, URLSearchParams } from "./node.ts";

installGlobals(URL, URLSearchParams, URLPattern);

export * from "./node.ts";
