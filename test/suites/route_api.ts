/**
 * `route(routes, defaultHandler)`, the drop-in for `@std/http/unstable-route`'s `route`: the behaviours std's own
 * tests check (static and dynamic routes, methods, the default handler, order, URLPattern syntax, other components),
 * once with our URLPattern and once with the runtime's own where it has one; then what the contract adds: argument
 * errors, errors that propagate, `info` and `this`, routes read once, `request.method` as given, a differential check
 * against the loop std runs, a 1 MB URL and 10,000 routes. (tools/std_route_check.mjs runs std's test file itself.)
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { Api } from "../support/api.ts";
import { timeLimit } from "../support/time_limit.ts";

type Route = Parameters<Api["route"]>[0][number];
type RequestHandler = ReturnType<Api["route"]>;
type Params = Parameters<Route["handler"]>[1];
type Pattern = Route["pattern"];
type PatternClass = new (input?: unknown, baseOrOptions?: unknown, options?: unknown) => Pattern;

/** A request as the handler sees it: only what route() reads (the tests of `request.method` as given use one). */
type RequestLike = { url: string; method: string };

const ORIGIN = "http://example.com";

function request(path: string, method?: string): Request {
  return new Request(path.startsWith("http") ? path : ORIGIN + path, method === undefined ? undefined : { method });
}

/** The handler's answer, awaited: status and body text. */
async function answer(handler: RequestHandler, req: Request | RequestLike): Promise<[number, string]> {
  const response = await handler(req as Request);
  return [response.status, await response.text()];
}

/** The default handler of most tests: 404 with the request's pathname. */
function notFound(req: Request): Response {
  return new Response(new URL(req.url).pathname, { status: 404 });
}

const text = (body: string) => () => new Response(body);

function throwsCode(fn: () => unknown, what: string): void {
  try {
    fn();
  } catch (error) {
    assert.instance(error, TypeError, what);
    assert.is((error as { code?: string }).code, "ERR_INVALID_ARG_TYPE", `${what}: ${(error as Error).message}`);
    return;
  }
  assert.unreachable(`${what}: no error`);
}

/**
 * The loop std's route runs, written here as the contract states it: the first route in array order whose method
 * matches (uppercased, compared with request.method as given; falsy: every method; an array: any element) and whose
 * pattern's exec() of request.url is not null.
 */
function loopAnswer(routes: Route[], req: RequestLike): { index: number; params: Params } | null {
  for (let i = 0; i < routes.length; i++) {
    const method = routes[i].method;
    if (method) {
      const names = Array.isArray(method) ? method : [method];
      if (!names.some((name) => name.toUpperCase() === req.method)) continue;
    }
    const params = routes[i].pattern.exec(req.url);
    if (params !== null) return { index: i, params };
  }
  return null;
}

