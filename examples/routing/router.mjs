/**
 * A method + URLPattern router over ada-ffi's URLPatternList, the same on every runtime: the servers
 * (node_http.mjs, deno_serve.ts, bun_serve.ts) hand it the request's method and URL string and send what it returns.
 * docs/routing.md explains each choice.
 */
import { URL, URLPatternList, URLSearchParams } from "ada-ffi";

/**
 * A Host header that is a plain host[:port] (a DNS name, IPv4 or [IPv6]). RFC 9112 wants a 400 for any other, and
 * Deno.serve builds `request.url` from it unchecked: `Host: x/admin?` would move the real path into the query.
 */
const PLAIN_HOST = /^(?:[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/** Whether a request's Host header (null when it has none: the runtime then names the server) is acceptable. */
export function isPlainHost(host) {
  return host === null || host === undefined || PLAIN_HOST.test(host);
}

/** A response as plain data: each server turns it into its own kind. */
export function json(status, value, headers = {}) {
  return { status, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(value) };
}

/** The pattern's named groups, percent-decoded once; null when one has a malformed escape ("%E0%A4%A"). */
function decodeGroups(groups) {
  const params = {};
  for (const name of Object.keys(groups)) {
    const value = groups[name];
    try {
      params[name] = value === undefined ? undefined : decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return params;
}

export class Router {
  /** method -> { list: URLPatternList, handlers: [] }: one list per method, the handler at the pattern's index. */
  #methods = new Map();

  /**
   * Adds a route: `pathname` is a URLPattern pathname ("/users/:id", "/files/*"). Within a method the first route
   * added that matches wins: add "/users/me" before "/users/:id".
   * `handler({ method, params, query })` returns a response (json()).
   */
  on(method, pathname, handler) {
    let routes = this.#methods.get(method);
    if (routes === undefined) {
      routes = { list: new URLPatternList(), handlers: [] };
      this.#methods.set(method, routes);
    }
    routes.handlers[routes.list.add({ pathname })] = handler;
    return this;
  }

  /** The response to a request: its method and its absolute URL string. */
  handle(method, url) {
    // HEAD is GET without the body (each runtime drops the body): GET's routes answer it unless HEAD has its own.
    const match = this.#exec(method, url) ??
      (method === "HEAD" && !this.#methods.has("HEAD") ? this.#exec("GET", url) : null);
    if (match !== null) {
      const params = decodeGroups(match.result.pathname.groups);
      if (params === null) return json(400, { error: "malformed percent-encoding in the path" });
      const query = new URLSearchParams(match.result.search.input);
      return match.handler({ method, params, query });
    }
    const allowed = this.allowed(url);
    if (allowed.length > 0) return json(405, { error: "method not allowed" }, { allow: allowed.join(", ") });
    if (!URL.canParse(url)) return json(400, { error: "not a URL" }); // "*", or a Host that broke the URL
    return json(404, { error: "not found" });
  }

  /** The methods that have a route for `url`, sorted (HEAD wherever GET is): the Allow header of a 405. */
  allowed(url) {
    const methods = [];
    for (const [method, routes] of this.#methods) if (routes.list.test(url)) methods.push(method);
    if (methods.includes("GET") && !methods.includes("HEAD")) methods.push("HEAD");
    return methods.sort();
  }

  #exec(method, url) {
    const routes = this.#methods.get(method);
    const match = routes === undefined ? null : routes.list.exec(url);
    return match === null ? null : { handler: routes.handlers[match.index], result: match.result };
  }
}
