#!/usr/bin/env node
// ada-ffi in Cloudflare's runtime: workerd (the pinned devDependency) serves the Worker of examples/workers/worker.mjs
// (docs/routing.md shows it), which imports `ada-ffi/wasm/module` as a user would and routes GitHub's REST API
// (bench/data/routes/github-api.json: 203 method + path routes) with URLPatternList. Its answers to a few hundred
// requests over loopback are compared with the same lookups in Node: by ada-ffi's own URLPatternList (the main entry,
// native library) and by a loop over Node 26's built-in URLPattern (the reference; skipped, never passed, where Node 26
// cannot be had). Ends with `workerd: N passed, N failed` (each request is one check, each step another).
//
// As wrangler does: the package's files as `npm pack` lists them in a scratch project's node_modules, the Worker
// bundled (Bun's bundler with wrangler's conditions `workerd`, `worker`, `browser`; every imported `.wasm` left as a
// module of its own, wrangler's CompiledWasm rule), and a workerd config (capnp) naming the bundle and the `.wasm`.
// workerd listens on 127.0.0.1, port 0: it reports the port it took on a control descriptor. No workerd binary (a
// platform without @cloudflare/workerd-*): skipped, except under CI=true, where it fails.
//
//   node test/workerd_check.mjs          (after the build: npm test builds dist/ and the Wasm module first)
import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { sh, tool } from "./support/checks.mjs";
import { nodeBinary } from "./support/node_lines.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const REQUESTS = 400;
/** The path the check's wrapper answers with nativeLibrary() (a route GitHub's API does not have). */
const BACKEND_PATH = "/__ada_ffi/native-library";

const counts = { passed: 0, failed: 0 };
function pass(name) {
  counts.passed++;
  if (name) console.log(`  ✓ ${name}`);
}
function failed(name, why) {
  counts.failed++;
  console.log(`  ✘ ${name}${why ? `\n${String(why).replace(/^/gm, "      ")}` : ""}`);
}
function finish() {
  console.log(`workerd: ${counts.passed} passed, ${counts.failed} failed`);
  process.exit(counts.failed === 0 ? 0 : 1);
}

/** workerd's binary (from @cloudflare/workerd-<platform>, which the workerd package names), or why there is none. */
function workerdBinary() {
  try {
    const workerd = createRequire(join(root, "package.json"))("workerd");
    if (!existsSync(workerd.default)) return { missing: `${workerd.default} does not exist` };
    return { binary: workerd.default, compatibilityDate: workerd.compatibilityDate };
  } catch (error) {
    return { missing: error.message.split("\n")[0] };
  }
}

/**
 * The request targets: route i*7919 (mod the route count) with its parameters filled, as bench/routing/load.mjs makes
 * them, and what a router meets besides: every tenth a miss (a segment no route has), every fourth with a query,
 * every seventh a parameter with non-ASCII and percent-encoded text, every thirteenth a method no route has.
 */
function requestsFor(routes, count) {
  const requests = [];
  for (let i = 0; i < count; i++) {
    const { method, path } = routes[(i * 7919 + 31) % routes.length];
    const value = i % 7 === 6 ? `caf\u00e9-${i}%2Fx%20y` : (100_003 + i).toString(36);
    let filled = path.replace(/:(\w+)/g, (_, name) => `${name[0]}${value}`);
    if (i % 10 === 9) filled = `/zz${value}${filled}`;
    requests.push({ method: i % 13 === 12 ? "PATCH" : method, target: filled + (i % 4 === 3 ? `?page=${i}` : "") });
  }
  return requests;
}

/** The same lookup as the Worker's: one list per method, the first matching route's index and its params. */
function listRouter(URLPatternList, routes) {
  const byMethod = new Map();
  routes.forEach(({ method, path }, index) => {
    let entry = byMethod.get(method);
    if (entry === undefined) byMethod.set(method, entry = { list: new URLPatternList(), routes: [] });
    entry.routes[entry.list.add({ pathname: path })] = index;
  });
  return (method, url) => {
    const entry = byMethod.get(method);
    const match = entry === undefined ? null : entry.list.match(url);
    return match === null ? null : { index: entry.routes[match.index], params: match.params };
  };
}

/** The reference: Node 26's built-in URLPattern, a loop in route order, in a child process. */
const BUILT_IN_LOOP = `
const { routes, requests } = JSON.parse(require("fs").readFileSync(0, "utf8"));
const patterns = routes.map(({ path }) => new URLPattern({ pathname: path }));
const answers = requests.map(({ method, url }) => {
  for (let i = 0; i < routes.length; i++) {
    if (routes[i].method !== method) continue;
    const result = patterns[i].exec(url);
    if (result !== null) return { index: i, params: result.pathname.groups };
  }
  return null;
});
process.stdout.write(JSON.stringify(answers));
`;

/** Node 26's binary for the reference, or why there is none. */
function referenceNode() {
  if (process.env.ADA_FFI_REFERENCE_NODE) return { node: process.env.ADA_FFI_REFERENCE_NODE };
  try {
    return { node: nodeBinary("26") };
  } catch (error) {
    return { skip: `the pinned Node 26 could not be fetched: ${error.message}` };
  }
}

