/** The example's routes: what every server in this folder serves. Order matters within a method: first match wins. */
import { json, Router } from "./router.mjs";

export const app = new Router()
  .on("GET", "/", () => json(200, { hello: "world" }))
  .on("GET", "/users/me", () => json(200, { route: "/users/me", user: "me" }))
  .on("GET", "/users/:id", ({ params }) => json(200, { route: "/users/:id", user: params.id }))
  .on("DELETE", "/users/:id", () => ({ status: 204, headers: {} }))
  .on("GET", "/search", ({ query }) => json(200, { q: query.get("q"), page: Number(query.get("page") ?? "1") }))
  .on("GET", "/files/*", ({ params }) => json(200, { route: "/files/*", file: params[0] }));
