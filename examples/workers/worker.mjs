// A Cloudflare Worker (or workerd) routing with URLPatternList on ada-ffi's WebAssembly backend. Workers compile no
// WebAssembly from bytes, so the entry is `ada-ffi/wasm/module`: it imports ada_ffi.wasm as a module, which wrangler
// bundles as it is. routes.json: [{ "method": "GET", "path": "/repos/:owner/:repo" }, …], first match wins.
import { URLPatternList } from "ada-ffi/wasm/module";
import routes from "./routes.json" with { type: "json" };

const byMethod = new Map(); // method -> { list: URLPatternList, routes: each pattern's index in routes.json }
routes.forEach(({ method, path }, index) => {
  let entry = byMethod.get(method);
  if (entry === undefined) byMethod.set(method, entry = { list: new URLPatternList(), routes: [] });
  entry.routes[entry.list.add({ pathname: path })] = index;
});

export default {
  fetch(request) {
    const entry = byMethod.get(request.method);
    const match = entry === undefined ? null : entry.list.match(request.url);
    if (match === null) return Response.json({ error: "not found" }, { status: 404 });
    return Response.json({ index: entry.routes[match.index], params: match.params });
  },
};