/** The bundler script (run by Bun): wrangler's resolution conditions, each `.wasm` import kept as a module. */
const BUNDLE = `
import { basename, dirname, resolve } from "node:path";
const wasm = [];
const compiledWasm = {
  name: "CompiledWasm",
  setup(build) {
    build.onResolve({ filter: /\\.wasm$/ }, (args) => {
      const file = resolve(dirname(args.importer), args.path);
      const name = wasm.length + "-" + basename(file);
      wasm.push({ name, file });
      return { path: "./" + name, external: true };
    });
  },
};
const result = await Bun.build({
  entrypoints: ["main.mjs"],
  target: "browser",
  format: "esm",
  conditions: ["workerd", "worker", "browser"],
  plugins: [compiledWasm],
});
if (!result.success) throw new AggregateError(result.logs, "bundling the Worker failed");
await Bun.write("bundle.mjs", await result.outputs[0].text());
console.log(JSON.stringify(wasm));
`;

/**
 * The check's own main module: the example Worker as it is, plus one path that answers nativeLibrary() and whether
 * `ada-ffi` and `ada-ffi/wasm` resolve to the same entry under wrangler's conditions (package.json's `workerd`).
 */
const MAIN = `import worker from "./worker.mjs";
import { nativeLibrary, URLPatternList } from "ada-ffi/wasm/module";
import * as main from "ada-ffi";
import * as wasm from "ada-ffi/wasm";

export default {
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === "${BACKEND_PATH}") {
      const sameEntry = main.URLPatternList === URLPatternList && wasm.URLPatternList === URLPatternList;
      return Response.json({ ...nativeLibrary(), sameEntry });
    }
    return worker.fetch(request, env, ctx);
  },
};
`;

/** Starts workerd on `config`; resolves with the child and the port it reports on descriptor 3. */
function startWorkerd(binary, dir) {
  const child = spawn(binary, ["serve", "config.capnp", "--control-fd=3"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (d) => log += d);
  child.stderr.on("data", (d) => log += d);
  const ready = new Promise((resolve, reject) => {
    let control = "";
    const timer = setTimeout(() => reject(new Error(`workerd reported no port in 30 s:\n${log}`)), 30_000);
    child.stdio[3].on("data", (d) => {
      control += d;
      const line = control.split("\n").find((l) => l.includes('"listen"'));
      if (line === undefined) return;
      clearTimeout(timer);
      resolve(JSON.parse(line).port);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`workerd exited (${signal ?? code}) before it listened:\n${log}`));
    });
  });
  return { child, ready, log: () => log };
}

/** SIGTERM, then the exit (SIGKILL after 10 s: a failure). Resolves with an error message, or true. */
function stopWorkerd(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve("workerd did not exit within 10 s of SIGTERM (killed)");
    }, 10_000);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 || signal === "SIGTERM" ? true : `workerd exited with ${signal ?? code}`);
    });
    child.kill("SIGTERM");
  });
}

const found = workerdBinary();
if (found.missing !== undefined) {
  if (process.env.CI === "true") failed("workerd binary", `none under CI=true: ${found.missing}`);
  else console.log(`  - workerd skipped: no workerd binary (${found.missing})`);
  finish();
}

