/**
 * The route benchmarks on Deno (route_entry.ts):
 * `deno run -A --v8-flags=--expose-gc bench/routing/route_deno.ts <std|scale> [rounds] [sizes]`.
 */
import FindMyWay from "find-my-way";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import * as ada from "../../runtimes/deno/entry.ts";
import { runRouteBench } from "./route_entry.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
const { getPath } = await import(new URL("utils/url.js", import.meta.resolve("hono")).href);
await runRouteBench(
  { runtime: "deno", version: Deno.version.deno, gc, ada, FindMyWay, RegExpRouter, TrieRouter, honoGetPath: getPath },
  Deno.args,
);
