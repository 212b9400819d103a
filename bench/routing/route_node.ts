/**
 * The route benchmarks on Node (route_entry.ts):
 * `node --expose-gc dist/bench/routing/route_node.js <std|scale> [rounds] [sizes]`.
 */
import process from "node:process";
import FindMyWay from "find-my-way";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import * as ada from "../../runtimes/node/entry.ts";
import { runRouteBench } from "./route_entry.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const { getPath } = await import(new URL("utils/url.js", import.meta.resolve("hono")).href);
await runRouteBench(
  { runtime: "node", version: process.version, gc, ada, FindMyWay, RegExpRouter, TrieRouter, honoGetPath: getPath },
  process.argv.slice(2),
);
