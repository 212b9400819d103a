#!/usr/bin/env node
// ada-ffi where an app is packaged, from the packed tarball installed into an empty project (docs/platforms.md,
// "Packaged apps"). Run by `npm test --full` (and CI), after the build; ends with `N passed, N failed`.
//
// - Bundlers: Vite, webpack 5, esbuild and Rollup (pinned devDependencies, each with the configuration
//   docs/platforms.md shows) build a browser app of `import * as api from "ada-ffi"` and `import "ada-ffi/global"`
//   (package.json's `browser` condition: the WebAssembly entry). The module must land in each output as the package's
//   file (esbuild has no asset handling for `new URL(…, import.meta.url)`: the documented copy), and the page runs in
//   headless Chromium (Debian's, as test/browser_check.mjs): every WPT case, nativeLibrary().ffi "wasm", the globals,
//   URLPatternList routing (test/support/packaged_checks.ts, the browser run's checks). Each bundler's size (gzipped
//   JS + the module) is printed for an app using URL only and one using URL and URLPatternList.
// - `bun build --compile`: an app importing ada-ffi (the WPT data bundled in) made into an executable, copied alone
//   into an empty folder and run with HOME elsewhere: the native library it embedded (bun:ffi, a /$bunfs/ path), the
//   module it embedded (ADA_FFI_BACKEND=wasm), and an app of `ada-ffi/wasm`; every WPT case each time. And
//   `bun build --target bun`: the bundle and the library and module it copied, moved to another folder.
// - Node's single executable applications (SEA) on Node 22, 24 and 26: the WebAssembly module as the SEA's asset.
// - Node's permission model: `node --permission --allow-fs-read=*` on Node 22, 24 and 26 (the Wasm module: FFI and
//   addons are refused without their own flags), with --allow-addons (koffi) on 22 and 24 and --allow-ffi (node:ffi) on
//   26; every WPT case each time.
//
//   node test/packaging_check.mjs        (after the build: npm test builds dist/ and the prebuilt libraries first)
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, relative, sep } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { check, fail, finish, sh, tally, tool } from "./support/checks.mjs";
import { hasNodeFfi, nodeBinary } from "./support/node_lines.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(root, "node_modules", ".bin", name);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const CHROMIUM = process.env.ADA_FFI_CHROMIUM ?? "/usr/bin/chromium";
const work = mkdtempSync(join(tmpdir(), "ada-ffi-packaging-"));
const app = join(work, "app");
const WASM = readFileSync(join(root, "dist", "runtimes", "wasm", "ada_ffi.wasm"));
// The data the checks read (test/support/packaged_checks.ts's): the WPT data (test/data/) and the native answers.
const { NATIVE_ANSWERS, WPT_DATA_FILES } = await import("../dist/test/support/packaged_checks.js");
const DATA = [...WPT_DATA_FILES, NATIVE_ANSWERS];
const TYPES = {
  ".js": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".html": "text/html",
};

/** Each page's head: no favicon request (the server would refuse it). */
const HTML_HEAD = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">`;

/** Where a data file is: the WPT data in test/data/, the native answers (recordNativeAnswers) in the work folder. */
function dataFile(file) {
  return file === NATIVE_ANSWERS ? join(work, NATIVE_ANSWERS) : join(root, "test", "data", file);
}

/**
 * The native backend's answers (this Node, the built package's entry: koffi or node:ffi, never Wasm) for every 10th
 * URL of bench/data's two real-world lists, which every packaged app must give too.
 */
async function recordNativeAnswers() {
  const { urlAnswer } = await import("../dist/test/support/packaged_checks.js");
  const api = await import(new URL("../dist/runtimes/node/entry.js", import.meta.url).href);
  if (api.nativeLibrary().ffi === "wasm") throw new Error("the native backend did not load here: no reference");
  const cases = [];
  for (const list of ["kasztp.txt", "node_files.txt"]) {
    const lines = readFileSync(join(root, "bench", "data", list), "utf8").split("\n").filter((l) => l !== "");
    for (let i = 0; i < lines.length; i += 10) cases.push([lines[i], urlAnswer(api, lines[i])]);
  }
  const source = `bench/data/kasztp.txt and node_files.txt, every 10th, by ${api.nativeLibrary().ffi}`;
  writeFileSync(join(work, NATIVE_ANSWERS), JSON.stringify({ source, cases }));
}

