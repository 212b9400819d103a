#!/usr/bin/env node
// The npm package as a user gets it: `npm pack` (seven prebuilt libraries, under 4 MB, no install script),
// install the tarball into an empty project, then use it on Node, Deno and Bun (import — loading the shipped
// prebuilt library —, types, the CLI), and finally take the path of a platform with no prebuilt library (the
// import names the build command; it builds from the shipped sources). Run by `npm test --full` (and CI); ends
// with `N passed, N failed`.
//
//   node test/package_check.mjs [--no-source-build]
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { PREBUILT_TARGETS } from "../native/prebuilt_targets.mjs";
import { check, fail, finish, sh } from "./support/checks.mjs";
import { hasNodeFfi, NODE_LINES, nodeBinary } from "./support/node_lines.mjs";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const bin = (name) => join(root, "node_modules", ".bin", name);
const work = mkdtempSync(join(tmpdir(), "ada-ffi-package-"));
const project = join(work, "project");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const EXPECTED = "https://example.com/b?x=1 example.com /b 1 http://a/,null TypeError ERR_INVALID_URL 42";
// The last line names the native library the process mapped (from /proc/self/maps): which copy was loaded.
const USE = `import { readFileSync } from "node:fs";
import { URL, URLPattern, parseMany } from "ada-ffi";
const u = new URL("HTTPS://EXAMPLE.com/a/../b?x=1");
const route = new URLPattern({ pathname: "/books/:id(\\\\d+)" });
let error = "";
try { new URL("nope"); } catch (e) { error = e.name + " " + e.code; }
console.log([u.href, u.hostname, u.pathname, u.searchParams.get("x"),
  parseMany(["http://a/", "bad"]).map((x) => x === null ? "null" : x.href).join(","), error,
  route.exec("https://h/books/42")?.pathname.groups.id].join(" "));
let maps = "";
try { maps = readFileSync("/proc/self/maps", "utf8"); } catch { maps = "unreadable"; }
const mapped = maps === "unreadable" ? "?" : (maps.split("\\n").find((l) => l.includes("libada_ffi")) ?? "");
console.log("library " + mapped.replace(/^.* /, ""));
`;
const RUNNERS = {
  node: [process.execPath, ["use.mjs"]],
  deno: [bin("deno"), ["run", "--allow-ffi", "--allow-read", "--allow-env", "use.ts"]],
  bun: [bin("bun"), ["use.ts"]],
};

// Deno lets only --allow-all read /proc/self/maps: a second run with it tells which library was mapped.
const MAPS_RUNNERS = { deno: [bin("deno"), ["run", "--allow-all", "use.ts"]] };

/** Runs the use script on `runtime`: true if it gives the expected answers from the library at `library`. */
function usesWork(runtime, library, env = {}) {
  const [command, args] = RUNNERS[runtime];
  const { status, out } = sh(command, args, { cwd: project, env });
  const [answers, mapped] = out.trim().split("\n");
  if (status !== 0 || answers !== EXPECTED) return `exit ${status}:\n${out}`;
  let loaded = mapped;
  if (loaded === "library ?" && runtime in MAPS_RUNNERS) {
    const [command, args] = MAPS_RUNNERS[runtime];
    loaded = sh(command, args, { cwd: project }).out.trim().split("\n")[1];
  }
  return loaded === `library ${join(project, "node_modules", "ada-ffi", library)}` ? true : `loaded ${loaded}`;
}