const work = mkdtempSync(join(tmpdir(), "ada-ffi-workerd-"));
let server;
try {
  // The example's source, as docs/routing.md shows it.
  const example = readFileSync(join(root, "examples", "workers", "worker.mjs"), "utf8");
  const docs = readFileSync(join(root, "docs", "routing.md"), "utf8");
  if (docs.includes(`\`\`\`js\n${example}\`\`\``)) pass("docs/routing.md shows examples/workers/worker.mjs as it is");
  else failed("docs/routing.md shows examples/workers/worker.mjs as it is", "its Workers code block differs");

  // The project: the package from its `npm pack` file list, the example, the routes, the check's main module.
  const { stdout } = sh(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root });
  const files = JSON.parse(stdout)[0].files.map((f) => f.path);
  for (const file of files.filter((f) => !f.startsWith("native/"))) {
    const target = join(work, "node_modules", "ada-ffi", file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(root, file), target);
  }
  writeFileSync(join(work, "package.json"), JSON.stringify({ name: "worker", private: true, type: "module" }));
  writeFileSync(join(work, "worker.mjs"), example);
  const routesFile = join(root, "bench", "data", "routes", "github-api.json");
  const routes = JSON.parse(readFileSync(routesFile, "utf8"));
  copyFileSync(routesFile, join(work, "routes.json"));
  writeFileSync(join(work, "main.mjs"), MAIN);
  writeFileSync(join(work, "bundle.ts"), BUNDLE);

  const wasm = JSON.parse(tool(join(root, "node_modules", ".bin", "bun"), ["bundle.ts"], { cwd: work }));
  const bundleKB = (readFileSync(join(work, "bundle.mjs")).length / 1024).toFixed(0);
  if (wasm.length === 1 && wasm[0].file.endsWith(join("ada-ffi", "dist", "runtimes", "wasm", "ada_ffi.wasm"))) {
    pass(`bundled as wrangler does: ${bundleKB} KB of JavaScript (no embedded module) and ada_ffi.wasm as a module`);
  } else {
    failed(
      "bundled as wrangler does",
      `expected the package's ada_ffi.wasm as the one Wasm module: ${JSON.stringify(wasm)}`,
    );
  }
  const modules = [`(name = "worker.mjs", esModule = embed "bundle.mjs")`];
  for (const { name, file } of wasm) {
    copyFileSync(file, join(work, name));
    modules.push(`(name = "${name}", wasm = embed "${name}")`);
  }
  writeFileSync(
    join(work, "config.capnp"),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [(name = "main", worker = .worker)],
  sockets = [(name = "http", address = "127.0.0.1:0", http = (), service = "main")],
);
const worker :Workerd.Worker = (
  modules = [${modules.join(", ")}],
  compatibilityDate = "${found.compatibilityDate}",
);
`,
  );

  server = startWorkerd(found.binary, work);
  const port = await server.ready;
  pass(`workerd ${found.compatibilityDate} serves the Worker on 127.0.0.1:${port}`);
  const origin = `http://127.0.0.1:${port}`;

  {
    const response = await fetch(origin + BACKEND_PATH);
    const library = await response.json();
    const { sameEntry, ...native } = library;
    if (native.ffi === "wasm") pass(`in the Worker, nativeLibrary() is ${JSON.stringify(native)}`);
    else failed('in the Worker, nativeLibrary().ffi is "wasm"', JSON.stringify(library));
    const both = '"ada-ffi" and "ada-ffi/wasm" are "ada-ffi/wasm/module" there (package.json\'s "workerd" condition)';
    if (sameEntry === true) pass(both);
    else failed(both, JSON.stringify(library));
  }

  // The requests, and the Worker's answers: { index, params } or null for a 404.
  const requests = requestsFor(routes, REQUESTS).map((r) => ({ ...r, url: new URL(r.target, origin).href }));
  const answers = [];
  for (const { method, url } of requests) {
    const response = await fetch(url, { method });
    const body = await response.json();
    answers.push(response.status === 404 ? null : response.status === 200 ? body : { status: response.status, body });
  }

  // ada-ffi's own URLPatternList in this process (the main entry: the native library).
  const ours = await import(pathToFileURL(join(root, "dist", "runtimes", "node", "entry.js")).href);
  const ourLookup = listRouter(ours.URLPatternList, routes);
  const expectedOurs = requests.map(({ method, url }) => JSON.parse(JSON.stringify(ourLookup(method, url))));
  console.log(`  ada-ffi in Node ${process.version} (${ours.nativeLibrary().ffi}); ${requests.length} requests`);

  // Node 26's built-in URLPattern, in route order.
  let expectedBuiltIn;
  const reference = referenceNode();
  if (reference.skip !== undefined) {
    console.log(`  - the built-in URLPattern comparison skipped: ${reference.skip}`);
  } else {
    const input = JSON.stringify({ routes, requests: requests.map(({ method, url }) => ({ method, url })) });
    const { status, stdout, out } = sh(reference.node, ["-e", BUILT_IN_LOOP], { input });
    if (status === 0) {
      expectedBuiltIn = JSON.parse(stdout);
      console.log(`  and the loop over Node 26's built-in URLPattern (${reference.node})`);
    } else failed("the loop over Node 26's built-in URLPattern ran", out);
  }

  let shown = 0;
  const hits = answers.filter((a) => a !== null).length;
  requests.forEach(({ method, url }, i) => {
    const problems = [];
    if (!isDeepStrictEqual(answers[i], expectedOurs[i])) {
      problems.push(`ada-ffi in Node: ${JSON.stringify(expectedOurs[i])}`);
    }
    if (expectedBuiltIn && !isDeepStrictEqual(answers[i], expectedBuiltIn[i])) {
      problems.push(`built-in loop: ${JSON.stringify(expectedBuiltIn[i])}`);
    }
    if (problems.length === 0) return pass();
    counts.failed++;
    if (shown++ < 10) {
      console.log(
        `  ✘ ${method} ${url}: the Worker answered ${JSON.stringify(answers[i])}\n      ${problems.join("\n      ")}`,
      );
    }
  });
  console.log(
    `  ${shown === 0 ? "✓" : "✘"} ${requests.length} requests (${hits} routed, ${requests.length - hits} not found): ` +
      `${shown} answers differ`,
  );
} catch (error) {
  failed("the check could not go on", error instanceof Error ? error.stack : String(error));
} finally {
  if (server !== undefined) {
    const stopped = await stopWorkerd(server.child);
    if (stopped === true) pass("workerd stopped on SIGTERM");
    else failed("workerd stopped on SIGTERM", stopped);
  }
  rmSync(work, { recursive: true, force: true });
}
finish();
