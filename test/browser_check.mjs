#!/usr/bin/env node
// The WebAssembly backend in a real browser: headless Chromium from Debian's packages (/usr/bin/chromium, or
// ADA_FFI_CHROMIUM), driven by the pinned playwright-core (its own browsers are never downloaded), loads the package's
// `ada-ffi/wasm` entry as ES modules from a local static server, as a user's page would, and runs there every case of
// the WPT URL data (urltestdata*.json, setters_tests.json, toascii.json, IdnaTestV2.json) and URLPattern data
// (urlpatterntestdata.json, the hasRegExpGroups assertions) with the uvu suites' own expectations
// (test/support/wpt_*_cases.ts, from dist/), checks nativeLibrary().ffi === "wasm", and routes with URLPatternList
// against a loop over Chromium's built-in URLPattern (test/browser/page.ts). No case is skipped: the node suites skip
// none of these. Ends with `N passed, N failed` (each case counts); without Chromium it says skipped, unless CI=true,
// where that is a failure.
//
//   node test/browser_check.mjs        (after tsc: npm test builds dist/ first)
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { createServer } from "node:http";
import { dirname, extname, join, relative, sep } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { check, fail, finish, sh, tally } from "./support/checks.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const CHROMIUM = process.env.ADA_FFI_CHROMIUM ?? "/usr/bin/chromium";
const ENTRY = "dist/runtimes/wasm/entry.js";
/** The WPT data the page reads (test/support/packaged_checks.ts's list; set by main(), once dist/ is known built). */
let DATA = [];
/** What the test modules import by name (uvu's assert and its dependencies), mapped for /test/ and /deps/ only. */
const TEST_IMPORTS = ["uvu/assert", "uvu/diff", "dequal", "diff", "kleur"];
const TYPES = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".html": "text/html",
};
const TIMEOUT_MS = 120_000;

/** The package's files as `npm pack` ships them (the browser may load only these from /package/). */
function packedFiles() {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const { status, stdout, out } = sh(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root });
  if (status !== 0) throw new Error(`npm pack --dry-run failed:\n${out}`);
  return new Set(JSON.parse(stdout)[0].files.map((f) => f.path));
}

/** tsc's module syntax: `import … from "x"` / `export … from "x"` statements, `import "x"`, `import("x")`. */
const IMPORTS = [
  /^(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
  /^import\s*["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

/** The entry's static import graph: every specifier relative, every file shipped. Returns the files or the problem. */
function importGraph(shipped) {
  const seen = new Set();
  const queue = [ENTRY];
  const problems = [];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!shipped.has(file)) problems.push(`${file} is not in the package`);
    if (!existsSync(join(root, file))) {
      problems.push(`${file} does not exist`);
      continue;
    }
    const source = readFileSync(join(root, file), "utf8");
    for (const pattern of IMPORTS) {
      for (const [, specifier] of source.matchAll(pattern)) {
        if (!/^\.\.?\//.test(specifier)) problems.push(`${file} imports ${JSON.stringify(specifier)}: not relative`);
        else queue.push(join(dirname(file), specifier).split(sep).join("/"));
      }
    }
  }
  return problems.length === 0 ? seen : problems.join("\n");
}

/** Each name of TEST_IMPORTS: [name, its npm package's folder, the file in it Node's ESM resolution picks]. */
function testImports() {
  return TEST_IMPORTS.map((name) => {
    const pkg = name.split("/")[0];
    const folder = realpathSync(join(root, "node_modules", pkg));
    const file = realpathSync(fileURLToPath(import.meta.resolve(name)));
    return [name, pkg, folder, relative(folder, file).split(sep).join("/")];
  });
}

function page(imports) {
  const map = Object.fromEntries(imports.map(([name, pkg, , file]) => [name, `/deps/${pkg}/${file}`]));
  // Scoped: only our test modules resolve these names; a bare import in the package (under /package/) fails to load.
  const importMap = { scopes: { "/test/": map, "/deps/": map } };
  return `<!doctype html><meta charset="utf-8"><title>ada-ffi browser check</title><link rel="icon" href="data:,">
<script type="importmap">${JSON.stringify(importMap)}</script>
<script type="module">import { runBrowserChecks } from "/test/browser/page.js"; globalThis.runBrowserChecks = runBrowserChecks;
globalThis.pageReady = true;</script>`;
}

/** The static server: /package/ (shipped files only), /test/ (dist/test/), /deps/ (uvu's assert), /data/ (WPT). */
function serve(shipped, imports) {
  const requests = [];
  const deps = new Map(imports.map(([, pkg, folder]) => [pkg, folder]));
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    let file;
    if (path === "/") file = null;
    else if (path.startsWith("/package/") && shipped.has(path.slice(9))) file = join(root, path.slice(9));
    else if (path.startsWith("/test/") && !path.includes("..")) file = join(root, "dist", path);
    else if (path.startsWith("/data/") && DATA.includes(path.slice(6))) {
      file = join(root, "test", "data", path.slice(6));
    } else if (path.startsWith("/deps/") && !path.includes("..")) {
      const [pkg, ...rest] = path.slice(6).split("/");
      if (deps.has(pkg)) file = join(deps.get(pkg), ...rest);
    }
    if (file === undefined || (file !== null && !existsSync(file))) {
      requests.push({ path, status: 404 });
      response.writeHead(404).end();
      return;
    }
    const type = file === null ? "text/html" : TYPES[extname(file)] ?? "application/octet-stream";
    requests.push({ path, status: 200, type });
    const contentType = type === "application/wasm" ? type : `${type}; charset=utf-8`;
    response.writeHead(200, { "content-type": contentType, "cache-control": "no-store" });
    response.end(file === null ? page(imports) : readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, requests })));
}