let tarball;
/** The package's files (npm pack's list), sorted. */
let packed = [];
try {
  console.log("package:");
  check("npm pack builds the prebuilt library and the JavaScript", () => {
    const { status, out } = sh(npm, ["pack", "--pack-destination", work], { cwd: root });
    if (status !== 0) return out;
    const json = sh(npm, ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: root }); // the list, no logs
    const report = JSON.parse(json.stdout);
    tarball = join(work, report[0].filename);
    const files = new Set(report[0].files.map((f) => f.path));
    const missing = [
      ...Object.entries(PREBUILT_TARGETS).map(([key, target]) => `native/prebuilds/${key}/${target.file}`),
      "dist/runtimes/node/entry.js",
      "dist/runtimes/node/entry.d.ts",
      "dist/runtimes/deno/entry.js",
      "dist/runtimes/deno/package_location.js",
      "dist/cli/bin.js",
      "dist/runtimes/bun/entry.js",
      "dist/runtimes/bun/global.js",
      "dist/runtimes/wasm/entry.js", // ada-ffi/wasm in browsers, and the backend its entries share:
      "dist/runtimes/wasm/backend.js",
      "dist/runtimes/wasm/global.js",
      "dist/runtimes/node/wasm_entry.js", // on Node
      "dist/runtimes/bun/wasm_entry.js", // on Bun
      "dist/runtimes/deno/wasm_entry.js", // on Deno, which imports the module through:
      "dist/runtimes/wasm/ada_ffi_source.js",
      "dist/runtimes/wasm/ada_ffi_source.d.ts", // its types, which it names
      "dist/runtimes/wasm/module_entry.js", // ada-ffi/wasm/module (Workers)
      "dist/runtimes/wasm/ada_ffi.wasm", // the module, once (not native/prebuilds/wasm32/, not embedded)
      "types/global.d.ts",
      "ffi/url/url.ts",
      "native/ada_ffi.cpp",
      "native/ada_ffi_operations.h",
      "native/build_library.mjs",
      "CMakeLists.txt",
    ].filter((f) => !files.has(f));
    const shipped = new Set(Object.entries(PREBUILT_TARGETS).map(([key, t]) => `native/prebuilds/${key}/${t.file}`));
    const stray = [...files].filter((f) =>
      /^(test|bench|build|dist\/test|dist\/bench)\//.test(f) || (f.startsWith("native/prebuilds/") && !shipped.has(f))
    );
    if (missing.length || stray.length) return `missing: ${missing.join(", ")}; should not ship: ${stray.join(", ")}`;
    packed = [...files].sort();
    return true;
  });
  check("the WebAssembly module ships once, and with its adapters adds at most 210 KB to the gzipped package", () => {
    // The one file, and no copy elsewhere: not another .wasm, not its bytes in base64 ("\0asm\1\0\0\0").
    const wasmFiles = packed.filter((f) => f.endsWith(".wasm"));
    const embedded = packed.filter((f) =>
      !f.endsWith(".wasm") && readFileSync(join(root, f), "latin1").includes("AGFzbQEAAAA")
    );
    if (wasmFiles.join() !== "dist/runtimes/wasm/ada_ffi.wasm" || embedded.length > 0) {
      return `.wasm files: ${wasmFiles.join(", ")}; base64 of a module in: ${embedded.join(", ")}`;
    }
    // What the package would weigh without the backend's own files (runtimes/wasm/, Deno's and Node's wasm_* files):
    // the package's files concatenated in order and gzipped, with and without them.
    const wasmOnly = (f) => /(^|\/)runtimes\/(wasm\/|(node|bun)\/wasm_|deno\/wasm_(entry|global|backend)\.)/.test(f);
    const gzipped = (list) =>
      gzipSync(Buffer.concat(list.map((f) => readFileSync(join(root, f)))), { level: 9 }).length;
    const growth = gzipped(packed) - gzipped(packed.filter((f) => !wasmOnly(f)));
    console.log(`      the Wasm backend: +${(growth / 1000).toFixed(1)} KB gzipped`);
    // 205 KB: 200 until the adapter gave its memory back after outsized calls (binding.ts's renewal) and learned SEA
    // assets: 201.9 KB (2026-11-28), the module itself ~149 KB of it. 210 KB: the backend's bundle carries the neutral
    // code, and route() (ffi/routing/) and the index's regexp-group checks grew it to 205.1 KB (2026-11-29).
    return growth <= 210_000 ? true : `+${growth} bytes`;
  });
  if (tarball === undefined) throw new Error("no tarball: nothing else can be checked");
  check("the tarball is under 4 MB", () => {
    const size = statSync(tarball).size;
    console.log(`      ${(size / 1e6).toFixed(2)} MB`);
    return size < 4e6 ? true : `${size} bytes`;
  });
  check("no install script: npm 11 has nothing to ask the user to approve", () => {
    const { scripts = {} } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    // npm 11 lists `prepare` too when a tarball is installed, though it does not run it there.
    const hooks = ["preinstall", "install", "postinstall", "prepare"].filter((h) => h in scripts);
    return hooks.length === 0 ? true : `package.json has ${hooks.join(", ")}`;
  });

  check("installs into an empty project", () => {
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
    const { status, out } = sh(npm, ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], {
      cwd: project,
    });
    writeFileSync(join(project, "use.mjs"), USE);
    writeFileSync(join(project, "use.ts"), USE);
    if (status !== 0) return out;
    // npm 11 lists every dependency script it did not run (koffi's is not ours to fix here): none of ada-ffi.
    const ours = out.split("\n").filter((l) => /install-scripts|script/i.test(l) && l.includes("ada-ffi"));
    return ours.length === 0 ? true : `npm warned about a script of ada-ffi:\n${ours.join("\n")}`;
  });
  const prebuilt = "native/prebuilds/linux-x64-gnu/libada_ffi.so";
  for (const runtime of ["node", "deno", "bun"]) {
    check(`import "ada-ffi" on ${runtime} loads the prebuilt ${prebuilt}`, () => usesWork(runtime, prebuilt));
  }
  check(`import "ada-ffi" on Node ${NODE_LINES["26"]}: node:ffi, no warning, no koffi needed (older: Wasm)`, () => {
    const node26 = nodeBinary("26");
    const koffi = join(project, "node_modules", "koffi");
    const aside = join(work, "koffi-aside");
    renameSync(koffi, aside); // as with npm install --omit=optional
    try {
      const script =
        `import { nativeLibrary, URL } from "ada-ffi"; console.log(nativeLibrary().ffi, new URL("HTTP://A/").href);`;
      writeFileSync(join(project, "which.mjs"), script);
      const { status, stdout, out } = sh(node26, ["which.mjs"], { cwd: project });
      if (status !== 0 || stdout !== "node:ffi http://a/\n" || out !== stdout) return `exit ${status}:\n${out}`;
      // An older Node without koffi loads the WebAssembly module; forced onto the library, it says to install koffi.
      const old = sh(process.execPath, ["which.mjs"], { cwd: project });
      if (old.status !== 0 || old.stdout !== "wasm http://a/\n") {
        return `Node ${process.version} without koffi should load the Wasm module:\n${old.out}`;
      }
      const forced = sh(process.execPath, ["which.mjs"], { cwd: project, env: { ADA_FFI_BACKEND: "native" } });
      return forced.status === 1 && forced.out.includes("npm install koffi")
        ? true
        : `Node ${process.version} without koffi, ADA_FFI_BACKEND=native, should say how to install it:\n${forced.out}`;
    } finally {
      renameSync(aside, koffi);
    }
  });

  check(
    'import "ada-ffi/wasm" on node, deno (no permission) and bun; Deno without --allow-ffi: the Wasm module',
    () => {
      writeFileSync(
        join(project, "wasm.mjs"),
        `import { nativeLibrary, URL } from "ada-ffi/wasm"; console.log(nativeLibrary().ffi, new URL("HTTP://A/").href);`,
      );
      const runs = [
        [process.execPath, ["wasm.mjs"]],
        [bin("deno"), ["run", "wasm.mjs"]],
        [bin("bun"), ["wasm.mjs"]],
        [bin("deno"), ["run", "--allow-read", "--allow-env", "which.mjs"]],
      ];
      for (const [command, args] of runs) {
        const { status, stdout, out } = sh(command, args, { cwd: project });
        if (status !== 0 || stdout !== "wasm http://a/\n") {
          return `${command} ${args.join(" ")}: exit ${status}\n${out}`;
        }
      }
      return true;
    },
  );

  // CommonJS: require() of our ES module entry (require(esm), on by default from Node 20.19 and 22.12; Bun has it too),
  // with no warning printed and the same answers.
  check(
    `require("ada-ffi") from CommonJS on Node ${process.version}, ${Object.values(NODE_LINES).join(", ")} and Bun`,
    () => {
      writeFileSync(
        join(project, "use.cjs"),
        `const { URL, parseMany, nativeLibrary } = require("ada-ffi");\n` +
          `console.log(new URL("HTTPS://EXAMPLE.com/a/../b?x=1").href, ` +
          `parseMany(["http://a/", "bad"]).map((x) => x === null ? "null" : x.href).join(","), nativeLibrary().ffi);\n`,
      );
      const runs = [
        [`node ${process.version}`, process.execPath, "koffi"],
        ...Object.keys(NODE_LINES).map((
          line,
        ) => [`node ${line}`, nodeBinary(line), hasNodeFfi(line) ? "node:ffi" : "koffi"]),
        ["bun", bin("bun"), "bun:ffi"],
      ];
      for (const [name, command, ffi] of runs) {
        const { status, stdout, out } = sh(command, ["use.cjs"], { cwd: project });
        if (status !== 0 || stdout !== `https://example.com/b?x=1 http://a/,null ${ffi}\n` || out !== stdout) {
          return `${name}: exit ${status}:\n${out}`;
        }
      }
      return true;
    },
  );

  // Our objects where the runtime's are expected, iterator helpers, a built-in URL as base: under each lib and
  // module resolution a user may have (README, "TypeScript"), with Bun's types, and with deno check's defaults.
  // Bun's own types take no URL in \`new Request()\` (not even Bun's URL): that line is left out for them.
  const typed = (request) =>
    `import { URL, URLPattern, type URLPatternResult, URLSearchParams, parseMany, domainToASCII } from "ada-ffi";
const u: URL = new URL("https://a/?x=1");
const route = new URLPattern({ pathname: "/books/:id" }, { ignoreCase: true });
const hit: URLPatternResult | null = route.exec("https://a/books/1");
const id: string | undefined = hit?.pathname.groups.id;
const matches: boolean = route.test(u) || route.test({ pathname: "/x" }) || new URLPattern("/a", "https://h").test();
const p: URLSearchParams = u.searchParams;
const many: (URL | null)[] = parseMany(["x"]);
const host: string = domainToASCII("b\u00FCcher.example");
// @ts-expect-error -- hostname is a string
const n: number = u.hostname;
const fromBuiltin = new URL("x", new globalThis.URL("https://b/"));
const asBuiltin: globalThis.URL = u;
const paramsAsBuiltin: globalThis.URLSearchParams = p;
const request = ${request ? "new Request(u)" : "null"};
const response = fetch(u);
const keys: string[] = p.keys().map((k) => k.toUpperCase()).toArray();
const firstTwo = [...new URLSearchParams("a=1&b=2&c=3").entries().take(2)];
console.log(p, many, host, n, fromBuiltin, asBuiltin, paramsAsBuiltin, request, response, keys, firstTwo, id, matches);
`;
  writeFileSync(join(project, "typed.ts"), typed(true));
  // The global install's types: URLPattern is a global after the import, also where the libs have none.
  writeFileSync(
    join(project, "typed_global.ts"),
    `import "ada-ffi/global";
const route = new URLPattern({ pathname: "/books/:id" }, { ignoreCase: true });
const matched: boolean = route.test("https://a/books/1");
const id: string | undefined = route.exec("https://a/books/1")?.pathname.groups.id;
const url: URL = new URL("https://a/");
console.log(matched, id, url.href);
`,
  );
  writeFileSync(join(project, "typed_bun.ts"), typed(false));
  const noTypes = join(work, "no-types");
  mkdirSync(noTypes);
  const nodeTypes = ["--types", "node", "--typeRoots", join(root, "node_modules", "@types")];
  const typeConfigs = [
    ["lib esnext + @types/node", ["--lib", "esnext", ...nodeTypes]],
    ["lib esnext + dom + @types/node", ["--lib", "esnext,dom", ...nodeTypes]],
    ["lib esnext + dom", ["--lib", "esnext,dom", "--typeRoots", noTypes]], // no @types at all
    // As a Bun user has them: @types/bun (our devDependency's version) installed in the project, skipLibCheck.
    ["Bun's types (@types/bun, bundler)", [
      "--lib",
      "esnext",
      "--skipLibCheck",
      "--types",
      "bun",
      "--typeRoots",
      join(project, "node_modules", "@types"),
    ]],
  ];
  check("installs @types/bun into the project, as a Bun user has it", () => {
    const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies["@types/bun"];
    const { status, out } = sh(
      npm,
      ["install", "--no-audit", "--no-fund", "--prefer-offline", `@types/bun@${version}`],
      {
        cwd: project,
      },
    );
    return status === 0 ? true : out;
  });
  const resolutions = [
    ["nodenext", "nodenext"],
    ["node16", "node16"],
    ["esnext", "bundler"],
    ["commonjs", "node10"],
  ];
  for (const [label, options] of typeConfigs) {
    for (const [module, resolution] of resolutions) {
      if (label.startsWith("Bun") && resolution !== "bundler") continue; // Bun's tsconfig: bundler
      check(`types: ${label}, moduleResolution ${resolution}`, () => {
        const args = [
          "--noEmit",
          "--strict",
          "--target",
          "esnext",
          "--module",
          module,
          "--moduleResolution",
          resolution,
        ];
        const file = label.startsWith("Bun") ? "typed_bun.ts" : "typed.ts";
        for (const checked of [file, "typed_global.ts"]) {
          const { status, out } = sh(bin("tsc"), [...args, ...options, checked], { cwd: project });
          if (status !== 0) return `${checked}: ${out}`;
        }
        return true;
      });
    }
  }
  check("types: deno check with Deno's defaults", () => {
    const { status, out } = sh(bin("deno"), ["check", "typed.ts", "typed_global.ts"], { cwd: project });
    return status === 0 ? true : out;
  });

  const line = "HTTPS://EXAMPLE.com/a/../b\n";
  const cliOk = ({ status, out }) =>
    status === 0 && out.includes('"href":"https://example.com/b"') && out.includes('"pathname":"/b"') ? true : out;
  check(
    "printf … | npx ada-ffi (Node)",
    () => cliOk(sh("npx", ["--no-install", "ada-ffi"], { cwd: project, input: line })),
  );
  check(
    "the ada-ffi bin under Deno",
    () =>
      cliOk(sh(bin("deno"), ["run", "--allow-ffi", "--allow-read", "--allow-env", "node_modules/.bin/ada-ffi"], {
        cwd: project,
        input: line,
      })),
  );
  check(
    "the ada-ffi bin under Bun",
    () => cliOk(sh(bin("bun"), ["node_modules/.bin/ada-ffi"], { cwd: project, input: line })),
  );

  // More than one block (1 MiB), so that worker threads run the package's own worker script on each runtime.
  const many = Array.from({ length: 60_000 }, (_, i) => (i % 9 ? `HTTP://h${i % 5}.example/p/${i}` : `bad ${i}`)).join(
    "\n",
  );
  const bins = {
    node: [npm === "npm" ? "npx" : "npx.cmd", ["--no-install", "ada-ffi"]],
    deno: [bin("deno"), ["run", "--allow-ffi", "--allow-read", "--allow-env", "node_modules/.bin/ada-ffi"]],
    bun: [bin("bun"), ["node_modules/.bin/ada-ffi"]],
  };
  for (const [runtime, [command, args]] of Object.entries(bins)) {
    check(`the ada-ffi bin under ${runtime} with --jobs 2: the same output as --jobs 1`, () => {
      const one = sh(command, [...args, "--jobs", "1", "--fields", "href"], { cwd: project, input: many });
      const two = sh(command, [...args, "--jobs", "2", "--fields", "href"], { cwd: project, input: many });
      if (one.status !== 0 || two.status !== 0) return `exit ${one.status} / ${two.status}:\n${one.out}\n${two.out}`;
      return one.stdout === two.stdout && one.stdout.split("\n").length === 60_002 ? true : "the outputs differ";
    });
  }

  if (!process.argv.includes("--no-source-build")) {
    // A platform the package carries no library for (FreeBSD, linux-riscv64, …), played here by removing ours:
    // the import fails naming the build command, and that command builds one from the shipped sources.
    const pkg = join(project, "node_modules", "ada-ffi");
    check(
      "no prebuilt library for this platform: the Wasm module; forced native, the build command, which builds it",
      () => {
        rmSync(join(pkg, "native", "prebuilds"), { recursive: true, force: true });
        const wasm = sh(process.execPath, ["use.mjs"], { cwd: project });
        const which = sh(process.execPath, ["which.mjs"], { cwd: project });
        if (wasm.stdout.split("\n")[0] !== EXPECTED || which.stdout !== "wasm http://a/\n") {
          return `without a library, the Wasm module should answer:\n${wasm.out}${which.out}`;
        }
        const before = usesWork("node", "build/libada_ffi.so", { ADA_FFI_BACKEND: "native" });
        if (before === true || !before.includes("node native/build_library.mjs source")) {
          return `without a library, loading should fail and name the build command:\n${before}`;
        }
        const { status, out } = sh(process.execPath, ["native/build_library.mjs", "source"], { cwd: pkg });
        if (status !== 0) return out;
        return existsSync(join(pkg, "build", "libada_ffi.so")) ? true : `no build/libada_ffi.so in ${readdirSync(pkg)}`;
      },
    );
    for (const runtime of ["node", "deno", "bun"]) {
      check(`the library built from source works on ${runtime}`, () => usesWork(runtime, "build/libada_ffi.so"));
    }
  }
} catch (error) {
  fail(error.message);
} finally {
  rmSync(work, { recursive: true, force: true });
}
finish();