/** std's behaviours, each in a test, with patterns made by `Pattern`. */
function registerStdBehaviours(api: Api, label: string, Pattern: PatternClass): void {
  const { route } = api;
  const test = suite(`route(): the behaviours of std's unstable-route tests, with ${label}`);
  const p = (init: Record<string, string>) => new Pattern(init);

  // One table for the first steps, as std's tests have: a route for every method, two routes on one path with
  // different methods, one with two methods.
  const table: Route[] = [
    { pattern: p({ pathname: "/info" }), handler: (req) => new Response(new URL(req.url).pathname) },
    {
      pattern: p({ pathname: "/accounts/:id" }),
      method: "GET",
      handler: (_req, params) => new Response(params.pathname.groups.id),
    },
    { pattern: p({ pathname: "/accounts/:id" }), method: "POST", handler: text("created") },
    {
      pattern: p({ pathname: "/thing" }),
      method: ["GET", "HEAD"],
      handler: (req) => new Response(req.method === "HEAD" ? null : "ok"),
    },
  ];
  const handler = route(table, notFound);

  test("a static route answers", async () => {
    assert.equal(await answer(handler, request("/info")), [200, "/info"]);
  });

  test("a route with a param: the param reaches the handler; the same path with another method, another route", async () => {
    assert.equal(await answer(handler, request("/accounts/42")), [200, "42"]);
    assert.equal(await answer(handler, request("/accounts/42", "POST")), [200, "created"]);
  });

  test("no route matches: the default handler answers", async () => {
    assert.equal(await answer(handler, request("/nowhere")), [404, "/nowhere"]);
    assert.equal(await answer(handler, request("/accounts")), [404, "/accounts"]);
  });

  test("a route with several methods answers each of them, HEAD included", async () => {
    assert.equal(await answer(handler, request("/thing")), [200, "ok"]);
    assert.equal(await answer(handler, request("/thing", "HEAD")), [200, ""]);
    assert.equal(await answer(handler, request("/thing", "POST")), [404, "/thing"]);
  });

  test("a route without a method takes every method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]) {
      assert.equal(await answer(handler, request("/info", method)), [200, "/info"], method);
    }
  });

  test("a method no route of the path names is not matched", async () => {
    for (const method of ["DELETE", "PUT", "PATCH", "OPTIONS", "HEAD"]) { // no HEAD for GET, as in std
      assert.equal(await answer(handler, request("/accounts/42", method)), [404, "/accounts/42"], method);
    }
  });

  test("a route's method is compared uppercased: a lowercase string", async () => {
    const lower = route([{ pattern: p({ pathname: "/form" }), method: "put", handler: text("put it") }], notFound);
    assert.equal(await answer(lower, request("/form", "PUT")), [200, "put it"]);
    assert.equal(await answer(lower, request("/form", "POST")), [404, "/form"]);
  });

  test("a route's method is compared uppercased: each element of an array", async () => {
    const mixed = route(
      [{ pattern: p({ pathname: "/form" }), method: ["get", "Delete"], handler: text("either") }],
      notFound,
    );
    assert.equal(await answer(mixed, request("/form")), [200, "either"]);
    assert.equal(await answer(mixed, request("/form", "DELETE")), [200, "either"]);
    assert.equal(await answer(mixed, request("/form", "POST")), [404, "/form"]);
  });

  test("a trailing wildcard takes the rest of the path, as group 0", async () => {
    const wild = route([{
      pattern: p({ pathname: "/assets/*" }),
      handler: (_req, params) => new Response(params.pathname.groups[0]),
    }], notFound);
    assert.equal(await answer(wild, request("/assets/css/site.css")), [200, "css/site.css"]);
    assert.equal(await answer(wild, request("/elsewhere/site.css")), [404, "/elsewhere/site.css"]);
  });

  test("the root path", async () => {
    const root = route([{ pattern: p({ pathname: "/" }), handler: text("home") }], notFound);
    assert.equal(await answer(root, request("/")), [200, "home"]);
    assert.equal(await answer(root, request("http://example.com")), [200, "home"]); // the URL's path is "/"
    assert.equal(await answer(root, request("/x")), [404, "/x"]);
  });

  test("the first matching route wins: a static route before a param route", async () => {
    const ordered = route([
      { pattern: p({ pathname: "/accounts/self" }), handler: text("self") },
      {
        pattern: p({ pathname: "/accounts/:id" }),
        handler: (_req, params) => new Response(`id ${params.pathname.groups.id}`),
      },
    ], notFound);
    assert.equal(await answer(ordered, request("/accounts/self")), [200, "self"]);
    assert.equal(await answer(ordered, request("/accounts/17")), [200, "id 17"]);
  });

  test("the first matching route wins: a param route before a static route shadows it", async () => {
    const ordered = route([
      {
        pattern: p({ pathname: "/accounts/:id" }),
        handler: (_req, params) => new Response(`id ${params.pathname.groups.id}`),
      },
      { pattern: p({ pathname: "/accounts/self" }), handler: text("self") },
    ], notFound);
    assert.equal(await answer(ordered, request("/accounts/self")), [200, "id self"]);
  });

  test("a param with a regexp: what it rejects falls to the next route", async () => {
    const constrained = route([
      {
        pattern: p({ pathname: "/items/:n(\\d+)" }),
        handler: (_req, params) => new Response(`number ${params.pathname.groups.n}`),
      },
      {
        pattern: p({ pathname: "/items/:name" }),
        handler: (_req, params) => new Response(`name ${params.pathname.groups.name}`),
      },
    ], notFound);
    assert.equal(await answer(constrained, request("/items/2024")), [200, "number 2024"]);
    assert.equal(await answer(constrained, request("/items/spoon")), [200, "name spoon"]);
    assert.equal(await answer(constrained, request("/items/12a")), [200, "name 12a"]);
  });

  test("an optional group: with and without it", async () => {
    const optional = route([{
      pattern: p({ pathname: "/report{.:format}?" }),
      handler: (_req, params) => new Response(`format ${params.pathname.groups.format ?? "default"}`),
    }], notFound);
    assert.equal(await answer(optional, request("/report.csv")), [200, "format csv"]);
    assert.equal(await answer(optional, request("/report")), [200, "format default"]);
    assert.equal(await answer(optional, request("/reports")), [404, "/reports"]);
  });

  test("a wildcard inside a segment, with a suffix after it", async () => {
    const styles = route([{ pattern: p({ pathname: "/assets/*.css" }), handler: text("stylesheet") }], notFound);
    assert.equal(await answer(styles, request("/assets/site.css")), [200, "stylesheet"]);
    assert.equal(await answer(styles, request("/assets/site.js")), [404, "/assets/site.js"]);
  });

  test("a non-capturing group is literal text, not optional", async () => {
    const spelled = route([{ pattern: p({ pathname: "/colo{u}r/chart" }), handler: text("chart") }], notFound);
    assert.equal(await answer(spelled, request("/colour/chart")), [200, "chart"]);
    assert.equal(await answer(spelled, request("/color/chart")), [404, "/color/chart"]);
  });

  test("routes on one path that differ by hostname", async () => {
    const hosts = route([
      { pattern: p({ hostname: "shop.example.com", pathname: "/cart" }), handler: text("shop") },
      { pattern: p({ hostname: "admin.example.com", pathname: "/cart" }), handler: text("admin") },
    ], notFound);
    assert.equal(await answer(hosts, request("http://shop.example.com/cart")), [200, "shop"]);
    assert.equal(await answer(hosts, request("http://admin.example.com/cart")), [200, "admin"]);
    assert.equal(await answer(hosts, request("http://example.com/cart")), [404, "/cart"]);
  });

  test("a route constrained on the search: its group reaches the handler; another query does not match", async () => {
    const find = route([{
      pattern: p({ pathname: "/find", search: "q=:term" }),
      handler: (_req, params) => new Response(`looking for ${params.search.groups.term}`),
    }], notFound);
    assert.equal(await answer(find, request("/find?q=owls")), [200, "looking for owls"]);
    assert.equal(await answer(find, request("/find?page=2")), [404, "/find"]);
    assert.equal(await answer(find, request("/find")), [404, "/find"]);
  });

  test("a request URL with a fragment: the route matches as without it", async () => {
    assert.equal(await answer(handler, request("/info#top")), [200, "/info"]);
    assert.equal(await answer(handler, request("/accounts/5#history")), [200, "5"]);
  });

  test("a request URL with a query and a fragment: the search group stops at the fragment", async () => {
    const find = route([{
      pattern: p({ pathname: "/find", search: "q=:term" }),
      handler: (_req, params) => new Response(`looking for ${params.search.groups.term}`),
    }], notFound);
    assert.equal(await answer(find, request("/find?q=owls#results")), [200, "looking for owls"]);
  });

  test("an optional param: the route matches with and without it", async () => {
    const maybe = route([{
      pattern: p({ pathname: "/accounts/:id?" }),
      handler: (_req, params) => new Response(`account ${params.pathname.groups.id || "list"}`),
    }], notFound);
    assert.equal(await answer(maybe, request("/accounts/9")), [200, "account 9"]);
    assert.equal(await answer(maybe, request("/accounts")), [200, "account list"]);
    assert.equal(await answer(maybe, request("/accounts/9/x")), [404, "/accounts/9/x"]);
  });

  test("literals escaped with a backslash match the request's characters", async () => {
    const escaped = route([
      { pattern: p({ pathname: "/a\\+b" }), handler: text("a plus b") },
      { pattern: p({ pathname: "/lang/c\\+\\+" }), handler: text("cpp") },
      { pattern: p({ pathname: "/glob\\*" }), handler: text("star") },
    ], notFound);
    assert.equal(await answer(escaped, request("/a+b")), [200, "a plus b"]);
    assert.equal(await answer(escaped, request("/lang/c++")), [200, "cpp"]);
    assert.equal(await answer(escaped, request("/glob*")), [200, "star"]);
    assert.equal(await answer(escaped, request("/aab")), [404, "/aab"]);
    assert.equal(await answer(escaped, request("/glob")), [404, "/glob"]);
  });

  test("the handler's params are the route pattern's own exec() of request.url", async () => {
    let seen: Params | undefined;
    const patterns = [p({ pathname: "/x/:a/*" }), p({ hostname: "{:sub.}?example.com", pathname: "/y", search: "*" })];
    const keep = route(
      patterns.map((pattern) => ({ pattern, handler: (_req, params) => (seen = params, text("")()) })),
      notFound,
    );
    for (const url of ["http://example.com/x/1/2/3", "http://api.example.com/y?k=v#f", "http://example.com/y"]) {
      seen = undefined;
      await keep(request(url));
      const expected = patterns[0].exec(url) ?? patterns[1].exec(url);
      assert.ok(expected !== null, url);
      assert.equal(seen, expected, url);
    }
  });

  test.run();
}

