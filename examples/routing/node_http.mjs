/**
 * Routing a node:http server with URLPatternList (docs/routing.md). Runs on Node 20 and later, and on Deno and Bun.
 * PORT=8080 node node_http.mjs (default: a free port); it prints the address it listens on (loopback only).
 */
import { createServer } from "node:http";
import process from "node:process";
import { app } from "./app.mjs";
import { isPlainHost } from "./router.mjs";

// req.url is the request target: "/path?query" from any client but one talking to a proxy. It is routed as a URL on
// a fixed origin, by concatenation: resolved against a base, "//evil.example/users/me" would be the host
// evil.example and the path "/users/me". The Host header is the client's to choose, so it is no part of the URL.
const ORIGIN = "http://localhost";

const server = createServer((req, res) => {
  const target = req.url ?? "";
  // An absolute-form target ("http://host/path", what proxies get) is a URL already.
  const url = target.startsWith("/") ? ORIGIN + target : target;
  const { status, headers, body } = isPlainHost(req.headers.host)
    ? app.handle(req.method, url)
    : { status: 400, headers: {}, body: "bad Host header" };
  res.writeHead(status, headers).end(body);
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