async function main() {
  if (!existsSync(CHROMIUM)) {
    const why = `no Chromium at ${CHROMIUM} (Debian: apt-get install chromium; or set ADA_FFI_CHROMIUM)`;
    // Never a pass: skipped here, a failure where CI must run it.
    if (process.env.CI === "true") fail(`${why}: CI=true needs the browser run`);
    else console.log(`skipped: ${why}`);
    return;
  }
  if (!existsSync(join(root, ENTRY))) throw new Error(`no ${ENTRY}: run \`node_modules/.bin/tsc -p tsconfig.json\``);
  ({ WPT_DATA_FILES: DATA } = await import("../dist/test/support/packaged_checks.js"));
  const shipped = packedFiles();
  const graph = importGraph(shipped);
  check(
    `${ENTRY}'s import graph: relative imports only, every file in the package`,
    () => typeof graph === "string" ? graph : true,
  );
  if (typeof graph === "string") return;
  const imports = testImports();
  const { server, requests } = await serve(shipped, imports);
  const origin = `http://127.0.0.1:${server.address().port}`;
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, timeout: 30_000 });
  try {
    const tab = await browser.newPage();
    const errors = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    tab.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => globalThis.pageReady === true, null, { timeout: 30_000 });
    const groups = await tab.evaluate(
      ([entry, data]) => globalThis.runBrowserChecks(entry, data),
      [`${origin}/package/${ENTRY}`, `${origin}/data/`],
    );
    console.log(`Chromium ${browser.version()}, ${origin}:`);
    for (const g of groups) counts(g);
    check("the page loaded with no error", () => errors.length === 0 ? true : errors.join("\n"));
    check("the browser loaded the package's whole module graph from /package/, each as text/javascript", () => {
      const loaded = requests.filter((r) => r.path.startsWith("/package/") && !r.path.endsWith(".wasm"));
      const wrong = loaded.filter((r) => r.status !== 200 || r.type !== "text/javascript");
      const missing = [...graph].filter((file) => !loaded.some((r) => r.path === `/package/${file}`));
      if (wrong.length > 0 || missing.length > 0) {
        return `${wrong.map((r) => `${r.path}: ${r.status} ${r.type ?? ""}`).join("\n")}\nnot loaded: ${missing}`;
      }
      return true;
    });
    check("the entry fetched the package's one copy of the module, dist/runtimes/wasm/ada_ffi.wasm, once", () => {
      const fetched = requests.filter((r) => r.path.endsWith(".wasm"));
      const expected = "/package/dist/runtimes/wasm/ada_ffi.wasm";
      return fetched.length === 1 && fetched[0].path === expected && fetched[0].status === 200
        ? true
        : `fetched: ${fetched.map((r) => `${r.path} ${r.status}`).join(", ") || "nothing"}`;
    });
    check("no request was refused", () => {
      const refused = requests.filter((r) => r.status !== 200);
      return refused.length === 0 ? true : refused.map((r) => `${r.path}: ${r.status}`).join("\n");
    });
  } finally {
    await browser.close();
    server.close();
  }
}

/** One group's cases into the totals: each case passed or failed counts once; the failures are listed. */
function counts({ name, passed, failed, failures }) {
  console.log(`  ${failed === 0 ? "✓" : "✘"} ${name}: ${passed} passed, ${failed} failed`);
  for (const failure of failures) console.log(`      ${failure.replace(/\n/g, "\n      ")}`);
  if (failed > failures.length) console.log(`      … and ${failed - failures.length} more`);
  tally(passed, failed);
}

let timer;
try {
  timer = setTimeout(() => {
    fail(`the browser run took more than ${TIMEOUT_MS / 1000} s`);
    finish("browser");
  }, TIMEOUT_MS);
  await main();
} catch (error) {
  fail(error.stack ?? String(error));
} finally {
  clearTimeout(timer);
}
finish("browser");
