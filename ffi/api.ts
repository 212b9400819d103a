/**
 * The public API, identical on every runtime. Runtime entry points (runtimes/*.ts) install their
 * native binding and re-export this module.
 */
export { URL } from "./url/url.ts";
export { URLSearchParams } from "./url/url_search_params.ts";
export { URLPattern } from "./urlpattern/url_pattern.ts";
export { URLPatternList } from "./urlpattern/url_pattern_list.ts";
export type { URLPatternListMatch, URLPatternListResult } from "./urlpattern/url_pattern_list.ts";
export type {
  URLPatternComponentResult,
  URLPatternInit,
  URLPatternInput,
  URLPatternOptions,
  URLPatternResult,
} from "./urlpattern/url_pattern.ts";
export { route } from "./routing/route.ts";
export type {
  Handler,
  RequestHandler,
  Route,
  RoutePattern,
  RouteRequest,
  RouteResponse,
  ServeHandlerInfo,
} from "./routing/route.ts";
export { adaVersion, nativeLibrary } from "./native_calls/install.ts";
export { domainToASCII, domainToUnicode } from "./native_calls/domains.ts";
export { parseMany } from "./native_calls/batch.ts";
