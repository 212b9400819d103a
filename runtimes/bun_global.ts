/** `ada-ffi/global` on bun: installs our URL and URLSearchParams on globalThis, and exports the API. */
import { installGlobals } from "../ffi/global.ts";
import { URL, URLSearchParams } from "./bun.ts";

installGlobals(URL, URLSearchParams);

export * from "./bun.ts";
