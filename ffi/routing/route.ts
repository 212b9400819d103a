/**
 * `route(routes, defaultHandler)`: `@std/http/unstable-route`'s router, with its contract (std 1.1.3), over one
 * URLPatternList. The answer is the loop std's `route`/`routeLinear` runs — the first route, in array order, whose
 * method matches the request's and whose `pattern.exec(request.url)` is not null, its handler called with that result;
 * else `defaultHandler(request, info)` — found through the list's index instead of trying each route: a route whose
 * pattern cannot match the URL's pathname, or whose method is not the request's, is never asked.
 *
 * Methods, exactly as std compares them: a route without one (undefined, or any falsy value) takes every request; a
 * route's method (or each of an array's) is uppercased and compared with `request.method` as the runtime gives it
 * (every runtime uppercases GET, POST, PUT, DELETE, HEAD, OPTIONS; Deno leaves other methods as sent, so a `patch`
 * request matches no route there, in std as here).
 */
import { execAllowed, takeResult, URLPatternList } from "../urlpattern/url_pattern_list.ts";
import { patternInternals, type URLPatternInput, type URLPatternResult } from "../urlpattern/url_pattern.ts";
import { isRuntimePattern } from "../urlpattern/runtime_patterns.ts";
import { invalidArgTypeError } from "../builtins/errors.ts";

/**
 * A URLPattern a route can hold: ada-ffi's, or the runtime's own (Deno's, Bun's, Node 24+'s) as `@std/http` users
 * make them with `new URLPattern(...)`.
 */
export interface RoutePattern {
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  test(input?: URLPatternInput, baseURL?: string): boolean;
  exec(input?: URLPatternInput, baseURL?: string): URLPatternResult | null;
}

/** What a server passes beside the request (Deno.serve's `info`, Bun's server): handed to handlers as it is. */
// deno-lint-ignore no-explicit-any
export type ServeHandlerInfo = any;

/**
 * The runtime's `Request` (lib.dom's, @types/node's, Deno's, Bun's), read through `globalThis` so that these
 * declarations type-check in a project that has none of them (lib esnext only): there, the two fields route() reads.
 */
export type RouteRequest = typeof globalThis extends { Request: { prototype: infer R } } ? R
  : { readonly url: string; readonly method: string };

/** The runtime's `Response`, read as `RouteRequest` is: where the project's types have none, whatever a handler returns. */
export type RouteResponse = typeof globalThis extends { Response: { prototype: infer R } } ? R : unknown;

/** A request handler: what Deno.serve, Bun.serve and Workers' fetch take. */
export type RequestHandler = (
  request: RouteRequest,
  info?: ServeHandlerInfo,
) => RouteResponse | Promise<RouteResponse>;

/** A route's handler: the request, its pattern's exec() result, and the server's info. */
export type Handler = (
  request: RouteRequest,
  params: URLPatternResult,
  info?: ServeHandlerInfo,
) => RouteResponse | Promise<RouteResponse>;

/** A route, as `@std/http/unstable-route`'s. */
export interface Route {
  /** Request URL pattern. */
  pattern: RoutePattern;
  /**
   * Request method, or methods: compared uppercased with the request's. If not specified, all methods are matched.
   */
  method?: string | string[];
  /** Request handler. */
  handler: Handler;
}

const toUpperCase = String.prototype.toUpperCase;
const isArray = Array.isArray;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapHas = Map.prototype.has;

/** A route's methods, uppercased; null for every method. */
function methodsOf(route: Route, at: number): string[] | null {
  const method = route.method;
  if (!method) return null;
  const given = isArray(method) ? method : [method];
  const methods: string[] = [];
  for (let k = 0; k < given.length; k++) {
    if (typeof given[k] !== "string") {
      throw invalidArgTypeError(`routes[${at}].method`, "string or an array of strings", method);
    }
    methods[k] = toUpperCase.call(given[k]);
  }
  return methods;
}

