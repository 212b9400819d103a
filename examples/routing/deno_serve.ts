/**
 * Serving the example's routes (app.mjs) with Deno.serve (docs/routing.md).
 * PORT=8080 deno run --allow-net=127.0.0.1 --allow-env=PORT --allow-ffi --allow-read deno_serve.ts
 * (default: a free port); it prints the address it listens on (loopback only).
 */
import { handler, plainHostOnly } from "./app.mjs";

Deno.serve({
  hostname: "127.0.0.1",
  port: Number(Deno.env.get("PORT") ?? 0),
  onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}`),
}, plainHostOnly(handler)); // Deno builds request.url from the Host header as sent: only a plain host keeps the path
