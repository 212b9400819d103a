/**
 * The example's application: `route()` (ada-ffi's drop-in for `@std/http/unstable-route`'s) over a Route[] of
 * ada-ffi URLPatterns. `handler` takes a Request and returns a Response: what Deno.serve, Bun.serve and a Worker's fetch
 * take, and what node_http.mjs calls. docs/routing.md explains each choice.
 */
import { route, URLPattern, URLSearchParams } from "ada-ffi";

/** GET routes answer HEAD too: each server leaves the body out. */
const GET = ["GET", "HEAD"];

/** @type {import("ada-ffi").Route[]} The first route, in this order, whose method and pattern match wins. */
const routes = [
  { method: GET, pattern: new URLPattern({ pathname: "/" }), handler: () => Response.json({ hello: "world" }) },
  {
    method: GET,
    pattern: new URLPattern({ pathname: "/users/me" }), // before /users/:id, which would take it
    handler: () => Response.json({ route: "/users/me", user: "me" }),
  },
  {
    method: GET,
    pattern: new URLPattern({ pathname: "/users/:id" }),
    handler: withParams((_request, { id }) => Response.json({ route: "/users/:id", user: id })),
  },
  {
    method: "DELETE",
    pattern: new URLPattern({ pathname: "/users/:id" }),
    handler: () => new Response(null, { status: 204 }),
  },
  {
    method: "POST",
    pattern: new URLPattern({ pathname: "/users" }),
    handler: async (request) => {
      const body = await request.json().catch(() => null);
      if (typeof body?.name !== "string") return Response.json({ error: "expected { name }" }, { status: 400 });
      return Response.json({ route: "POST /users", user: body.name }, { status: 201 });
    },
  },
  {
    method: GET,
    pattern: new URLPattern({ pathname: "/search" }),
    handler: (_request, { search }) => {
      const query = new URLSearchParams(search.input); // the query without "?"
      return Response.json({ q: query.get("q"), page: Number(query.get("page") ?? "1") });
    },
  },
  {
    method: GET,
    pattern: new URLPattern({ pathname: "/files/*" }),
    handler: withParams((_request, params) => Response.json({ route: "/files/*", file: params[0] })),
  },
];

export const handler = route(routes, notFound);

/** No route for the request: 405 with `Allow` when another method has one for its URL, else 404. */
function notFound(request) {
  const allow = allowedMethods(routes, request.url);
  if (allow.length === 0) return Response.json({ error: "not found" }, { status: 404 });
  return Response.json({ error: "method not allowed" }, { status: 405, headers: { allow: allow.join(", ") } });
}

/** The methods of the routes whose pattern matches `url`, sorted. */
function allowedMethods(routes, url) {
  const methods = new Set();
  for (const { method, pattern } of routes) {
    if (method && pattern.test(url)) [method].flat().forEach((m) => methods.add(m));
  }
  return [...methods].sort();
}

/**
 * A route handler that gets the path params percent-decoded once, `*` as `0`: a malformed escape (`%E0%A4%A`) is a
 * 400. Decoded, a param may hold "/" or "..": never join one into a file path unchecked.
 */
function withParams(handler) {
  return (request, result) => {
    let params;
    try {
      params = Object.fromEntries(
        Object.entries(result.pathname.groups).map(([name, value]) => [name, value && decodeURIComponent(value)]),
      );
    } catch {
      return Response.json({ error: "malformed percent-encoding in the path" }, { status: 400 });
    }
    return handler(request, params, result);
  };
}

/**
 * For the servers: a handler that answers 400 to a request whose Host header is not a plain host[:port] (a DNS name,
 * IPv4 or [IPv6]), as RFC 9112 asks. Deno.serve builds `request.url` from it unchecked (`Host: x/admin?` would move the
 * real path into the query), Bun gives a bare path instead. A request without one lets the runtime name the server.
 */
export function plainHostOnly(handler) {
  const PLAIN_HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;
  return (request, info) => {
    const host = request.headers.get("host");
    if (host === null || PLAIN_HOST.test(host)) return handler(request, info);
    return new Response("bad Host header", { status: 400 });
  };
}