/**
 * Makes a request handler that routes each request to the first route whose method and pattern match it, as
 * `@std/http/unstable-route`'s `route` does (the same answer on every request), or to `defaultHandler`. The routes are
 * read once, here: later changes to the array or its route objects' patterns and methods do not change the routing
 * (a route's handler is read when called, as std does).
 *
 * @example
 * const handler = route([
 *   { pattern: new URLPattern({ pathname: "/users/:id" }), method: "GET", handler: (_req, params) =>
 *     new Response(params.pathname.groups.id) },
 * ], () => new Response("Not found", { status: 404 }));
 * Deno.serve(handler); // or Bun.serve({ fetch: handler }), or a Worker's fetch
 *
 * @throws {TypeError} when `routes` is not an array of routes (each with a URLPattern, a handler function and a method
 * that is a string or an array of strings, or none), or `defaultHandler` is not a function (code
 * `ERR_INVALID_ARG_TYPE`). A handler that throws, or whose promise rejects, is not caught: the error reaches the
 * server, as with std.
 */
export function route(routes: Route[], defaultHandler: RequestHandler): RequestHandler {
  if (!isArray(routes)) throw invalidArgTypeError("routes", "Array", routes);
  if (typeof defaultHandler !== "function") throw invalidArgTypeError("defaultHandler", "function", defaultHandler);
  const kept: Route[] = [];
  const patterns: RoutePattern[] = [];
  const methods: (string[] | null)[] = [];
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i];
    if (typeof r !== "object" || r === null) throw invalidArgTypeError(`routes[${i}]`, "Route", r);
    const pattern = r.pattern;
    if (patternInternals(pattern) === null && !isRuntimePattern(pattern)) {
      throw invalidArgTypeError(`routes[${i}].pattern`, "URLPattern", pattern);
    }
    if (typeof r.handler !== "function") throw invalidArgTypeError(`routes[${i}].handler`, "function", r.handler);
    kept[i] = r;
    patterns[i] = pattern;
    methods[i] = methodsOf(r, i);
  }
  const list = new URLPatternList();
  for (let i = 0; i < patterns.length; i++) list.add(patterns[i] as never);
  const { byMethod, others } = allowedByMethod(methods);

  return function routeRequest(request: RouteRequest, info?: ServeHandlerInfo): RouteResponse | Promise<RouteResponse> {
    if (typeof request !== "object" || request === null) throw invalidArgTypeError("request", "Request", request);
    const url = request.url;
    if (typeof url !== "string") throw invalidArgTypeError("request.url", "string", url);
    const found: Uint8Array | null | undefined = mapGet.call(byMethod, request.method);
    const index = execAllowed(list, url, found === undefined ? others : found);
    if (index === -1) return defaultHandler(request, info);
    // The result first: reading `handler` may run a getter that routes another request.
    const result = takeResult();
    return kept[index].handler(request, result, info);
  };
}

/**
 * Which routes each method may reach: per method a route names, 1 for its routes and for those that take every
 * method (null where that is all routes); `others` for any other method (the routes that take every method).
 */
function allowedByMethod(
  methods: (string[] | null)[],
): { byMethod: Map<string, Uint8Array | null>; others: Uint8Array | null } {
  const count = methods.length;
  const others = new Uint8Array(count);
  const named: string[] = [];
  const seen = new Map<string, true>();
  for (let i = 0; i < count; i++) {
    const list = methods[i];
    if (list === null) {
      others[i] = 1;
      continue;
    }
    for (let k = 0; k < list.length; k++) {
      if (!mapHas.call(seen, list[k])) {
        mapSet.call(seen, list[k], true);
        named[named.length] = list[k];
      }
    }
  }
  const byMethod = new Map<string, Uint8Array | null>();
  for (let m = 0; m < named.length; m++) {
    const method = named[m];
    const allowed = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const list = methods[i];
      if (list === null) allowed[i] = 1;
      else for (let k = 0; k < list.length; k++) if (list[k] === method) allowed[i] = 1;
    }
    mapSet.call(byMethod, method, allowsAll(allowed) ? null : allowed);
  }
  return { byMethod, others: allowsAll(others) ? null : others };
}

/** Whether every route is allowed (then no check is needed). */
function allowsAll(allowed: Uint8Array): boolean {
  for (let i = 0; i < allowed.length; i++) if (allowed[i] === 0) return false;
  return true;
}
