/** `ada-ffi/global` on deno: installs our URL and URLSearchParams on globalThis, and exports the API. */
import { installGlobals } from "../ffi/global.ts";
import { URL, URLSearchParams } from "./deno.ts";

installGlobals(URL, URLSearchParams);

export * from "./deno.ts";
