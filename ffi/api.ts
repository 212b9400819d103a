/**
 * The public API, identical on every runtime. Runtime entry points (runtimes/*.ts) install their
 * native binding and re-export this module.
 */
export { URL } from "./url.ts";
export { adaVersion } from "./protocol.ts";
export { parseMany } from "./batch.ts";
