/**
 * `ada-ffi/wasm/global` on Bun: installs the Wasm backend's URL, URLSearchParams and URLPattern on globalThis, as
 * `ada-ffi/global` does (Bun's own APIs then accept our URL objects).
 */
import { installGlobals } from "../../ffi/builtins/global.ts";
import { URL, URLPattern, URLSearchParams } from "./wasm_entry.ts";
import { acceptOurUrlsInBunApis } from "./interop.ts";

installGlobals(URL, URLSearchParams, URLPattern);
acceptOurUrlsInBunApis(URL);

export * from "./wasm_entry.ts";
