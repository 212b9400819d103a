/**
 * `route(routes, defaultHandler)`: `@std/http/unstable-route`'s router, with its contract (std 1.1.3), over one
 * URLPatternList. The answer is the loop std's `route`/`routeLinear` runs — the first route, in array order, whose
 * method matches the request's and whose `pattern.exec(request.url)` is not null, its handler called with that result;
 * else `defaultHandler(request, info)` — found through the list's index instead of trying each route: a route whose
 * pattern cannot match the URL's pathname, or whose method is not the request's, is never asked. (A pattern with an
 * `exec` of its own is asked through it, in order, on every request its method allows: see patternExec.)
 *
 * Methods, exactly as std compares them: a route without one (undefined, or any falsy value) takes every request; a
 * route's method (or each of an array's) is uppercased and compared with `request.method` as the runtime gives it
 * (every runtime uppercases GET, POST, PUT, DELETE, HEAD, OPTIONS; Deno leaves other methods as sent, so a `patch`
 * request matches no route there, in std as here).
 */
import { execAllowed, takeResult, URLPatternList } from "../urlpattern/url_pattern_list.ts";
import { patternInternals, URLPattern, type URLPatternResult } from "../urlpattern/url_pattern.ts";
import { isRuntimePattern, runtimeExecMethod } from "../urlpattern/runtime_patterns.ts";
import { invalidArgTypeError } from "../builtins/errors.ts";
import { newArray } from "../builtins/own_arrays.ts";

/**
 * What a route's pattern must be: what std's loop calls, `exec(request.url)`. A URLPattern (ada-ffi's, or the
 * runtime's own as `@std/http` users make them with `new URLPattern(...)`) is indexed; any other (urlpattern-polyfill's,
 * a subclass that overrides `exec`) is asked through its own `exec`.
 */
export interface RoutePattern {
  exec(input: string): URLPatternResult | null;
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
  const methods: string[] = newArray();
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
 * A pattern whose `exec` is not its class's own (a subclass's override, an own property, another implementation of
 * the interface) is asked through that `exec`, on every request its method allows, in array order, as std's loop asks
 * it; a truthy result matches.
 *
 * @throws {TypeError} when `routes` is not an array of routes (each with a pattern that has an `exec` method, a
 * handler function and a method that is a string or an array of strings, or none), or `defaultHandler` is not a function (code
 * `ERR_INVALID_ARG_TYPE`); from the handler it returns, when a request is not an object or its `url` is not a string
 * (the same code; std would pass such a `url` to each `exec`). A handler that throws, or whose promise rejects, is not
 * caught: the error reaches the server, as with std.
 */
