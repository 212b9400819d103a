/** `ada-ffi/global` on bun: installs our URL, URLSearchParams and URLPattern on globalThis, and exports the API. */
import { installGlobals } from "../../ffi/builtins/global.ts";
import { URL, URLPattern, URLSearchParams } from "./entry.ts";
import { acceptOurUrlsInBunApis } from "./interop.ts";

installGlobals(URL, URLSearchParams, URLPattern);
acceptOurUrlsInBunApis(URL);

export * from "./entry.ts";
