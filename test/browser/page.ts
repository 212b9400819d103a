/**
 * The browser run's page module (test/browser_check.mjs serves it, with the package as a user gets it; and
 * test/packaging_check.mjs bundles it with the package into each bundler's app): the checks of
 * ../support/packaged_checks.ts on the package's WebAssembly entry (imported here from its URL, or as a bundler built
 * it in), with the WPT data fetched from the page's server and Chromium's built-in URLPattern as the routing reference.
 */
import type { Api } from "../support/api.ts";
import {
  type BuiltinPattern,
  type GroupReport,
  NATIVE_ANSWERS,
  runPackagedChecks,
} from "../support/packaged_checks.ts";

/** The browser's own URLPattern, taken before anything else runs: the reference for the routing check. */
const BuiltinURLPattern = (globalThis as unknown as { URLPattern?: BuiltinPattern }).URLPattern;

/** Runs every check with the package entry at `entryUrl` and the WPT data under `dataUrl`. */
export async function runBrowserChecks(entryUrl: string, dataUrl: string): Promise<GroupReport[]> {
  // No native backend's answers here (the packaging check records them for the bundles): that group says skipped.
  return await runChecksWith(await import(entryUrl) as Api, dataUrl, false);
}

/** Runs every check on `api` (the package as a bundler built it in) with the WPT data under `dataUrl`. */
export async function runChecksWith(api: Api, dataUrl: string, nativeAnswers = true): Promise<GroupReport[]> {
  const load = async (file: string) => {
    if (!nativeAnswers && file === NATIVE_ANSWERS) throw new Error(`no ${file} in this run`);
    const response = await fetch(new globalThis.URL(file, dataUrl));
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    return await response.json();
  };
  // A browser without URLPattern fails the routing group: the browser run needs its reference.
  return await runPackagedChecks(api, load, BuiltinURLPattern, true, "wasm");
}
