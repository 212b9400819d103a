/**
 * Routing Deno.serve with URLPatternList (docs/routing.md).
 * PORT=8080 deno run --allow-net=127.0.0.1 --allow-env=PORT --allow-ffi --allow-read deno_serve.ts
 * (default: a free port); it prints the address it listens on (loopback only).
 */
import { app } from "./app.mjs";
import { isPlainHost } from "./router.mjs";

Deno.serve({
  hostname: "127.0.0.1",
  port: Number(Deno.env.get("PORT") ?? 0),
  onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}`),
}, (request) => {
  // Deno builds request.url from the Host header as it came: only a plain host[:port] keeps the path in place.
  if (!isPlainHost(request.headers.get("host"))) return new Response("bad Host header", { status: 400 });
  const { status, headers, body } = app.handle(request.method, request.url);
  return new Response(body, { status, headers });
});