export function register(api: Api): void {
  const { route, URLPattern } = api;
  registerStdBehaviours(api, "ada-ffi's URLPattern", URLPattern as unknown as PatternClass);
  const Builtin = (globalThis as { URLPattern?: PatternClass }).URLPattern;
  if (Builtin !== undefined && Builtin !== (URLPattern as unknown)) {
    registerStdBehaviours(api, "the runtime's own URLPattern", Builtin);
  } else {
    const none = suite("route(): the behaviours of std's unstable-route tests, with the runtime's own URLPattern");
    none("skipped: this runtime has no URLPattern of its own", () => {
      console.log(
        Builtin === undefined
          ? "  (skipped: this runtime has no global URLPattern; std's behaviours ran with ada-ffi's only)"
          : "  (skipped: the global URLPattern is ada-ffi's; std's behaviours ran with it above)",
      );
    });
    none.run();
  }

  const test = suite("route(): arguments, errors, info, this, routes read once, request.method, sizes");
  const p = (init: Record<string, string>) => new URLPattern(init) as unknown as Pattern;
  const ok = text("ok");
  const call = route as unknown as (routes: unknown, defaultHandler: unknown) => RequestHandler;

  test("bad arguments throw TypeError with code ERR_INVALID_ARG_TYPE when route() is called", () => {
    const good = { pattern: p({ pathname: "/a" }), handler: ok };
    for (const routes of [undefined, null, {}, "routes", 1, new Set([good]), { length: 1, 0: good }]) {
      throwsCode(() => call(routes, notFound), `routes: ${String(routes)}`);
    }
    for (const defaultHandler of [undefined, null, {}, "notFound", 404, new Response("x")]) {
      throwsCode(() => call([good], defaultHandler), `defaultHandler: ${String(defaultHandler)}`);
    }
    const bad: [string, unknown][] = [
      ["a route that is null", null],
      ["a route that is a string", "/a"],
      ["a route that is a function", () => ok],
      ["no handler", { pattern: p({ pathname: "/a" }) }],
      ["a handler that is a string", { pattern: p({ pathname: "/a" }), handler: "ok" }],
      ["a handler that is a Response", { pattern: p({ pathname: "/a" }), handler: new Response("x") }],
      ["no pattern", { handler: ok }],
      ["a pattern that is a plain object", { pattern: { pathname: "/a" }, handler: ok }],
      ["a pattern that is a string", { pattern: "/a", handler: ok }],
      ["a pattern whose exec is not a function", { pattern: { pathname: "/a", exec: "/a" }, handler: ok }],
      ["a pattern that inherits from ours", { pattern: Object.create(p({ pathname: "/a" })), handler: ok }],
      ["a method that is a number", { pattern: p({ pathname: "/a" }), method: 5, handler: ok }],
      ["a method that is an object", {
        pattern: p({ pathname: "/a" }),
        method: { toUpperCase: () => "GET" },
        handler: ok,
      }],
      ["a method array with a number", { pattern: p({ pathname: "/a" }), method: ["GET", 5], handler: ok }],
      ["a method array with null", { pattern: p({ pathname: "/a" }), method: [null], handler: ok }],
    ];
    for (const [what, r] of bad) {
      throwsCode(() => call([good, r], notFound), what);
    }
    // A hole in the array is a route that is undefined: refused now, not when a request reaches it.
    // deno-lint-ignore no-sparse-arrays
    throwsCode(() => call([good, , good], notFound), "a hole in the array");
    // The runtime's own URLPattern prototype without a pattern behind it is not one either.
    const Builtin = (globalThis as { URLPattern?: { prototype: object } }).URLPattern;
    if (Builtin !== undefined) {
      throwsCode(
        () => call([{ pattern: Object.create(Builtin.prototype), handler: ok }], notFound),
        "a bare prototype",
      );
    }
  });

  test("a request that is not an object, or whose url is not a string: TypeError with code ERR_INVALID_ARG_TYPE", () => {
    const listedOnly = call([{ pattern: p({ pathname: "/a" }), handler: ok }], notFound) as (r: unknown) => unknown;
    const withAsked = call([
      { pattern: { exec: () => null }, handler: ok },
      { pattern: p({ pathname: "/a" }), handler: ok },
    ], notFound) as (r: unknown) => unknown;
    const requests: [string, unknown][] = [
      ["undefined", undefined],
      ["null", null],
      ["a string", "http://example.com/a"],
      ["no url", { method: "GET" }],
      ["a URL object as url", { url: new URL("http://example.com/a"), method: "GET" }],
      ["a number as url", { url: 1, method: "GET" }],
    ];
    for (const [what, req] of requests) {
      throwsCode(() => listedOnly(req), `listed routes only: ${what}`);
      throwsCode(() => withAsked(req), `with an asked route: ${what}`);
    }
  });

  test("falsy methods take every method; an empty array of methods takes none", async () => {
    for (const method of [undefined, null, ""]) {
      const any = call([{ pattern: p({ pathname: "/a" }), method, handler: ok }], notFound);
      for (const m of ["GET", "DELETE", "PURGE"]) {
        assert.equal(await answer(any, request("/a", m)), [200, "ok"], `${method} ${m}`);
      }
    }
    const none = route([{ pattern: p({ pathname: "/a" }), method: [], handler: ok }, {
      pattern: p({ pathname: "/*" }),
      handler: text("next"),
    }], notFound);
    assert.equal(await answer(none, request("/a")), [200, "next"]);
    assert.equal(await answer(none, request("/a", "POST")), [200, "next"]);
  });

  test("an empty routes array: everything goes to the default handler", async () => {
    const empty = route([], notFound);
    assert.equal(await answer(empty, request("/")), [404, "/"]);
    assert.equal(await answer(empty, request("/a/b", "POST")), [404, "/a/b"]);
  });

  test("a throwing handler's error propagates, unchanged, from the handler and the default handler", () => {
    const boom = new Error("boom");
    const failing = route([{
      pattern: p({ pathname: "/fail" }),
      handler: () => {
        throw boom;
      },
    }], () => {
      throw new RangeError("default failed");
    });
    try {
      failing(request("/fail"));
      assert.unreachable("no error");
    } catch (error) {
      assert.is(error, boom);
    }
    assert.throws(
      () => failing(request("/other")),
      (error: unknown) => error instanceof RangeError && error.message === "default failed",
    );
  });

  test("an async handler's rejection propagates: the returned promise rejects with it", async () => {
    const boom = new Error("later");
    const failing = route([{ pattern: p({ pathname: "/fail" }), handler: () => Promise.reject(boom) }], async () => {
      await null;
      throw new TypeError("default later");
    });
    const result = failing(request("/fail"));
    assert.instance(result, Promise);
    let caught: unknown;
    await (result as Promise<Response>).catch((error) => (caught = error));
    assert.is(caught, boom);
    caught = undefined;
    await (failing(request("/x")) as Promise<Response>).catch((error) => (caught = error));
    assert.instance(caught, TypeError);
  });

  test("the handler gets (request, params, info) and its return value is the answer; the default handler (request, info)", () => {
    const info = { remoteAddr: { hostname: "127.0.0.1", port: 4242, transport: "tcp" }, completed: Promise.resolve() };
    const response = new Response("mine");
    const calls: unknown[][] = [];
    const routed = route([{
      pattern: p({ pathname: "/who/:name" }),
      handler(...args: unknown[]) {
        calls.push(["handler", ...args]);
        return response;
      },
    }], (...args: unknown[]) => {
      calls.push(["default", ...args]);
      return response;
    });
    const hit = request("/who/ada"), miss = request("/nobody");
    assert.is(routed(hit, info), response);
    assert.is(routed(miss, info), response);
    assert.is(calls[0][0], "handler");
    assert.is(calls[0][1], hit);
    assert.is((calls[0][2] as Params).pathname.groups.name, "ada");
    assert.is(calls[0][3], info);
    assert.equal(calls[1], ["default", miss, info]);
    // Without info, both still get their arguments in place.
    routed(hit);
    routed(miss);
    assert.is(calls[2][3], undefined);
    assert.is(calls[3][1], miss);
    assert.is(calls[3][2], undefined);
  });

  test("the handler is called as a method of its route: `this` is the route object", async () => {
    const r1 = {
      pattern: p({ pathname: "/one" }),
      handler(this: unknown) {
        return new Response(this === r1 ? "r1" : "other");
      },
    };
    const r2 = {
      pattern: p({ pathname: "/two" }),
      handler(this: unknown) {
        return new Response(this === r2 ? "r2" : "other");
      },
    };
    const routed = route([r1, r2], notFound);
    assert.equal(await answer(routed, request("/one")), [200, "r1"]);
    assert.equal(await answer(routed, request("/two")), [200, "r2"]);
  });

  test("routes are read once: later changes to the array or to a route's pattern and method change nothing", async () => {
    const first: Route = { pattern: p({ pathname: "/a" }), method: "GET", handler: text("first") };
    const second: Route = { pattern: p({ pathname: "/b" }), handler: text("second") };
    const routes = [first, second];
    const routed = route(routes, notFound);
    routes.unshift({ pattern: p({ pathname: "/*" }), handler: text("added") });
    routes.splice(2, 1);
    routes.push({ pattern: p({ pathname: "/c" }), handler: text("pushed") });
    first.pattern = p({ pathname: "/z" });
    first.method = "POST";
    delete (second as Partial<Route>).pattern;
    assert.equal(await answer(routed, request("/a")), [200, "first"]);
    assert.equal(await answer(routed, request("/a", "POST")), [404, "/a"]);
    assert.equal(await answer(routed, request("/z", "POST")), [404, "/z"]);
    assert.equal(await answer(routed, request("/b")), [200, "second"]);
    assert.equal(await answer(routed, request("/c")), [404, "/c"]);
    routes.length = 0;
    assert.equal(await answer(routed, request("/b")), [200, "second"]);
  });

  test("each call's params are its own: a handler that keeps or changes them changes no other call's", async () => {
    const kept: Params[] = [];
    const routed = route([{
      pattern: p({ pathname: "/a/:id" }),
      handler: (_req, params) => {
        kept.push(params);
        params.pathname.groups.id = "changed";
        return new Response(null);
      },
    }], notFound);
    for (const path of ["/a/1", "/a/1", "/a/2"]) await routed(request(path));
    const pathname = p({ pathname: "/a/:id" }).exec(`${ORIGIN}/a/1`)!.pathname;
    assert.is(kept.length, 3);
    assert.ok(kept[0] !== kept[1] && kept[0].pathname !== kept[1].pathname, "the same object twice");
    assert.equal(kept.map((k) => k.pathname.input), ["/a/1", "/a/1", "/a/2"]);
    assert.equal(kept.map((k) => k.pathname.groups.id), ["changed", "changed", "changed"]);
    assert.equal(pathname.groups, { id: "1" });
  });

  test("a route's handler is read when it is called: replacing it takes effect", async () => {
    const r: Route = { pattern: p({ pathname: "/a" }), handler: text("before") };
    const routed = route([r], notFound);
    assert.equal(await answer(routed, request("/a")), [200, "before"]);
    r.handler = text("after");
    assert.equal(await answer(routed, request("/a")), [200, "after"]);
  });

  test("a handler read through a getter that routes another request still gets its own params", async () => {
    // The getter runs between the lookup and the call: a nested lookup there must not replace the outer result.
    const outer: { routed?: RequestHandler } = {};
    const inner: string[] = [];
    const lazy = (_req: Request, params: Params) => new Response(`a ${params?.pathname.groups.id}`);
    const routes = [
      {
        pattern: p({ pathname: "/a/:id" }),
        get handler() {
          if (outer.routed !== undefined) inner.push(String(outer.routed(request("/b/2"))));
          return lazy;
        },
      },
      {
        pattern: p({ pathname: "/b/:id" }),
        handler: (_req: Request, params: Params) => `b ${params.pathname.groups.id}`,
      },
    ] as unknown as Route[];
    outer.routed = route(routes, notFound);
    assert.equal(await answer(outer.routed, request("/a/1")), [200, "a 1"]);
    assert.equal(inner, ["b 2"]);
  });

  test("request.method is compared as the runtime gives it: a lowercase method matches no uppercased route method", async () => {
    const routed = route([
      { pattern: p({ pathname: "/doc" }), method: "PATCH", handler: text("patched") },
      { pattern: p({ pathname: "/doc" }), method: "report", handler: text("reported") },
    ], (req) => new Response(`no route for ${req.method}`, { status: 405 }));
    const fake = (method: string): RequestLike => ({ url: `${ORIGIN}/doc`, method });
    assert.equal(await answer(routed, fake("PATCH")), [200, "patched"]);
    assert.equal(await answer(routed, fake("patch")), [405, "no route for patch"]);
    assert.equal(await answer(routed, fake("Patch")), [405, "no route for Patch"]);
    assert.equal(await answer(routed, fake("REPORT")), [200, "reported"]);
    assert.equal(await answer(routed, fake("report")), [405, "no route for report"]); // route uppercased, request not
    // A real Request: Fetch uppercases only the six standard methods; some runtimes (Bun) uppercase every method.
    const real = request("/doc", "report");
    const expected = real.method === "REPORT" ? [200, "reported"] : [405, `no route for ${real.method}`];
    assert.equal(await answer(routed, real), expected);
    assert.equal(await answer(routed, request("/doc", "get")), [405, "no route for GET"]);
  });

  test("a lookup that starts inside the runtime's own matching (Node's calls RegExp.prototype.exec) keeps its answer", () => {
    const Builtin = (globalThis as { URLPattern?: PatternClass }).URLPattern;
    if (Builtin === undefined || Builtin === (URLPattern as unknown)) {
      console.log("  (skipped: this runtime has no URLPattern of its own)");
      return;
    }
    const routes = [
      { pattern: new Builtin({ pathname: "/b/:y(\\d+)" }), handler: text("0") },
      { pattern: p({ pathname: "/c/:y" }), handler: text("1") },
      { pattern: p({ pathname: "/b/:y" }), handler: (_r: Request, params: Params) => `2 ${params.pathname.groups.y}` },
      { pattern: new Builtin({ pathname: "/b/*" }), handler: text("3") },
    ] as unknown as Route[];
    const routed = route(routes, notFound);
    const list = new api.URLPatternList(routes.map((r) => r.pattern) as never);
    const exec = RegExp.prototype.exec;
    let nested = 0;
    let got: unknown, found: unknown;
    try {
      RegExp.prototype.exec = function (this: RegExp, value: string) {
        // Routes and matches other URLs while the outer lookup is under way (a wrapper that uses ada-ffi itself).
        if (nested++ === 0) {
          routed({ url: `${ORIGIN}/c/zzz`, method: "GET" } as unknown as Request);
          list.exec(`${ORIGIN}/other/zzz`);
          // The same table's candidates, merged as the outer lookup's are.
          assert.is(routed({ url: `${ORIGIN}/b/xyz`, method: "GET" } as unknown as Request), "2 xyz");
          assert.is(list.exec(`${ORIGIN}/b/xyz`)?.index, 2);
          p({ pathname: "/*" }).exec(`${ORIGIN}/x/y`);
        }
        return exec.call(this, value);
      };
      got = routed({ url: `${ORIGIN}/b/abc`, method: "GET" } as unknown as Request);
      found = list.exec(`${ORIGIN}/b/abc`)?.index;
    } finally {
      RegExp.prototype.exec = exec;
    }
    assert.is(got, "2 abc");
    assert.is(found, 2);
    if (nested === 0) console.log("  (this runtime's URLPattern does not call RegExp.prototype.exec: nothing nested)");
  });

  test("an index setter on Array.prototype, added after route() was made, changes no answer", () => {
    const routes = [
      { pattern: p({ pathname: "/a/*" }), handler: () => "0" },
      { pattern: p({ pathname: "/a/:x" }), handler: () => "1" },
      { pattern: p({ pathname: "/:y/b" }), handler: () => "2" },
    ] as unknown as Route[];
    const routed = route(routes, (() => "none") as unknown as RequestHandler);
    const list = new api.URLPatternList(routes.map((r) => r.pattern) as never);
    const answers: unknown[] = [];
    const urls = [`${ORIGIN}/a/b`, `${ORIGIN}/x/b`, `${ORIGIN}/a/b/c`, `${ORIGIN}/z`];
    for (let k = 0; k < 2; k++) {
      if (k === 1) {
        Object.defineProperty(Array.prototype, "0", { set() {}, get: () => undefined, configurable: true });
      }
      try {
        for (const url of urls) {
          answers.push(routed({ url, method: "GET" } as unknown as Request), list.exec(url)?.index ?? -1);
        }
      } finally {
        delete (Array.prototype as unknown as Record<string, unknown>)[0];
      }
    }
    const half = answers.length / 2;
    assert.equal(answers.slice(half), answers.slice(0, half));
    assert.equal(answers.slice(0, half), ["0", 0, "2", 2, "0", 0, "none", -1]);
  });

  test("index accessors on Array.prototype while patterns, route() and a list are made and asked: the loop's answers", () => {
    // Every structure the index builds: 8 literal siblings (found by hash past 6), partial children, prefix-param
    // children whose prefix lengths arrive out of order (each insertion place), a checked parameter, a tail, an exact
    // pathname outside the trie, a pattern it cannot place, and (where the runtime has one) the runtime's own patterns,
    // which have an index of their own. The accessors swallow every write and answer every read with a number, so an
    // item lost or a read past an array's end changes an answer.
    const sources = [
      ...["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7"].map((r) => `/${r}/:id`),
      "/file{.:ext}?",
      "/abc-:x",
      "/a-:x",
      "/ab-:x",
      "/v:version/x",
      "/books/:id(\\d+)",
      "/books/:slug",
      "/a/*",
      "*.css",
      "",
    ];
    const Builtin = (globalThis as { URLPattern?: new (init: object) => Pattern }).URLPattern;
    const theirs = Builtin !== undefined && Builtin !== (URLPattern as unknown);
    const runtimePatterns: Pattern[] = theirs
      ? [new Builtin!({ pathname: "/R/:n" }), new Builtin!({ pathname: "/file.:ext" })]
      : [];
    const urls = [
      ...["r0", "r5", "r7", "R", "r8"].map((r) => `${ORIGIN}/${r}/9`),
      ...["file.ts", "file", "abc-1", "ab-2", "a-3", "abc-", "v2/x", "v/x", "books/12", "books/abc", "a/b/c"]
        .map((path) => `${ORIGIN}/${path}`),
      `${ORIGIN}/s/site.css`,
      `${ORIGIN}/none`,
    ];
    const methods = ["GET", "PUT", "POST"];
    const methodOf = (i: number) => (i % 3 === 0 ? ["GET", "put"] : i % 3 === 1 ? "GET" : undefined);
    const allowed = (i: number, method: string) => {
      const m = methodOf(i);
      return m === undefined || [m].flat().some((x) => x.toUpperCase() === method);
    };
    type Made = {
      patterns: Pattern[];
      routed: RequestHandler;
      list: { exec(url: string): unknown; add(p: unknown): number };
    };
    const make = (withTheirs: boolean): Made => {
      const ours: Pattern[] = sources.map((pathname) => p({ pathname }));
      const patterns = withTheirs ? ours.concat(runtimePatterns) : ours;
      const routes = patterns.map((pattern, i) => ({
        pattern,
        method: methodOf(i),
        handler: (_request: unknown, params: unknown) => JSON.stringify([i, params]),
      })) as unknown as Route[];
      const routed = route(routes, (() => "none") as unknown as RequestHandler);
      const list = new api.URLPatternList() as unknown as Made["list"];
      for (let k = 0; k < patterns.length; k++) list.add(patterns[k]);
      return { patterns, routed, list };
    };
    // The answers in a string: no array is written while the accessors are in place.
    const ask = ({ routed, list }: Made): string => {
      let answers = "";
      for (let u = 0; u < urls.length; u++) {
        const found = list.exec(urls[u]) as { index: number; result: unknown } | null;
        answers += JSON.stringify([found?.index ?? -1, found?.result ?? null]) + "\n";
        for (let m = 0; m < methods.length; m++) {
          answers += routed({ url: urls[u], method: methods[m] } as unknown as Request) + "\n";
        }
      }
      return answers;
    };
    // Each of ada-ffi's patterns asked alone, with the URL string and with a dictionary (one ada processes).
    const askPatterns = ({ patterns }: Made): string => {
      let answers = "";
      for (let u = 0; u < urls.length; u++) {
        const pathname = urls[u].slice(ORIGIN.length);
        for (let k = 0; k < sources.length; k++) {
          answers += JSON.stringify(patterns[k].exec(urls[u])) +
            JSON.stringify(patterns[k].exec({ protocol: "http", hostname: "example.com", pathname } as never)) + "\n";
        }
      }
      return answers;
    };
    const loopAnswers = ({ patterns }: Made): string => {
      let answers = "";
      for (const url of urls) {
        const at = patterns.findIndex((pattern) => pattern.exec(url) !== null);
        answers += JSON.stringify([at, at === -1 ? null : patterns[at].exec(url)]) + "\n";
        for (const method of methods) {
          const i = patterns.findIndex((pattern, k) => allowed(k, method) && pattern.exec(url) !== null);
          answers += (i === -1 ? "none" : JSON.stringify([i, patterns[i].exec(url)])) + "\n";
        }
      }
      return answers;
    };
    const usual = make(true);
    assert.is(ask(usual), loopAnswers(usual), "made and asked as usual");
    // Swallowing every write (a setter that does nothing; at odd indexes no setter, so a plain write throws) and
    // answering every read with a number: an item lost, or a read past an array's end, changes an answer.
    const indexes = ["0", "1", "2", "3", "4", "5", "6", "7", "8"];
    for (let k = 0; k < indexes.length; k++) {
      const accessor = k % 2 === 0 ? { set() {}, get: () => 1 } : { get: () => 1 };
      Object.defineProperty(Array.prototype, indexes[k], { ...accessor, configurable: true });
    }
    let ours: Made, all: Made, askedUnder: string, patternsUnder: string;
    try {
      ours = make(false);
      all = make(true);
      // ada-ffi's patterns asked there too (the runtime's own matching is not ada-ffi's to guarantee).
      askedUnder = ask(ours);
      patternsUnder = askPatterns(ours);
    } finally {
      for (const key of indexes) delete (Array.prototype as unknown as Record<string, unknown>)[key];
    }
    assert.is(askedUnder, loopAnswers(ours), "ada-ffi's patterns, made and asked under the accessors");
    assert.is(patternsUnder, askPatterns(usual), "each pattern, made and asked under the accessors");
    assert.is(ask(all), loopAnswers(all), "made under the accessors, asked after");
  });

  test("an Object.prototype setter, read-only property or `get` named like a group takes no group: each is own", () => {
    const pattern = p({ pathname: "/:id/:toString/:constructor/*" });
    const list = new api.URLPatternList([pattern as never]);
    const routed = route([{ pattern, handler: (_req, params) => params as never }], () => null as never);
    const url = `${ORIGIN}/7/t/c/rest`;
    const taken: unknown[] = [];
    const answers = () => {
      const result = pattern.exec(url)!;
      const listed = list.exec(url)!.result;
      const routedParams = routed({ url, method: "GET" } as unknown as Request) as unknown as Params;
      return [result, listed, routedParams].map((r) => r.pathname.groups).concat([list.match(url)!.params]);
    };
    const inputOf = () => pattern.exec({ pathname: "/7/t/c/rest" } as never)!.inputs[0] as Record<string, unknown>;
    const before = answers().map((groups) => ({ ...groups }));
    const toString = Object.getOwnPropertyDescriptor(Object.prototype, "toString")!;
    Object.defineProperty(Object.prototype, "id", {
      set: (v) => taken.push(v),
      get: () => "inherited",
      configurable: true,
    });
    Object.defineProperty(Object.prototype, "toString", { ...toString, writable: false });
    Object.defineProperty(Object.prototype, "pathname", { set: (v) => taken.push(v), configurable: true });
    // Last: a property descriptor inheriting a `get` describes an accessor (defining one with a value throws).
    Object.defineProperty(Object.prototype, "get", { value: () => "inherited", writable: true, configurable: true });
    let after, input;
    try {
      after = answers();
      input = inputOf();
    } finally {
      delete (Object.prototype as Record<string, unknown>).get;
      delete (Object.prototype as Record<string, unknown>).pathname;
      delete (Object.prototype as Record<string, unknown>).id;
      Object.defineProperty(Object.prototype, "toString", toString);
    }
    assert.equal(taken, []);
    // exec()'s inputs: the URLPatternInit it was given, as its own members.
    assert.ok(Object.hasOwn(input, "pathname"), "inputs[0].pathname");
    for (const groups of after) {
      for (const name of ["id", "toString", "constructor"]) assert.ok(Object.hasOwn(groups, name), name);
    }
    assert.equal(after.map((groups) => ({ ...groups })), before);
    assert.equal(before[0], { 0: "rest", id: "7", toString: "t", constructor: "c" });
  });

  test("a pattern with an exec of its own is asked through it, in array order, as std's loop asks it", async () => {
    const asked: string[] = [];
    // A subclass that narrows its matches (a constraint URLPattern's syntax cannot say).
    class ShortId extends (URLPattern as unknown as PatternClass) {
      override exec(input: string) {
        asked.push("short");
        const result = super.exec(input);
        return result !== null && result.pathname.groups.id!.length <= 3 ? result : null;
      }
    }
    // An own exec on one of our patterns, answering with a result of its own.
    const tagged = p({ pathname: "/tagged" });
    Object.defineProperty(tagged, "exec", {
      value: (input: string) => (asked.push("tagged"), { tagged: input } as unknown as Params),
    });
    // Another implementation of the interface (urlpattern-polyfill's objects are such): only its exec is read.
    const lookalike = {
      exec: (input: string) => (asked.push("lookalike"), input.endsWith("/look") ? { look: true } : undefined),
    };
    const body = (name: string) => (_req: Request, params: Params) => new Response(`${name} ${JSON.stringify(params)}`);
    const routes = [
      { pattern: new ShortId({ pathname: "/users/:id" }), handler: body("short") },
      {
        pattern: p({ pathname: "/users/:id" }),
        handler: (_req: Request, params: Params) => new Response(`any ${params.pathname.groups.id}`),
      },
      { pattern: tagged, method: "POST", handler: body("tagged") },
      { pattern: lookalike, handler: body("lookalike") },
      { pattern: p({ pathname: "/*" }), handler: text("rest") },
      { pattern: lookalike, handler: body("never") },
    ] as unknown as Route[];
    const routed = route(routes, notFound);
    const cases: [string, string, [number, string], string[]][] = [
      ["/users/12", "GET", [200, "short"], ["short"]],
      ["/users/12345", "GET", [200, "any 12345"], ["short"]],
      // Every asked route before the answer is asked, whatever the path (nothing can be known of an exec's answer).
      ["/tagged", "GET", [200, "rest"], ["short", "lookalike"]],
      ["/tagged", "POST", [200, `tagged {"tagged":"${ORIGIN}/tagged"}`], ["short", "tagged"]],
      ["/look", "GET", [200, 'lookalike {"look":true}'], ["short", "lookalike"]],
    ];
    for (const [path, method, [status, text], calls] of cases) {
      asked.length = 0;
      const [gotStatus, gotText] = await answer(routed, request(path, method));
      assert.equal([gotStatus, gotText.startsWith(text) ? text : gotText], [status, text], `${method} ${path}`);
      assert.equal(asked, calls, `${method} ${path}: the execs asked`);
    }
    // A falsy result is no match, as in std's loop (`if (match)`); the route after it answers.
    const falsy = route([
      { pattern: { exec: () => 0 }, handler: text("zero") },
      { pattern: { exec: () => "" }, handler: text("empty") },
      { pattern: { exec: () => ({}) }, handler: text("object") },
    ] as unknown as Route[], notFound);
    assert.equal(await answer(falsy, request("/x")), [200, "object"]);
    // Only asked routes: every request reaches them in order; the default handler when none answers.
    const none = route([{ pattern: { exec: () => null }, handler: text("no") }] as unknown as Route[], notFound);
    assert.equal(await answer(none, request("/x")), [404, "/x"]);
    // The runtime's own pattern with an own exec is asked through it too.
    const Builtin = (globalThis as { URLPattern?: PatternClass }).URLPattern;
    if (Builtin !== undefined && Builtin !== (URLPattern as unknown)) {
      const theirs = new Builtin({ pathname: "/b" });
      Object.defineProperty(theirs, "exec", { value: () => null });
      const routedTheirs = route([{ pattern: theirs, handler: text("b") }] as unknown as Route[], notFound);
      assert.equal(await answer(routedTheirs, request("/b")), [404, "/b"]);
    }
  });

  /** ada-ffi's URLPattern, and the runtime's own where it has one. */
  function patternKinds(): [string, PatternClass][] {
    const Builtin = (globalThis as { URLPattern?: PatternClass }).URLPattern;
    const kinds: [string, PatternClass][] = [["ours", URLPattern as unknown as PatternClass]];
    if (Builtin !== undefined && Builtin !== (URLPattern as unknown)) kinds.push(["runtime's", Builtin]);
    return kinds;
  }

  test("the same answers as std's loop over a mixed table (both kinds of pattern, options, methods)", async () => {
    const kinds = patternKinds();
    if (kinds.length === 1) console.log("  (no runtime URLPattern: the mixed table holds ada-ffi's patterns only)");
    const specs: [unknown[], string | string[] | undefined][] = [
      [[{ pathname: "/users/me" }], "GET"],
      [[{ pathname: "/users/:id(\\d+)" }], ["GET", "head"]],
      [[{ pathname: "/users/:id" }], "delete"],
      [[{ pathname: "/USERS/:id" }, { ignoreCase: true }], undefined],
      [["/files/*", "https://example.com"], undefined],
      [[{ pathname: "/files/:name.:ext" }], "GET"],
      [[{ hostname: "{*.}?api.example.com", pathname: "/v:major(\\d+)/*" }], undefined],
      [[{ pathname: "/search", search: "*q=:term*" }], ["GET", "POST"]],
      [[{ protocol: "https", pathname: "/secure{/}?" }], undefined],
      [[{ pathname: "/caf%C3%A9/:x" }], undefined],
      [[{ pathname: "/*" }], "OPTIONS"],
      [[{ pathname: "/:a/:b/:c" }], "PUT"],
    ];
    const routes: Route[] = [];
    specs.forEach(([args, method], i) => {
      for (const [, Kind] of kinds) {
        routes.push({ pattern: new Kind(...args), method, handler: () => new Response(String(i)) });
      }
    });
    // The same table with each spec's two kinds of pattern the other way round.
    const reversed = kinds.length === 2 ? specs.map((_, i) => [routes[2 * i + 1], routes[2 * i]]).flat() : [];
    const urls = [
      "https://example.com/users/me",
      "http://example.com/users/12",
      "http://example.com/users/x",
      "http://example.com/Users/7",
      "https://example.com/files/a/b.txt",
      "http://example.com/files/a.txt",
      "http://a.b.api.example.com/v2/x/y",
      "http://api.example.com/vx/y",
      "http://example.com/search?z=1&q=owls&p=2",
      "https://example.com/secure/",
      "http://example.com/secure",
      "http://example.com/caf%C3%A9/1",
      "http://example.com/café/2",
      "http://example.com/x/y/z",
      "http://example.com/x/y/z/w",
      "http://example.com/",
      "http://example.com/users/me/../12",
      "http://example.com/%75sers/13",
      "http://example.com:8080/users/14",
      "http://EXAMPLE.com/users/15",
      "http://example.com/search?q=owls#frag",
      "http://api.example.com/v3/x?y#z",
    ];
    const methods = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"];
    const hitSpecs = new Set<number>();
    let misses = 0, hitsOnSecond = 0;
    for (const table of [routes, reversed]) {
      if (table.length === 0) continue;
      let seen: { index: number; params: Params } | undefined;
      const routed = route(
        table.map((r, index) => ({
          ...r,
          handler: (req: Request, params: Params) => (seen = { index, params }, r.handler(req, params)),
        })),
        () => new Response("-", { status: 404 }),
      );
      for (const url of urls) {
        for (const method of methods) {
          const req = request(url, method);
          const expected = loopAnswer(table, { url: req.url, method: req.method });
          seen = undefined;
          const [status, body] = await answer(routed, req);
          const got = seen as { index: number; params: Params } | undefined;
          const what = `${method} ${url}`;
          if (expected === null) {
            assert.equal([status, body, got], [404, "-", undefined], what);
            misses++;
            continue;
          }
          assert.is(status, 200, what);
          assert.is(got?.index, expected.index, what);
          assert.equal(got?.params, expected.params, what);
          // Each spec's patterns sit side by side in both tables: the body names the spec.
          assert.is(body, String(Math.floor(expected.index / kinds.length)), what);
          hitSpecs.add(Math.floor(expected.index / kinds.length));
          if (expected.index % kinds.length === 1) hitsOnSecond++;
        }
      }
    }
    // Every spec answered some request, and some requests were misses. With two kinds, the two patterns of a pair
    // agree, so the first of the pair answers: ours in the first table, the runtime's in the second.
    assert.is(hitSpecs.size, specs.length, [...hitSpecs].join());
    assert.ok(misses >= 20, `${misses} misses`);
    assert.is(hitsOnSecond, 0);
  });

  test("routes thousands of segments deep, and requests that deep: answered as by the loop, no stack overflow", async () => {
    // The index's walk recurses per segment: past its depth cap a pattern is placed by its first segments.
    const deep = (n: number, segment: string) => segment.repeat(n);
    const specs: string[] = [
      deep(15_000, "/a"),
      deep(14_999, "/a") + "/b",
      deep(63, "/a"),
      deep(64, "/a"),
      deep(65, "/a"),
      deep(64, "/a") + "/:x",
      deep(65, "/a") + "/*",
      Array.from({ length: 200 }, (_, k) => `/:p${k}`).join(""),
      deep(70, "/a") + "/c{.:ext}?",
    ];
    const paths = [
      deep(15_000, "/a"),
      deep(14_999, "/a") + "/b",
      deep(14_999, "/a"),
      deep(15_001, "/a"),
      deep(62, "/a"),
      deep(63, "/a"),
      deep(64, "/a"),
      deep(65, "/a"),
      deep(66, "/a"),
      deep(64, "/a") + "/z",
      deep(65, "/a") + "/z/y",
      deep(200, "/q"),
      deep(199, "/q"),
      deep(70, "/a") + "/c.ts",
      deep(70, "/a") + "/c",
      deep(70, "/a") + "/d",
    ];
    for (const [kind, Kind] of patternKinds()) {
      const routes: Route[] = specs.map((pathname, i) => ({
        pattern: new Kind({ pathname }),
        handler: () => new Response(String(i)),
      }));
      const routed = route(routes, () => new Response("-", { status: 404 }));
      let hits = 0;
      for (const path of paths) {
        const req = request(path);
        const expected = loopAnswer(routes, { url: req.url, method: req.method });
        const got = await answer(routed, req);
        const what = `${kind}: ${path.length} characters`;
        assert.equal(got, expected === null ? [404, "-"] : [200, String(expected.index)], what);
        if (expected !== null) hits++;
      }
      assert.ok(hits >= 10, `${kind}: ${hits} hits`);
    }
  });

  test("a route after the answer is never matched: a pattern that backtracks for seconds is not run", async () => {
    // std's loop stops at the first route that answers; an asked route (its own exec) before a listed one answers
    // first, and the listed pattern, whose RegExp backtracks exponentially on this path (seconds), is never run.
    for (const [kind, Kind] of patternKinds()) {
      const asked = { exec: (url: string) => (url.includes("/x/") ? { asked: true } : null) };
      const routes = [
        { pattern: asked, handler: text("asked") },
        { pattern: new Kind({ pathname: "/x/:a((?:a|a)+)b" }), handler: text("slow") },
        { pattern: new Kind({ pathname: "/y" }), handler: text("y") },
      ] as unknown as Route[];
      const routed = route(routes, notFound);
      const start = performance.now();
      assert.equal(await answer(routed, request(`/x/${"a".repeat(27)}!`)), [200, "asked"], kind);
      const took = performance.now() - start;
      assert.ok(took < timeLimit(500), `${kind}: ${took} ms`);
      // The listed routes after it still answer, in order, when it does not.
      assert.equal(await answer(routed, request("/y")), [200, "y"], kind);
      assert.equal(await answer(routed, request("/x/aab")), [200, "asked"], kind);
      assert.equal(await answer(routed, request("/z")), [404, "/z"], kind);
    }
  });

  test("a 1 MB request URL is answered as by the loop", async () => {
    const routes: Route[] = [
      {
        pattern: p({ pathname: "/files/:name" }),
        method: "GET",
        handler: (_req, params) => new Response(String(params.pathname.groups.name!.length)),
      },
      {
        pattern: p({ pathname: "/deep/*" }),
        handler: (_req, params) => new Response(`deep ${params.pathname.groups[0]!.length}`),
      },
      {
        pattern: p({ pathname: "/q", search: "k=:v" }),
        handler: (_req, params) => new Response(`q ${params.search.groups.v!.length}`),
      },
    ];
    const routed = route(routes, (req) => new Response(String(req.url.length), { status: 404 }));
    const mb = 1 << 20;
    const cases: [string, string, [number, string]][] = [
      [`/files/${"x".repeat(mb)}`, "GET", [200, String(mb)]],
      [`/files/${"x".repeat(mb)}`, "POST", [404, String(ORIGIN.length + 7 + mb)]],
      [`/deep/${"a/".repeat(mb / 2)}`, "GET", [200, `deep ${mb}`]],
      [`/q?k=${"v".repeat(mb)}`, "PUT", [200, `q ${mb}`]],
      [`/${"a/".repeat(mb / 2)}`, "GET", [404, String(ORIGIN.length + 1 + mb)]],
    ];
    for (const [path, method, expected] of cases) {
      const start = performance.now();
      const got = await answer(routed, request(path, method));
      const took = performance.now() - start;
      assert.equal(got, expected, `${method} ${path.slice(0, 20)}…`);
      assert.ok(took < timeLimit(2000), `${took} ms`);
    }
  });

  test("10,000 routes /r0…/r9999, GET and POST alternating: hits, misses and method misses", async () => {
    const routes: Route[] = [];
    for (let i = 0; i < 10_000; i++) {
      routes.push({
        pattern: p({ pathname: `/r${i}` }),
        method: i % 2 === 0 ? "GET" : "POST",
        handler: () => new Response(`route ${i}`),
      });
    }
    const start = performance.now();
    const routed = route(routes, (req) => new Response(`${req.method} ${new URL(req.url).pathname}`, { status: 404 }));
    const built = performance.now() - start;
    let checked = 0;
    for (const i of [0, 1, 2, 3, 10, 11, 998, 999, 4242, 4243, 7777, 9998, 9999]) {
      const own = i % 2 === 0 ? "GET" : "POST", other = i % 2 === 0 ? "POST" : "GET";
      assert.equal(await answer(routed, request(`/r${i}`, own)), [200, `route ${i}`], `${own} /r${i}`);
      assert.equal(await answer(routed, request(`/r${i}`, other)), [404, `${other} /r${i}`], `${other} /r${i}`);
      assert.equal(await answer(routed, request(`/r${i}?x=1#y`, own)), [200, `route ${i}`], `${own} /r${i}?x=1#y`);
      assert.equal(await answer(routed, request(`/r${i}`, "PUT")), [404, `PUT /r${i}`]);
      checked += 4;
    }
    for (const path of ["/r10000", "/r", "/r-1", "/r01", "/r1/", "/R1", "/r1/x", "/"]) {
      assert.equal(await answer(routed, request(path)), [404, `GET ${path}`], path);
      assert.equal(await answer(routed, request(path, "POST")), [404, `POST ${path}`], path);
      checked += 2;
    }
    assert.ok(checked > 60);
    assert.ok(built < timeLimit(5000), `route() took ${built} ms for 10,000 routes`);
  });

  test.run();
}
