/** `ada-ffi/global` on node: installs our URL and URLSearchParams on globalThis, and exports the API. */
import { installGlobals } from "../ffi/global.ts";
import { URL, URLSearchParams } from "./node.ts";

installGlobals(URL, URLSearchParams);

export * from "./node.ts";
