// One server of the load run (bench/routing/load.mjs): node:http on 127.0.0.1, a free port, routing GitHub's REST API
// routes (bench/data/routes/github-api.json, method + path, in file order) one of three ways, the same work around it:
//
//   URLPatternList    one list per method, `list.match(ORIGIN + req.url)` (docs/routing.md: a fixed origin, concatenated)
//   find-my-way       `router.find(req.method, req.url)` (what Fastify does with req.url)
//   URLPattern loop   the runtime's built-in URLPattern (Node 24 and later), per method, the first whose exec() matches
//
// A match answers 200 with the route's number and its params as JSON; anything else 404. Prints one line,
// `READY {"port":…,"node":…,"ada":…,"ffi":…}`, once listening.
//
// Usage (from the repository root, after the build): node bench/routing/load_server.mjs <list|find-my-way|loop>
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import process from "node:process";
import FindMyWay from "find-my-way";
import { adaVersion, nativeLibrary, URLPatternList } from "ada-ffi";

const ORIGIN = "http://localhost";
const routes = JSON.parse(readFileSync("bench/data/routes/github-api.json", "utf8"));

/** Each way of routing: (method, request target) -> { id, params } or null. */
const ROUTERS = {
  list() {
    const byMethod = new Map();
    routes.forEach(({ method, path }, id) => {
      if (!byMethod.has(method)) byMethod.set(method, { list: new URLPatternList(), ids: [] });
      const entry = byMethod.get(method);
      entry.ids[entry.list.add({ pathname: path })] = id;
    });
    return (method, target) => {
      const entry = byMethod.get(method);
      const match = entry === undefined ? null : entry.list.match(ORIGIN + target);
      return match === null ? null : { id: entry.ids[match.index], params: match.params };
    };
  },
  "find-my-way"() {
    const router = FindMyWay();
    routes.forEach(({ method, path }, id) => router.on(method, path, () => {}, { id }));
    return (method, target) => {
      const found = router.find(method, target);
      return found === null ? null : { id: found.store.id, params: found.params };
    };
  },
  loop() {
    const BuiltIn = globalThis.URLPattern;
    if (typeof BuiltIn !== "function") throw new Error(`Node ${process.version} has no built-in URLPattern`);
    const byMethod = new Map();
    routes.forEach(({ method, path }, id) => {
      if (!byMethod.has(method)) byMethod.set(method, []);
      byMethod.get(method).push({ pattern: new BuiltIn({ pathname: path }), id });
    });
    return (method, target) => {
      const candidates = byMethod.get(method) ?? [];
      const url = ORIGIN + target;
      for (let i = 0; i < candidates.length; i++) {
        const result = candidates[i].pattern.exec(url);
        if (result !== null) return { id: candidates[i].id, params: result.pathname.groups };
      }
      return null;
    };
  },
};

const kind = process.argv[2];
if (!Object.hasOwn(ROUTERS, kind)) {
  throw new Error(`usage: bench/routing/load_server.mjs <${Object.keys(ROUTERS).join("|")}>`);
}
const route = ROUTERS[kind]();

const server = createServer((req, res) => {
  const found = route(req.method, req.url);
  if (found === null) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    return;
  }
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(found));
});
server.listen(0, "127.0.0.1", () => {
  const ready = { port: server.address().port, node: process.version, ada: adaVersion(), ffi: nativeLibrary().ffi };
  console.log(`READY ${JSON.stringify(ready)}`);
});