/** An import specifier for a file of this checkout, relative to a file in `from` (every bundler takes these). */
function relativeImport(from, file) {
  const path = relative(from, file).split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
}

/** The group reports of one run into the totals; each case counts once. */
function counts(label, groups) {
  for (const { name, passed, failed, failures } of groups) {
    console.log(`  ${failed === 0 ? "✓" : "✘"} ${label}: ${name}: ${passed} passed, ${failed} failed`);
    for (const failure of failures) console.log(`      ${failure.replace(/\n/g, "\n      ")}`);
    tally(passed, failed);
  }
}

// The browser app: the page's checks first (they take Chromium's URLPattern before ada-ffi/global replaces it).
const CHECK_APP = (page) =>
  `import { runChecksWith } from "${page}";
import * as api from "ada-ffi";
import "ada-ffi/global";
globalThis.runBundleChecks = (dataUrl) => runChecksWith(api, dataUrl);
globalThis.globalsAreOurs = globalThis.URL === api.URL && globalThis.URLPattern === api.URLPattern &&
  globalThis.URLSearchParams === api.URLSearchParams;
globalThis.pageReady = true;
`;
// The apps whose size is reported.
const SIZE_APPS = {
  "URL only": `import { URL } from "ada-ffi";
document.body.textContent = new URL(location.href).pathname;
`,
  "URL and URLPatternList": `import { URL, URLPatternList } from "ada-ffi";
const routes = new URLPatternList([{ pathname: "/books/:id" }]);
document.body.textContent = new URL(location.href).pathname + routes.test(location.href);
`,
};

/** Each bundler: how a user's build of `entries` ({ name: file }) into `out` runs, with the line docs show. */
const BUNDLERS = {
  async vite(entries, out) {
    const { build } = await import("vite");
    // Vite builds pages: one index.html per app, its script the entry.
    for (const [name, file] of Object.entries(entries)) {
      const page = join(dirname(file), `vite_${name}`);
      mkdirSync(page, { recursive: true });
      writeFileSync(
        join(page, "index.html"),
        `${HTML_HEAD}<script type="module" src="${relativeImport(page, file)}"></script>\n`,
      );
      await build({
        root: page,
        configFile: false,
        logLevel: "error",
        build: { outDir: join(out, name), emptyOutDir: true },
      });
    }
    return { html: false };
  },
  async webpack(entries, out) {
    const { default: webpack } = await import("webpack");
    const compiler = webpack({ mode: "production", context: app, entry: entries, output: { path: out } });
    const stats = await new Promise((resolve, reject) =>
      compiler.run((error, s) => error ? reject(error) : resolve(s))
    );
    await new Promise((resolve) => compiler.close(resolve));
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    return { html: "classic" };
  },
  async esbuild(entries, out) {
    const esbuild = await import("esbuild");
    await esbuild.build({
      entryPoints: entries,
      bundle: true,
      format: "esm",
      platform: "browser",
      minify: true,
      outdir: out,
      logLevel: "error",
    });
    // esbuild leaves `new URL("./ada_ffi.wasm", import.meta.url)` as it is: the module goes beside the bundle.
    cpSync(join(app, "node_modules", "ada-ffi", "dist", "runtimes", "wasm", "ada_ffi.wasm"), join(out, "ada_ffi.wasm"));
    return { html: "module" };
  },
  async rollup(entries, out) {
    const { rollup } = await import("rollup");
    const { nodeResolve } = await import("@rollup/plugin-node-resolve");
    const { importMetaAssets } = await import("@web/rollup-plugin-import-meta-assets");
    const bundle = await rollup({
      input: entries,
      plugins: [nodeResolve({ browser: true }), importMetaAssets()],
      logLevel: "silent",
    });
    await bundle.write({ dir: out, format: "es" });
    await bundle.close();
    return { html: "module" };
  },
};

