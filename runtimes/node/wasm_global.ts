/** `ada-ffi/wasm/global` on Node: installs the Wasm backend's URL, URLSearchParams and URLPattern on globalThis. */
import { installGlobals } from "../../ffi/builtins/global.ts";
import { URL, URLPattern, URLSearchParams } from "./wasm_entry.ts";

installGlobals(URL, URLSearchParams, URLPattern);

export * from "./wasm_entry.ts";
