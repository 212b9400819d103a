/**
 * Serving the example's routes (app.mjs) with Bun.serve (docs/routing.md).
 * PORT=8080 bun bun_serve.ts (default: a free port); it prints the address it listens on (loopback only).
 */
import { handler, plainHostOnly } from "./app.mjs";

const server = Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  fetch: plainHostOnly(handler), // Bun gives a bare path as request.url when the Host header is not a plain host
});
console.log(`listening on http://127.0.0.1:${server.port}`);