/** Every file under `dir`. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) =>
    join(e.parentPath, e.name)
  );
}

/** A static server for `dir`, with the WPT data under /data/; it records every request. */
function serve(dir) {
  const requests = [];
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    let file;
    if (path.startsWith("/data/") && DATA.includes(path.slice(6))) file = dataFile(path.slice(6));
    else if (!path.includes("..")) file = join(dir, path === "/" ? "index.html" : path);
    if (file === undefined || !existsSync(file)) {
      requests.push({ path, status: 404 });
      response.writeHead(404).end();
      return;
    }
    requests.push({ path, status: 200 });
    const type = TYPES[extname(file)] ?? "application/octet-stream";
    response.writeHead(200, { "content-type": type, "cache-control": "no-store" });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, requests })));
}

async function bundlers() {
  const src = join(app, "src");
  mkdirSync(src, { recursive: true });
  writeFileSync(
    join(src, "check.js"),
    CHECK_APP(relativeImport(src, join(root, "dist", "test", "browser", "page.js"))),
  );
  const sizeEntries = {};
  for (const [name, text] of Object.entries(SIZE_APPS)) {
    const file = join(src, `${name.replace(/\W+/g, "_")}.js`);
    writeFileSync(file, text);
    sizeEntries[name] = file;
  }
  if (!existsSync(CHROMIUM)) {
    const why = `no Chromium at ${CHROMIUM} (Debian: apt-get install chromium; or set ADA_FFI_CHROMIUM)`;
    if (process.env.CI === "true") fail(`${why}: CI=true needs the bundles run`);
    else console.log(`skipped: the bundles' pages (${why})`);
  }
  const { chromium } = await import("playwright-core");
  const browser = existsSync(CHROMIUM) ? await chromium.launch({ executablePath: CHROMIUM, timeout: 30_000 }) : null;
  try {
    for (const [name, build] of Object.entries(BUNDLERS)) {
      console.log(`${name}:`);
      const out = join(work, "out", name);
      let built;
      try {
        built = await build({ check: join(src, "check.js") }, out);
        check(`${name} builds the app of "ada-ffi" and "ada-ffi/global" for the browser`, () => true);
      } catch (error) {
        fail(`${name} builds the app of "ada-ffi" and "ada-ffi/global" for the browser:\n${error.stack ?? error}`);
        continue;
      }
      const pageDir = name === "vite" ? join(out, "check") : out;
      const wasmFiles = filesUnder(pageDir).filter((f) => f.endsWith(".wasm"));
      check(
        `${name}: the package's ada_ffi.wasm is in the output`,
        () =>
          wasmFiles.length === 1 && readFileSync(wasmFiles[0]).equals(WASM)
            ? true
            : `found: ${wasmFiles.join(", ") || "none"}`,
      );
      if (built.html) {
        const script = built.html === "module"
          ? `<script type="module" src="./check.js"></script>`
          : `<script src="./check.js"></script>`;
        writeFileSync(join(pageDir, "index.html"), `${HTML_HEAD}${script}\n`);
      }
      if (browser !== null) await runPage(browser, name, pageDir, wasmFiles[0]);
      await sizes(name, build, sizeEntries);
    }
  } finally {
    await browser?.close();
  }
}

