/** Registers every suite against one runtime's API. Each runtime's entry (test/node.ts, …) calls this. */
import process from "node:process";
import type { Api } from "../support/api.ts";
import type { Runtime } from "../support/entries.ts";
import * as batch from "./batch.ts";
import * as buffers from "./buffers.ts";
import * as cli from "./cli.ts";
import * as differential from "./differential.ts";
import * as edges from "./edges.ts";
import * as global from "./global.ts";
import * as jsrStyle from "./jsr_style.ts";
import * as loadingErrors from "./loading_errors.ts";
import * as loading from "./loading.ts";
import * as runtimeApis from "./runtime_apis.ts";
import * as searchParams from "./search_params.ts";
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
import * as urlPatternUrlObjects from "./url_pattern_url_objects.ts";

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
  wpt.register(api);
  wptSetters.register(api);
  wptUrlPattern.register(api);
  urlPatternApi.register(api);
  webidl.register(api);
  edges.register(api);
  searchParams.register(api);
  searchParamsFastPaths.register(api, seed);
  buffers.register(api);
  differential.register(api, seed);
  urlPatternDifferential.register(api, seed);
  urlPatternListApi.register(api);
  urlPatternListDifferential.register(api, seed);
  urlPatternUrlObjects.register(api, seed);
  batch.register(api, seed);
  if (process.env.ADA_FFI_TEST_IN_PROCESS === "1") return;
  loading.register(runtime);
  loadingErrors.register(runtime);
  jsrStyle.register(runtime);
  global.register(runtime);
  runtimeApis.register(runtime);
  stress.register(api, runtime, seed);
  cli.register(runtime);
}
