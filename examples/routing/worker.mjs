/**
 * The example's routes (app.mjs) as a Cloudflare Worker (docs/routing.md). There `import "ada-ffi"` resolves to
 * `ada-ffi/wasm/module` (the package's `workerd` export condition): no FFI, and the WebAssembly module bundled as it is.
 */
import { handler } from "./app.mjs";

export default {
  fetch: (request) => handler(request),
};
