/**
 * Routing benchmark entry for Deno (bench/routing/harness.ts), with URLPatternList on the Wasm backend too: prints
 * ROUTING_RESULT <json>.
 */
import process from "node:process";
import FindMyWay from "find-my-way";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import * as rou3 from "rou3";
import * as ada from "../../runtimes/deno/entry.ts";
import { adaWasm } from "../common/deno_wasm_backend.ts";
import { checkTwoBackends } from "../common/harness.ts";
import { routeSets, routingRounds, runRoutingBench } from "./harness.ts";

// The runtime's own URLPattern (Deno has one): our entry installs nothing on the global.
const builtInURLPattern = (globalThis as { URLPattern?: unknown }).URLPattern;
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with deno run --v8-flags=--expose-gc");
const { getPath } = await import(new URL("utils/url.js", import.meta.resolve("hono")).href);
checkTwoBackends(ada, adaWasm);
const result = runRoutingBench(
  {
    runtime: "deno",
    version: Deno.version.deno,
    gc,
    URLPattern: ada.URLPattern,
    URLPatternList: ada.URLPatternList,
    wasmURLPatternList: adaWasm.URLPatternList,
    builtInURLPattern,
    FindMyWay,
    RegExpRouter,
    TrieRouter,
    rou3,
    honoGetPath: getPath,
  },
  routeSets(),
  routingRounds(process.argv.slice(2)),
);
console.log("ROUTING_RESULT " + JSON.stringify(result));
