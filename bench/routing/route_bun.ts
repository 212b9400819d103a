/** The route benchmarks on Bun (route_entry.ts): `bun bench/routing/route_bun.ts <std|scale> [rounds] [sizes]`. */
import process from "node:process";
import FindMyWay from "find-my-way";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import * as ada from "../../dist/runtimes/bun/entry.js"; // as the package ships it (tools/bundle_entries.mjs)
import { runRouteBench } from "./route_entry.ts";

const { getPath } = await import(new URL("utils/url.js", import.meta.resolve("hono")).href);
await runRouteBench(
  {
    runtime: "bun",
    version: Bun.version,
    gc: () => Bun.gc(true),
    ada,
    FindMyWay,
    RegExpRouter,
    TrieRouter,
    honoGetPath: getPath,
  },
  process.argv.slice(2),
);