/** The built page in Chromium: every check of test/support/packaged_checks.ts, and the module fetched from the output. */
async function runPage(browser, name, dir, wasmFile) {
  const { server, requests } = await serve(dir);
  const origin = `http://127.0.0.1:${server.address().port}`;
  try {
    const tab = await browser.newPage();
    const errors = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    tab.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => globalThis.pageReady === true, null, { timeout: 30_000 });
    counts(
      `${name} in Chromium ${browser.version()}`,
      await tab.evaluate((data) => globalThis.runBundleChecks(data), `${origin}/data/`),
    );
    const globals = await tab.evaluate(() => globalThis.globalsAreOurs);
    check(
      `${name}: globalThis.URL, URLSearchParams, URLPattern are the bundle's`,
      () => globals === true || `got ${globals}`,
    );
    check(`${name}: the page fetched the module from the output, and nothing failed`, () => {
      const wasm = `/${relative(dir, wasmFile).split(sep).join("/")}`;
      const fetched = requests.filter((r) => r.path.endsWith(".wasm"));
      const refused = requests.filter((r) => r.status !== 200);
      if (fetched.length !== 1 || fetched[0].path !== wasm || refused.length > 0 || errors.length > 0) {
        return `wasm: ${JSON.stringify(fetched)}; refused: ${JSON.stringify(refused)}; errors: ${errors.join("\n")}`;
      }
      return true;
    });
    await tab.close();
  } finally {
    server.close();
  }
}

/** The size of each size app built alone: its JavaScript and the module, each raw and gzipped. */
async function sizes(name, build, entries) {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  for (const [app, file] of Object.entries(entries)) {
    const out = join(work, "out", `${name}-size-${Object.keys(entries).indexOf(app)}`);
    await build({ app: file }, out);
    const files = filesUnder(out);
    const js = files.filter((f) => f.endsWith(".js")).map((f) => readFileSync(f));
    const wasm = files.filter((f) => f.endsWith(".wasm")).map((f) => readFileSync(f));
    const sum = (list, f) => list.reduce((n, b) => n + f(b).length, 0);
    console.log(
      `      size, ${app}${name === "rollup" ? " (Rollup has no minifier of its own)" : ""}: JS ${
        kb(sum(js, (b) => b))
      } (gzip ${kb(sum(js, gzipSync))}) + ` +
        `ada_ffi.wasm ${kb(sum(wasm, (b) => b))} (gzip ${kb(sum(wasm, gzipSync))})`,
    );
  }
}

/**
 * A server-side app of `entry` running the checks of test/support/packaged_checks.ts, its WPT data bundled in
 * (`embedded`, for an executable) or read from test/data/; it prints what nativeLibrary() says and the reports.
 */
function serverApp(entry, embedded) {
  const checks = relativeImport(app, join(root, "dist", "test", "support", "packaged_checks.js"));
  const data = DATA.map((file) => relativeImport(app, dataFile(file)));
  return `import process from "node:process";
import { runPackagedChecks } from "${checks}";
import * as api from "${entry}";
${
    embedded
      ? data.map((file, i) => `import data${i} from "${file}" with { type: "json" };`).join("\n")
      : `import { readFileSync } from "node:fs";`
  }
const data = { ${DATA.map((file, i) => `"${file}": ${embedded ? `data${i}` : `"${data[i]}"`}`).join(", ")} };
const load = async (file) => ${
    embedded ? "data[file]" : 'JSON.parse(readFileSync(new URL(data[file], import.meta.url), "utf8"))'
  };
// No top-level await: a single executable application's script is CommonJS.
runPackagedChecks(api, load, globalThis.URLPattern, false, process.env.EXPECTED_FFI).then((groups) =>
  console.log(JSON.stringify({ library: api.nativeLibrary(), groups }))
);
`;
}

/** Runs a server-side app: every case counted, and one check that it loaded `ffi` from a path `path` accepts. */
function runApp(label, command, args, { cwd = app, env = {}, ffi, path = () => true }) {
  const { status, stdout, out } = sh(command, args, { cwd, env: { ...env, EXPECTED_FFI: ffi } });
  let report;
  try {
    report = JSON.parse(stdout.trim().split("\n").at(-1));
  } catch {
    fail(`${label}: exit ${status}, no report:\n${out.slice(-3000)}`);
    return;
  }
  counts(label, report.groups);
  check(
    `${label}: nativeLibrary() is ${ffi}, exit 0`,
    () =>
      status === 0 && report.library.ffi === ffi && path(report.library.path)
        ? true
        : `exit ${status}, ${JSON.stringify(report.library)}`,
  );
}

