/**
 * The public API, identical on every runtime. Runtime entry points (runtimes/*.ts) install their
 * native binding and re-export this module.
 */
export { URL } from "./url.ts";
export { URLSearchParams } from "./url_search_params.ts";
export { URLPattern } from "./url_pattern.ts";
export type {
  URLPatternComponentResult,
  URLPatternInit,
  URLPatternInput,
  URLPatternOptions,
  URLPatternResult,
} from "./url_pattern.ts";
export { adaVersion, domainToASCII, domainToUnicode, nativeLibrary } from "./protocol.ts";
export { parseMany } from "./batch.ts";
