/**
 * The public API of the Wasm backend's bundle (./backend.ts): what ../../ffi/api.ts exports, named one by one so that
 * the bundle's installer stays out of `ada-ffi/wasm` (the package check compares these names with `ada-ffi`'s).
 */
export {
  adaVersion,
  domainToASCII,
  domainToUnicode,
  nativeLibrary,
  parseMany,
  route,
  URL,
  URLPattern,
  URLPatternList,
  URLSearchParams,
} from "./backend.ts";
export type {
  Handler,
  RequestHandler,
  Route,
  RoutePattern,
  RouteRequest,
  RouteResponse,
  ServeHandlerInfo,
  URLPatternComponentResult,
  URLPatternInit,
  URLPatternInput,
  URLPatternListMatch,
  URLPatternListResult,
  URLPatternOptions,
  URLPatternResult,
} from "../../ffi/api.ts";