/** `bun build --compile`: each executable copied alone into an empty folder, run there with HOME elsewhere. */
function bunCompile() {
  console.log("bun build --compile:");
  const alone = join(work, "alone");
  const home = join(work, "home");
  mkdirSync(alone);
  mkdirSync(home);
  const inBunfs = (path) => path.startsWith("/$bunfs/") || path.startsWith("B:/~BUN/");
  for (
    const [entry, runs] of [
      ["ada-ffi", [["the embedded native library", {}, "bun:ffi"], ["ADA_FFI_BACKEND=wasm: the embedded module", {
        ADA_FFI_BACKEND: "wasm",
      }, "wasm"]]],
      ["ada-ffi/wasm", [["the embedded module", {}, "wasm"]]],
    ]
  ) {
    const name = entry.replace(/\W+/g, "_");
    writeFileSync(join(app, `${name}.mjs`), serverApp(entry, true));
    const built = sh(bin("bun"), ["build", "--compile", `${name}.mjs`, "--outfile", join(work, name)], { cwd: app });
    if (built.status !== 0) {
      fail(`bun build --compile of an app importing "${entry}":\n${built.out}`);
      continue;
    }
    const exe = join(alone, name);
    cpSync(join(work, name), exe);
    rmSync(join(work, name));
    for (const [what, env, ffi] of runs) {
      runApp(`"${entry}" compiled, alone, ${what}`, exe, [], {
        cwd: alone,
        env: { HOME: home, ...env },
        ffi,
        path: inBunfs,
      });
    }
    rmSync(exe);
  }
}

/** `bun build --target bun`: the bundle and the files it copied, moved to another folder, run from a third. */
function bunBundle() {
  console.log("bun build --target bun:");
  writeFileSync(join(app, "bundled.mjs"), serverApp("ada-ffi", true));
  const out = join(work, "bun-out");
  const built = sh(bin("bun"), ["build", "--target", "bun", "--outdir", out, "bundled.mjs"], { cwd: app });
  if (built.status !== 0) {
    fail(`bun build --target bun of an app importing "ada-ffi":\n${built.out}`);
    return;
  }
  const moved = join(work, "deployed");
  cpSync(out, moved, { recursive: true });
  rmSync(out, { recursive: true });
  const here = (path) => path.startsWith(moved);
  runApp("the bundle, moved, the library it copied", bin("bun"), [join(moved, "bundled.js")], {
    cwd: work,
    ffi: "bun:ffi",
    path: here,
  });
  runApp("the bundle, moved, ADA_FFI_BACKEND=wasm: the module it copied", bin("bun"), [join(moved, "bundled.js")], {
    cwd: work,
    env: { ADA_FFI_BACKEND: "wasm" },
    ffi: "wasm",
    path: here,
  });
}

/**
 * Node's single executable applications on Node 22, 24 and 26: the app bundled into one CommonJS script (esbuild, as
 * Node's docs suggest), the module as the SEA asset "ada_ffi.wasm", the blob injected with postject (Node 26: its own
 * --build-sea); each executable copied alone and run with HOME elsewhere. Without the asset, the error says to add it.
 */