export function route(routes: Route[], defaultHandler: RequestHandler): RequestHandler {
  if (!isArray(routes)) throw invalidArgTypeError("routes", "Array", routes);
  if (typeof defaultHandler !== "function") throw invalidArgTypeError("defaultHandler", "function", defaultHandler);
  // Arrays without a prototype, here and below: a user's `Array.prototype[0]` setter would take a new index's write.
  const kept: Route[] = newArray();
  const patterns: RoutePattern[] = newArray();
  const methods: (string[] | null)[] = newArray();
  /** Per route: its pattern's own `exec` when the route is asked through it (see patternExec), else null. */
  const ownExecs: (AnyFunction | null)[] = newArray();
  for (let i = 0; i < routes.length; i++) {
    const r = routes[i];
    if (typeof r !== "object" || r === null) throw invalidArgTypeError(`routes[${i}]`, "Route", r);
    const pattern = r.pattern;
    ownExecs[i] = patternExec(pattern, i);
    if (typeof r.handler !== "function") throw invalidArgTypeError(`routes[${i}].handler`, "function", r.handler);
    kept[i] = r;
    patterns[i] = pattern;
    methods[i] = methodsOf(r, i);
  }
  // The list holds the routes it can match itself (`listed`, in array order); the others are asked in order.
  const listed: number[] = newArray();
  const asked: number[] = newArray();
  for (let i = 0; i < kept.length; i++) {
    if (ownExecs[i] === null) listed[listed.length] = i;
    else asked[asked.length] = i;
  }
  const list = new URLPatternList();
  for (let k = 0; k < listed.length; k++) list.add(patterns[listed[k]] as never);
  const { named, masks, others } = allowedByMethod(methods);

  if (asked.length === 0) {
    // Every route in the list: a list index is a route index.
    const listByMethod = new Map<string, Uint8Array | null>();
    for (let m = 0; m < named.length; m++) mapSet.call(listByMethod, named[m], allowedOrAll(masks[m]));
    const listOthers = allowedOrAll(others);
    return function routeRequest(
      request: RouteRequest,
      info?: ServeHandlerInfo,
    ): RouteResponse | Promise<RouteResponse> {
      if (typeof request !== "object" || request === null) throw invalidArgTypeError("request", "Request", request);
      const url = request.url;
      if (typeof url !== "string") throw invalidArgTypeError("request.url", "string", url);
      const found: Uint8Array | null | undefined = mapGet.call(listByMethod, request.method);
      const index = execAllowed(list, url, found === undefined ? listOthers : found, 0, kept.length);
      if (index === -1) return defaultHandler(request, info);
      // The result first: reading `handler` may run a getter that routes another request.
      const result = takeResult();
      return kept[index].handler(request, result, info);
    };
  }

  // Some routes are asked through their own exec: per method, the list's mask and the asked routes it allows.
  const lookups = new Map<string, MethodLookup>();
  for (let m = 0; m < named.length; m++) mapSet.call(lookups, named[m], methodLookup(masks[m], listed, asked));
  const othersLookup = methodLookup(others, listed, asked);
  return function routeRequestAsking(
    request: RouteRequest,
    info?: ServeHandlerInfo,
  ): RouteResponse | Promise<RouteResponse> {
    const url = requestURL(request);
    const lookup: MethodLookup = mapGet.call(lookups, request.method) ?? othersLookup;
    // In array order, as the loop: the listed routes before each asked route (one lookup over that range of the
    // list), then the asked route. No pattern after the answer is matched: std's loop never runs one.
    const askedAllowed = lookup.asked;
    let from = 0;
    for (let k = 0; k <= askedAllowed.length; k++) {
      const below = lookup.listedBefore[k];
      if (lookup.rangeAllowed[k] !== 0) {
        const index = execAllowed(list, url, lookup.listAllowed, from, below);
        if (index !== -1) {
          // The result first: reading `handler` may run a getter that routes another request.
          const result = takeResult();
          return kept[listed[index]].handler(request, result, info);
        }
      }
      from = below;
      if (k === askedAllowed.length) break;
      const i = askedAllowed[k];
      const own = apply(ownExecs[i]!, patterns[i], [url]);
      if (own) return kept[i].handler(request, own as URLPatternResult, info);
    }
    return defaultHandler(request, info);
  };
}

// deno-lint-ignore no-explicit-any
type AnyFunction = (...args: any[]) => unknown;
const apply = Reflect.apply as (f: AnyFunction, self: unknown, args: unknown[]) => unknown;
const ourExec = URLPattern.prototype.exec;
const PATTERN_TYPE = "URLPattern (or an object with its exec method)";

/**
 * How route() matches a route's pattern: null when the list can (ada-ffi's URLPattern, or the runtime's own, with the
 * `exec` its class gives it); else the pattern's own `exec`, which the route is then asked through, in array order, on
 * every request its method allows, as std's loop asks every pattern (a subclass that overrides `exec`, an `exec` set on
 * the object, another implementation such as urlpattern-polyfill's). Read once, here.
 */
