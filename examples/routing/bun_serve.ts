/**
 * Routing Bun.serve with URLPatternList (docs/routing.md).
 * PORT=8080 bun bun_serve.ts (default: a free port); it prints the address it listens on (loopback only).
 */
import { app } from "./app.mjs";
import { isPlainHost } from "./router.mjs";

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  fetch(request) {
    // Bun gives a bare path as request.url when the Host header is not a plain host: 400, as for Deno.
    if (!isPlainHost(request.headers.get("host"))) return new Response("bad Host header", { status: 400 });
    const { status, headers, body } = app.handle(request.method, request.url);
    return new Response(body, { status, headers });
  },
});
console.log(`listening on http://127.0.0.1:${server.port}`);
