/**
 * Serving the example's routes (app.mjs) with node:http (docs/routing.md): each IncomingMessage made a Request, the
 * handler's Response written back. Runs on Node 20 and later, and on Deno and Bun.
 * PORT=8080 node node_http.mjs (default: a free port); it prints the address it listens on (loopback only).
 */
import { createServer } from "node:http";
import process from "node:process";
import { Readable } from "node:stream";
import { handler, plainHostOnly } from "./app.mjs";

// req.url is the request target: "/path?query" from any client but one talking to a proxy. It is made a URL on a
// fixed origin, by concatenation: resolved against a base, "//evil.example/users/me" would be the host evil.example
// and the path "/users/me". The Host header is the client's to choose, so it is no part of the URL.
const ORIGIN = "http://localhost";
const serve = plainHostOnly(handler);

async function respond(req, res) {
  const target = req.url ?? "";
  // An absolute-form target ("http://host/path", what proxies get) is a URL already; "*" is none (a 400).
  const url = target.startsWith("/") ? ORIGIN + target : target;
  if (!URL.canParse(url)) return void res.writeHead(400).end("bad request target");
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: "half", // Node's fetch wants it for a streamed body
  });
  const response = await serve(request);
  res.writeHead(response.status, [...response.headers].flat()); // a flat [name, value, …]: each Set-Cookie kept
  res.end(req.method === "HEAD" ? undefined : new Uint8Array(await response.arrayBuffer()));
}

const server = createServer((req, res) => {
  respond(req, res).catch((error) => {
    console.error(error);
    if (res.headersSent) res.destroy();
    else res.writeHead(500).end();
  });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
