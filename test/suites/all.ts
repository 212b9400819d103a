/** Registers every suite against one runtime's API. Each runtime's entry (test/node.ts, …) calls this. */
import process from "node:process";
import type { Api } from "../support/api.ts";
import type { Runtime } from "../support/entries.ts";
import * as batch from "./batch.ts";
import * as buffers from "./buffers.ts";
import * as builtinWording from "./builtin_wording.ts";
import * as canonicalInput from "./canonical_input.ts";
import * as cli from "./cli.ts";
import * as differential from "./differential.ts";
import * as edges from "./edges.ts";
import * as global from "./global.ts";
import * as jsrStyle from "./jsr_style.ts";
import * as loadingErrors from "./loading_errors.ts";
import * as loading from "./loading.ts";
import * as routeApi from "./route_api.ts";
import * as routeDifferential from "./route_differential.ts";
import * as routingExamples from "./routing_examples.ts";
import * as runtimeApis from "./runtime_apis.ts";
import * as searchParams from "./search_params.ts";
import * as searchParamsConversions from "./search_params_conversions.ts";
import * as searchParamsFastPaths from "./search_params_fast_paths.ts";
import * as stress from "./stress.ts";
import * as webidl from "./webidl.ts";
import * as wpt from "./wpt_urltestdata.ts";
import * as wptSetters from "./wpt_setters_idna.ts";
import * as wptUrlPattern from "./wpt_urlpattern.ts";
import * as urlPatternApi from "./url_pattern_api.ts";
import * as urlPatternDifferential from "./url_pattern_differential.ts";
import * as urlPatternListApi from "./url_pattern_list_api.ts";
import * as urlPatternListDifferential from "./url_pattern_list_differential.ts";
import * as urlPatternListMatch from "./url_pattern_list_match.ts";
import * as urlPatternRealm from "./url_pattern_realm.ts";
import * as urlPatternUrlObjects from "./url_pattern_url_objects.ts";
import * as wasmBackend from "./wasm_backend.ts";

/**
 * ADA_FFI_TEST_IN_PROCESS=1 registers only the suites that run in this process: under qemu-user (the arm64
 * run of test/prebuilt_check.mjs) a child process of the emulated runtime cannot be started.
 */
export function registerAll(api: Api, runtime: Runtime): void {
  // A fixed seed by default (CI); ADA_FFI_TEST_SEED=<n> replays one, =random draws one and prints it.
  const requested = process.env.ADA_FFI_TEST_SEED;
  const seed = requested === "random"
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(requested ?? differential.DEFAULT_SEED);
  if (requested !== undefined) console.log(`hostile-input seed: ${seed} (replay with ADA_FFI_TEST_SEED=${seed})`);
  // ADA_FFI_TEST_ONLY=name[,name…] registers only the suites so named (the file names below, e.g.
  // url_pattern_list_api): a quick run while working on one part. npm test never sets it.
  const only = process.env.ADA_FFI_TEST_ONLY?.split(",");
  const run = (name: string, register: () => void) => {
    if (only === undefined || only.includes(name)) register();
  };
  run("wpt_urltestdata", () => wpt.register(api));
  run("wpt_setters_idna", () => wptSetters.register(api));
  run("wpt_urlpattern", () => wptUrlPattern.register(api));
  run("url_pattern_api", () => urlPatternApi.register(api));
  run("webidl", () => webidl.register(api));
  run("edges", () => edges.register(api));
  run("builtin_wording", () => builtinWording.register(api));
  run("search_params", () => searchParams.register(api));
  run("search_params_conversions", () => searchParamsConversions.register(api));
  run("search_params_fast_paths", () => searchParamsFastPaths.register(api, seed));
  run("buffers", () => buffers.register(api));
  run("differential", () => differential.register(api, seed));
  run("url_pattern_differential", () => urlPatternDifferential.register(api, seed));
  run("url_pattern_list_api", () => urlPatternListApi.register(api));
  run("route_api", () => routeApi.register(api));
  run("route_differential", () => routeDifferential.register(api, requested === undefined ? undefined : seed));
  run("url_pattern_list_differential", () => urlPatternListDifferential.register(api, seed));
  run("url_pattern_realm", () => urlPatternRealm.register(api));
  run("url_pattern_url_objects", () => urlPatternUrlObjects.register(api, seed));
  run("canonical_input", () => canonicalInput.register(api, runtime, seed));
  run("url_pattern_list_match", () => urlPatternListMatch.register(api, seed));
  run("batch", () => batch.register(api, seed));
  if (process.env.ADA_FFI_TEST_IN_PROCESS === "1") return;
  run("loading", () => loading.register(runtime));
  run("loading_errors", () => loadingErrors.register(runtime));
  run("wasm_backend", () => wasmBackend.register(runtime));
  run("jsr_style", () => jsrStyle.register(runtime));
  run("global", () => global.register(runtime));
  run("runtime_apis", () => runtimeApis.register(runtime));
  run("routing_examples", () => routingExamples.register(runtime));
  run("stress", () => stress.register(api, runtime, seed));
  run("cli", () => cli.register(runtime));
}
