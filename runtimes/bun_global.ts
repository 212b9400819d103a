/** `ada-ffi/global` on bun: installs our URL and URLSearchParams on globalThis, and exports the API. */
import { installGlobals } from "../ffi/global.ts";
import { URL, URLSearchParams } from "./bun.ts";
import { acceptOurUrlsInBunApis } from "./bun_interop.ts";

installGlobals(URL, URLSearchParams);
acceptOurUrlsInBunApis();

export * from "./bun.ts";