function nodeSea() {
  console.log("Node single executable applications:");
  writeFileSync(join(app, "sea_app.mjs"), serverApp("ada-ffi", true));
  const script = join(work, "sea_app.cjs");
  const esbuild = sh(bin("esbuild"), [
    "sea_app.mjs",
    "--bundle",
    "--platform=node",
    "--format=cjs",
    `--outfile=${script}`,
    "--log-level=error",
  ], { cwd: app });
  if (esbuild.status !== 0) {
    fail(`esbuild bundles the app for a SEA:\n${esbuild.out}`);
    return;
  }
  const alone = join(work, "sea-alone");
  const home = join(work, "sea-home");
  mkdirSync(alone, { recursive: true });
  mkdirSync(home, { recursive: true });
  const wasm = join(app, "node_modules", "ada-ffi", "dist", "runtimes", "wasm", "ada_ffi.wasm");
  for (const line of ["22", "24", "26"]) {
    for (const withAsset of [true, false]) {
      const exe = join(alone, `app-${line}`);
      const config = join(work, "sea-config.json");
      const blob = join(work, "sea.blob");
      const assets = withAsset ? { "ada_ffi.wasm": wasm } : {};
      const node = nodeBinary(line);
      let made;
      if (line === "26") {
        writeFileSync(
          config,
          JSON.stringify({ main: script, output: exe, disableExperimentalSEAWarning: true, assets }),
        );
        made = sh(node, ["--build-sea", config], { cwd: work });
      } else {
        writeFileSync(
          config,
          JSON.stringify({ main: script, output: blob, disableExperimentalSEAWarning: true, assets }),
        );
        made = sh(node, ["--experimental-sea-config", config], { cwd: work });
        if (made.status === 0) {
          cpSync(node, exe);
          made = sh(bin("postject"), [
            exe,
            "NODE_SEA_BLOB",
            blob,
            "--sentinel-fuse",
            "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2",
          ]);
        }
      }
      if (made.status !== 0) {
        fail(`Node ${line}: the single executable application builds:\n${made.out}`);
        continue;
      }
      const env = { HOME: home };
      if (withAsset) {
        runApp(`Node ${line} SEA, alone, the module as its asset`, exe, [], {
          cwd: alone,
          env,
          ffi: "wasm",
          path: (p) => p === "ada_ffi.wasm (SEA asset)",
        });
      } else {
        check(`Node ${line} SEA without the asset: the error says to add it`, () => {
          const { status, out } = sh(exe, [], { cwd: alone, env });
          return status !== 0 && out.includes('as "ada_ffi.wasm"') ? true : `exit ${status}:\n${out.slice(-2000)}`;
        });
      }
      rmSync(exe);
    }
  }
}

/** Node's permission model on Node 22, 24 and 26: the Wasm module, or the native library with its flag. */
function nodePermission() {
  console.log("node --permission:");
  writeFileSync(join(app, "permission.mjs"), serverApp("ada-ffi", false));
  for (const line of ["22", "24", "26"]) {
    const node = nodeBinary(line);
    const base = ["--permission", "--allow-fs-read=*"];
    runApp(`Node ${line} --permission --allow-fs-read=*`, node, [...base, "permission.mjs"], { ffi: "wasm" });
    const [flag, ffi] = hasNodeFfi(line) ? ["--allow-ffi", "node:ffi"] : ["--allow-addons", "koffi"];
    runApp(`Node ${line} --permission --allow-fs-read=* ${flag}`, node, [...base, flag, "permission.mjs"], { ffi });
  }
}

main: {
  try {
    mkdirSync(app);
    writeFileSync(join(app, "package.json"), JSON.stringify({ name: "packaged-app", private: true, type: "module" }));
    // The package as npm packs it from this build (dist/ and the prebuilt libraries: npm test made them).
    const packed = tool(npm, ["pack", "--ignore-scripts", "--pack-destination", work, "--silent"], { cwd: root });
    const tarball = join(work, packed.trim().split("\n").at(-1));
    tool(npm, ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: app });
    await recordNativeAnswers();
  } catch (error) {
    fail(`the package installs into an empty project: ${error.message}`);
    break main;
  }
  const parts = [
    ["bundlers", bundlers],
    ["bun build --compile", bunCompile],
    ["bun build --target bun", bunBundle],
    ["node --permission", nodePermission],
    ["Node single executable applications", nodeSea],
  ];
  for (const [name, part] of parts) {
    try {
      await part();
    } catch (error) {
      fail(`${name}: ${error.stack ?? error}`);
    }
  }
}
rmSync(work, { recursive: true, force: true });
finish("packaging");
