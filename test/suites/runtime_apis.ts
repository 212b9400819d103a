/**
 * Our objects handed to the runtime's own APIs (node:fs, node:url, node:http, fetch, Worker, structuredClone),
 * in a child process of the current runtime, with and without the global install. What each runtime accepts
 * is README's table "Using ada-ffi with the runtime's APIs"; where Bun's native type checks refuse our
 * objects, the remedy README gives is tested instead.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { runProgram } from "../support/child_program.ts";
import { ENTRY, entryUrl, GLOBAL_ENTRY, type Runtime } from "../support/entries.ts";

// The child: each check's result (or the error's code and message), one loopback server, then exit.
const PROGRAM = (entry: string, dir: string, global: boolean) => `
import * as ada from ${JSON.stringify(entry)};
import fs from "node:fs";
import { readFileSync } from "node:fs";
import http from "node:http";
import * as nodeUrl from "node:url";
import urlModule from "node:url";
const { URL, URLSearchParams } = ada;
// The runtime's own class, as README's remedy takes it (saved before a global install replaced it).
const RuntimeSearchParams = Object.getPrototypeOf(URLSearchParams.prototype).constructor;
const r = {};
const attempt = async (name, fn) => {
  try { r[name] = await fn(); } catch (e) { r[name] = "throws " + (typeof e?.code === "string" ? e.code : e?.name) + ": " + e?.message; }
};
// fn called after a user's code replaced Array.prototype.map and slice and put "ownKeys" and "getPrototypeOf" on
// Object.prototype (a Proxy handler's traps, were the handler an ordinary object); all put back before its promise is
// awaited, so that the runtime's own asynchronous work (its fetch, its server) runs as usual. Only where ada-ffi wraps
// the runtime's function (Bun's fs with the global install; fetch, Request and Response with it on Deno and Bun):
// elsewhere the runtime's own code alone would be tested.
const wrapped = ${JSON.stringify(global)} && typeof Bun !== "undefined";
const wrappedFetch = ${JSON.stringify(global)} && (typeof Bun !== "undefined" || typeof Deno !== "undefined");
const hostile = (fn) => async () => {
  const define = (target, key, value) =>
    Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: false });
  const map = Array.prototype.map, slice = Array.prototype.slice;
  define(Array.prototype, "map", function () { return ["/nonexistent-user-map"]; });
  define(Array.prototype, "slice", function () { return []; });
  define(Object.prototype, "ownKeys", function () { throw new Error("Object.prototype.ownKeys called"); });
  define(Object.prototype, "getPrototypeOf", function () { throw new Error("Object.prototype.getPrototypeOf called"); });
  let pending;
  try {
    pending = fn();
  } finally {
    define(Array.prototype, "map", map);
    define(Array.prototype, "slice", slice);
    delete Object.prototype.ownKeys;
    delete Object.prototype.getPrototypeOf;
  }
  return await pending;
};
const file = ${JSON.stringify(join(dir, "data.txt"))};
fs.writeFileSync(file, "hello");
const fileUrl = new URL("file://" + file);
await attempt("ourInstanceofRuntime", () => fileUrl instanceof globalThis.URL && new URLSearchParams() instanceof globalThis.URLSearchParams);
await attempt("runtimeInstanceofOurs", () => nodeUrl.pathToFileURL("/x") instanceof URL);
await attempt("fileURLToPath", () => nodeUrl.fileURLToPath(fileUrl));
await attempt("moduleFileURLToPath", () => urlModule.fileURLToPath(fileUrl));
await attempt("fileURLToPathOfHref", () => nodeUrl.fileURLToPath(fileUrl.href));
await attempt("readFileSync", () => fs.readFileSync(fileUrl, "utf8"));
await attempt("namedReadFileSync", () => readFileSync(fileUrl, "utf8"));
await attempt("readFileSyncOfPath", () => readFileSync(nodeUrl.fileURLToPath(fileUrl.href), "utf8"));
await attempt("existsSync", () => fs.existsSync(fileUrl));
await attempt("promisesReadFile", () => fs.promises.readFile(fileUrl, "utf8"));
if (wrapped) {
  await attempt("hostileReadFileSync", hostile(() => fs.readFileSync(fileUrl, "utf8")));
  await attempt("hostilePromisesReadFile", hostile(() => fs.promises.readFile(fileUrl, "utf8")));
}
if (wrappedFetch) await attempt("hostileResponse", hostile(() =>
  [Object.keys(Response).length, Object.getPrototypeOf(Response) === Object.getPrototypeOf(Function), new Response("x", { status: 201 }).status].join(" ")));
await attempt("response", () =>
  [Object.keys(Response).length, Object.getPrototypeOf(Response) === Object.getPrototypeOf(Function), new Response("x", { status: 201 }).status].join(" "));
await attempt("format", () =>
  nodeUrl.format(new URL("http://user@xn--bcher-kva.example/a?q#frag"), { fragment: false, unicode: true, auth: false }));
await attempt("structuredClone", () => structuredClone(new URL("http://a/")));
await attempt("structuredCloneOfRuntimes", () => structuredClone(nodeUrl.pathToFileURL("/x")));
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => res.end([req.method, req.url, req.headers["content-type"] ?? "-", req.headers["x-a"] ?? "-", body].join(" ")));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const base = "http://127.0.0.1:" + server.address().port;
const answer = (start) => new Promise((resolve, reject) => {
  const req = start((res) => { let b = ""; res.on("data", (c) => (b += c)); res.on("end", () => resolve(b)); });
  req.on("error", reject);
  req.end();
});
try {
  await attempt("httpRequest", () => answer((cb) => http.request(new URL(base + "/r?q=1"), cb)));
  await attempt("httpGetWithOptions", () => answer((cb) => http.get(new URL(base + "/g"), { headers: { "x-a": "1" } }, cb)));
  await attempt("fetchUrl", async () => (await fetch(new URL(base + "/f"))).text());
  await attempt("fetchRuntimeFormBody", async () =>
    (await fetch(base + "/p", { method: "POST", body: new RuntimeSearchParams(new URLSearchParams("a=1&b=2")) })).text());
  await attempt("fetchFormBody", async () => (await fetch(base + "/p", { method: "POST", body: new URLSearchParams("a=1&b=2") })).text());
  if (wrappedFetch) await attempt("hostileFetchFormBody", hostile(async () =>
    (await fetch(base + "/p", { method: "POST", body: new URLSearchParams("a=1&b=2") }, "extra")).text()));
  if (wrappedFetch) await attempt("hostileRequestFormBody", hostile(() =>
    new Request(base + "/p", { method: "POST", body: new URLSearchParams("a=1&b=2") }).text()));
  await attempt("requestFormBody", () =>
    new Request(base + "/p", { method: "POST", body: new URLSearchParams("a=1&b=2") }).text());
} finally {
  server.close();
}
if (typeof Bun !== "undefined") {
  fs.writeFileSync(${JSON.stringify(join(dir, "worker.mjs"))}, "postMessage('from worker')");
  const work = (target) => new Promise((resolve, reject) => {
    const w = new Worker(target);
    w.onmessage = (e) => { resolve(e.data); w.terminate(); };
    w.onerror = (e) => reject(new Error(e.message));
  });
  await attempt("worker", () => work(new URL(${JSON.stringify(pathToFileURL(join(dir, "worker.mjs")).href)})));
  await attempt("workerOfHref", () => work(new URL(${
  JSON.stringify(pathToFileURL(join(dir, "worker.mjs")).href)
}).href));
}
console.log("RESULT " + JSON.stringify(r));
`;

function runChild(runtime: Runtime, global: boolean): Record<string, unknown> {
  return runProgram(runtime, (dir) => PROGRAM(entryUrl((global ? GLOBAL_ENTRY : ENTRY)[runtime]), dir, global));
}

export function register(runtime: Runtime): void {
  const test = suite(`the runtime's APIs take our objects (${runtime})`);
  for (const global of [false, true]) {
    test(global ? "with the global install" : "imported (no global install)", () => {
      const r = runChild(runtime, global);
      const path = String(r.fileURLToPathOfHref);
      assert.ok(path.endsWith("/data.txt"), path);
      // Everywhere, with or without the global install.
      assert.is(r.ourInstanceofRuntime, true);
      assert.is(r.runtimeInstanceofOurs, true);
      assert.is(r.readFileSyncOfPath, "hello");
      assert.is(r.format, "http://bücher.example/a?q");
      // structuredClone: as for the runtime's own URL (Deno and Bun refuse it; Node 20 gives {}).
      if (String(r.structuredCloneOfRuntimes).startsWith("throws")) {
        assert.match(String(r.structuredClone), /^throws DataCloneError/);
      } else assert.equal(r.structuredClone, r.structuredCloneOfRuntimes);
      assert.is(r.httpRequest, "GET /r?q=1 - - ");
      assert.is(r.httpGetWithOptions, "GET /g - 1 ");
      assert.is(r.fetchUrl, "GET /f - - ");
      // Native type checks: Bun's fs, fileURLToPath and Worker take only Bun's own URL. The global install
      // patches what Bun lets it (fs's module object, url's, the global Worker); a named import stays Bun's.
      const bunNative = runtime === "bun";
      const accepted = (value: unknown, expected: unknown, refusedOnBun: boolean) => {
        if (refusedOnBun) assert.match(String(value), /^throws ERR_INVALID_ARG_TYPE/);
        else assert.equal(value, expected);
      };
      accepted(r.fileURLToPath, path, bunNative); // a namespace import: Bun's original
      accepted(r.moduleFileURLToPath, path, bunNative && !global);
      accepted(r.readFileSync, "hello", bunNative && !global);
      accepted(r.namedReadFileSync, "hello", bunNative);
      accepted(r.promisesReadFile, "hello", bunNative && !global);
      if (bunNative && !global) assert.is(r.existsSync, false); // Bun's own answer for a non-path
      else assert.is(r.existsSync, true);
      // A form body: Node's fetch recognises ours by prototype; Deno's and Bun's brand-check it, so only the
      // global install's fetch (which hands it over as the runtime's own) sends it as a form. The remedy
      // without it, the runtime's own class built from ours, works everywhere.
      const form = "POST /p application/x-www-form-urlencoded;charset=UTF-8 - a=1&b=2";
      assert.is(r.fetchRuntimeFormBody, form);
      if (runtime === "bun" && !global) assert.is(r.fetchFormBody, "POST /p - - a=1&b=2");
      else if (runtime === "deno" && !global) assert.match(String(r.fetchFormBody), /is not of type URLSearchParams/);
      else assert.is(r.fetchFormBody, form);
      // The same after a user's code replaced methods (where ada-ffi wraps the runtime's function: see the program).
      if (global && runtime === "bun") {
        assert.equal(r.hostileReadFileSync, r.readFileSync);
        assert.equal(r.hostilePromisesReadFile, r.promisesReadFile);
      }
      if (global && runtime !== "node") {
        assert.equal(r.hostileFetchFormBody, r.fetchFormBody);
        assert.equal(r.hostileRequestFormBody, r.requestFormBody);
        assert.is(r.hostileResponse, r.response);
      }
      if (runtime === "bun") {
        assert.is(r.workerOfHref, "from worker");
        if (global) assert.is(r.worker, "from worker");
        else assert.match(String(r.worker), /must be of type string or an instance of URL/);
      }
    });
  }
  test.run();
}
