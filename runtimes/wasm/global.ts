/** `ada-ffi/wasm/global`: installs the Wasm backend's URL, URLSearchParams and URLPattern on globalThis. */
import { installGlobals } from "../../ffi/builtins/global.ts";
import { URL, URLPattern, URLSearchParams } from "./entry.ts";

installGlobals(URL, URLSearchParams, URLPattern);

export * from "./entry.ts";
