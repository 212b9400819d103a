/**
 * The opt-in global install, in a child process of the current runtime (it replaces globalThis.URL):
 * the runtime's fetch, Request and Response.redirect against a local HTTP server on 127.0.0.1.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { runProgram } from "../support/child_program.ts";
import { entryUrl, GLOBAL_ENTRY, type Runtime } from "../support/entries.ts";

// Runs in the child: one server on an ephemeral loopback port, a bounded number of requests, then exit.
const PROGRAM = (entry: string) => `
import * as ada from ${JSON.stringify(entry)};
import { createServer } from "node:http";
const results = {};
results.globalIsOurs = globalThis.URL === ada.URL && globalThis.URLSearchParams === ada.URLSearchParams &&
  globalThis.URLPattern === ada.URLPattern;
results.patternDescriptor = Object.getOwnPropertyDescriptor(globalThis, "URLPattern");
results.patternMatch = new URLPattern({ pathname: "/b/:id" }).exec("http://h/b/7")?.pathname.groups.id;
results.descriptor = Object.getOwnPropertyDescriptor(globalThis, "URL");
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => res.end(JSON.stringify({ url: req.url, method: req.method, body, type: req.headers["content-type"] })));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = server.address().port;
try {
  const target = new URL("http://127.0.0.1:" + port + "/echo?a=1");
  target.searchParams.append("b", "x y");
  results.fetchUrl = await (await fetch(target)).json();
  results.requestUrl = new Request(target).url;
  const posted = await (await fetch(new Request(target, { method: "POST", body: new URLSearchParams("k=v&w=1") }))).json();
  results.postBody = posted.body;
  results.postType = posted.type;
  const direct = await (await fetch(target, { method: "POST", body: new URLSearchParams({ d: "1" }) })).json();
  results.directBody = direct.body;
  results.responseText = await new Response(new URLSearchParams("r=1")).text();
  results.responseType = new Response(new URLSearchParams("r=1")).headers.get("content-type");
  results.instanceofKept = new Request(target) instanceof Request && Response.redirect(target) instanceof Response;
  results.redirect = Response.redirect(new URL("/moved", target), 302).headers.get("location");
  results.relative = new URL("../x", "http://h/a/b").href;
} finally {
  server.close();
}
console.log("RESULT " + JSON.stringify(results));
`;

export function register(runtime: Runtime): void {
  const test = suite(`global install (${runtime})`);
  const entry = entryUrl(GLOBAL_ENTRY[runtime]);
  test("fetch, Request and Response.redirect work with our URL on globalThis", () => {
    // deno-lint-ignore no-explicit-any
    const r = runProgram(runtime, () => PROGRAM(entry)) as any;
    assert.is(r.globalIsOurs, true);
    assert.equal(r.descriptor.enumerable, false);
    assert.equal(r.patternDescriptor.enumerable, false);
    assert.equal(r.patternDescriptor.writable, true);
    assert.is(r.patternMatch, "7");
    assert.equal(r.descriptor.writable, true);
    assert.is(r.fetchUrl.url, "/echo?a=1&b=x+y");
    assert.ok(r.requestUrl.endsWith("/echo?a=1&b=x+y"), r.requestUrl);
    assert.is(r.postBody, "k=v&w=1");
    assert.ok(String(r.postType).startsWith("application/x-www-form-urlencoded"), r.postType);
    assert.is(r.directBody, "d=1");
    assert.is(r.responseText, "r=1");
    assert.ok(String(r.responseType).startsWith("application/x-www-form-urlencoded"), r.responseType);
    assert.is(r.instanceofKept, true);
    assert.ok(r.redirect.endsWith("/moved"), r.redirect);
    assert.is(r.relative, "http://h/x");
  });
  test("a fetch used before the install still sends our URLSearchParams body as a form", () => {
    const r = runProgram(runtime, () => FETCH_FIRST(entry));
    assert.is(r.fetch, "application/x-www-form-urlencoded;charset=UTF-8 a=1");
    assert.is(r.request, "application/x-www-form-urlencoded;charset=UTF-8 a=1");
  });
  test.run();
}

// Node's fetch (undici) is loaded on first use and keeps the URLSearchParams class it saw then; ours passes its
// check through the prototype chain. (A reference to fetch saved before the install stays the runtime's own.)
const FETCH_FIRST = (entry: string) => `
import { createServer } from "node:http";
await fetch("data:text/plain,x");
await import(${JSON.stringify(entry)});
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => res.end(req.headers["content-type"] + " " + body));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = "http://127.0.0.1:" + server.address().port;
const results = {};
try {
  results.fetch = await (await fetch(base, { method: "POST", body: new URLSearchParams("a=1") })).text();
  results.request = await (await fetch(new Request(base, { method: "POST", body: new URLSearchParams("a=1") }))).text();
} finally {
  server.close();
}
console.log("RESULT " + JSON.stringify(results));
`;
