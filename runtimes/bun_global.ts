/** `ada-ffi/global` on bun: installs our URL, URLSearchParams and URLPattern on globalThis, and exports the API. */
import { installGlobals } from "../ffi/global.ts";
import { URL, URLPattern, URLSearchParams } from "./bun.ts";
import { acceptOurUrlsInBunApis } from "./bun_interop.ts";

installGlobals(URL, URLSearchParams, URLPattern);
acceptOurUrlsInBunApis(URL);

export * from "./bun.ts";