function patternExec(pattern: unknown, at: number): AnyFunction | null {
  if ((typeof pattern !== "object" && typeof pattern !== "function") || pattern === null) {
    throw invalidArgTypeError(`routes[${at}].pattern`, PATTERN_TYPE, pattern);
  }
  const exec = (pattern as { exec?: unknown }).exec;
  const ours = patternInternals(pattern) !== null;
  const runtimes = !ours && isRuntimePattern(pattern);
  if ((ours && exec === ourExec) || (runtimes && exec === runtimeExecMethod)) return null;
  // Our exec or the runtime's on an object that is not such a pattern would throw on every request: refused now.
  if (typeof exec !== "function" || (!ours && !runtimes && (exec === ourExec || exec === runtimeExecMethod))) {
    throw invalidArgTypeError(`routes[${at}].pattern`, PATTERN_TYPE, pattern);
  }
  return exec as AnyFunction;
}

/** `request.url`, checked. */
function requestURL(request: RouteRequest): string {
  if (typeof request !== "object" || request === null) throw invalidArgTypeError("request", "Request", request);
  const url = (request as { url: unknown }).url;
  if (typeof url !== "string") throw invalidArgTypeError("request.url", "string", url);
  return url;
}

/**
 * One method's lookup when some routes are asked: the list's mask (null: all); the asked routes allowed (route
 * indexes, in order); and per asked route, then once more for the end of the table, how many listed routes come
 * before it (the list's range up to it) and whether any listed route the method allows lies in the range since the
 * asked route before (else that range is not looked up).
 */
interface MethodLookup {
  listAllowed: Uint8Array | null;
  asked: Int32Array;
  listedBefore: Int32Array;
  rangeAllowed: Uint8Array;
}

function methodLookup(allowed: Uint8Array, listed: number[], asked: number[]): MethodLookup {
  const listAllowed = new Uint8Array(listed.length);
  for (let k = 0; k < listed.length; k++) listAllowed[k] = allowed[listed[k]];
  let count = 0;
  for (let k = 0; k < asked.length; k++) if (allowed[asked[k]] !== 0) count++;
  const askedAllowed = new Int32Array(count);
  const listedBefore = new Int32Array(count + 1);
  const rangeAllowed = new Uint8Array(count + 1);
  count = 0;
  let l = 0; // listed routes passed so far
  let anyInRange = 0;
  for (let k = 0; k <= asked.length; k++) {
    const end = k < asked.length ? asked[k] : Infinity;
    for (; l < listed.length && listed[l] < end; l++) if (listAllowed[l] !== 0) anyInRange = 1;
    if (k < asked.length && allowed[asked[k]] === 0) continue;
    if (k < asked.length) askedAllowed[count] = asked[k];
    listedBefore[count] = l;
    rangeAllowed[count++] = anyInRange;
    anyInRange = 0;
  }
  return { listAllowed: allowedOrAll(listAllowed), asked: askedAllowed, listedBefore, rangeAllowed };
}

/**
 * Which routes each method may reach: per method a route names (`named`), a mask (`masks`, in that order) with 1 for
 * its routes and for those that take every method; `others` for any other method (the routes that take every method).
 */
function allowedByMethod(
  methods: (string[] | null)[],
): { named: string[]; masks: Uint8Array[]; others: Uint8Array } {
  const count = methods.length;
  const others = new Uint8Array(count);
  const named: string[] = newArray();
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
  const masks: Uint8Array[] = newArray();
  for (let m = 0; m < named.length; m++) {
    const method = named[m];
    const allowed = new Uint8Array(count);
    for (let i = 0; i < count; i++) {
      const list = methods[i];
      if (list === null) allowed[i] = 1;
      else for (let k = 0; k < list.length; k++) if (list[k] === method) allowed[i] = 1;
    }
    masks[m] = allowed;
  }
  return { named, masks, others };
}

/** A mask, or null where it allows every route (then no check is needed). */
function allowedOrAll(allowed: Uint8Array): Uint8Array | null {
  return allowsAll(allowed) ? null : allowed;
}

/** Whether every route is allowed (then no check is needed). */
function allowsAll(allowed: Uint8Array): boolean {
  for (let i = 0; i < allowed.length; i++) if (allowed[i] === 0) return false;
  return true;
}
