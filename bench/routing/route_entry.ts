/**
 * What the route benchmarks' entries share (route_node.ts, route_deno.ts, route_bun.ts): `<std|scale> [rounds]
 * [sizes]` runs std's groups (std_groups_harness.ts) or the tables at scale (scale_harness.ts) with the runtime's
 * ada-ffi entry and the peers (peers.ts), and prints `ROUTE_RESULT <json>`.
 */
import process from "node:process";
import { runStdGroups } from "./std_groups_harness.ts";
import { runScaleBench } from "./scale_harness.ts";
import { loadStdRouter } from "./std_router.ts";
import { peers } from "./peers.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

export interface RouteBenchHost {
  runtime: string;
  version: string;
  gc(): void;
  ada: Any;
}

export async function runRouteBench(host: RouteBenchHost, argv: string[]): Promise<void> {
  const [mode = "std", roundsArg = "9", sizesArg = "10000,100000"] = argv;
  const rounds = Number(roundsArg);
  if (!(rounds >= 1) || (mode !== "std" && mode !== "scale")) {
    throw new Error("usage: <entry> <std|scale> [rounds] [sizes]");
  }
  const std = await loadStdRouter();
  if (typeof std === "string") console.error(`  ${host.runtime}: std's router left out: ${std}`);
  const stdRouters = typeof std === "string" ? {} : { routeLinear: std.routeLinear, routeRadix: std.routeRadix };
  // The runtime's own URLPattern: our entries install nothing on the global.
  const builtInURLPattern = (globalThis as { URLPattern?: unknown }).URLPattern;
  const result = mode === "std"
    ? await runStdGroups(
      { ...host, ...peers, URLPattern: host.ada.URLPattern, route: host.ada.route, builtInURLPattern, ...stdRouters },
      typeof std === "string" ? std : std.source,
      rounds,
    )
    : runScaleBench(
      {
        ...host,
        ...peers,
        heapUsed: () => process.memoryUsage().heapUsed,
        URLPattern: host.ada.URLPattern,
        URLPatternList: host.ada.URLPatternList,
        route: host.ada.route,
        routeRadix: typeof std === "string" ? undefined : std.routeRadix,
      },
      sizesArg.split(",").map(Number),
      rounds,
    );
  console.log("ROUTE_RESULT " + JSON.stringify(result));
}
