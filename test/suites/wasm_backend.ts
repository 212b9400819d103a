/**
 * The WebAssembly backend (runtimes/wasm/): when each runtime's entry chooses it, ADA_FFI_BACKEND, the runtime-neutral
 * entry (ada-ffi/wasm) as a browser would import it, and its memory: views that survive the memory's growth, and no
 * growth once warm. The conformance suites themselves run on Wasm as whole suite runs (test/run_all.mjs: "… wasm").
 * Each case runs the current runtime in a child process.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ROOT } from "../support/files.ts";
import { runChild, runProgram } from "../support/child_program.ts";
import { ENTRY, entryUrl, type Runtime, WASM_BINDING, WASM_ENTRY } from "../support/entries.ts";

/** The API module the Wasm adapter installs for (the same module instance as WASM_BINDING's). */
const WASM_API: Record<Runtime, string> = {
  node: "dist/ffi/api.js",
  deno: "ffi/api.ts",
  bun: "dist/ffi/api.js",
};

/** The package's one copy of the module (Deno's source entries load the build's copy in runtimes/wasm/). */
const WASM_FILE: Record<Runtime, string> = {
  node: "dist/runtimes/wasm/ada_ffi.wasm",
  deno: "runtimes/wasm/ada_ffi.wasm",
  bun: "dist/runtimes/wasm/ada_ffi.wasm",
};

/**
 * The imports of a program that looks inside the Wasm adapter (wasmMemoryBytes): what `ada-ffi/wasm` does, from the
 * modules it is made of (the shipped entry's backend is one bundled module on Node and Bun, its adapter not
 * reachable), with the API's `names` imported.
 */
function wasmAdapterImports(runtime: Runtime, names: string): string[] {
  return [
    `import { readFileSync } from "node:fs";`,
    `import { installWasmBinding, wasmMemoryBytes } from ${JSON.stringify(entryUrl(WASM_BINDING[runtime]))};`,
    `import { ${names} } from ${JSON.stringify(entryUrl(WASM_API[runtime]))};`,
    `installWasmBinding(readFileSync(${JSON.stringify(join(ROOT, WASM_FILE[runtime]))}));`,
  ];
}

/** A program that imports `entry` and prints which backend it loaded and one href. */
function backendProgram(entry: string): string {
  return `import { nativeLibrary, URL } from ${JSON.stringify(entry)};\n` +
    `console.log("ffi=" + nativeLibrary().ffi + " " + new URL("HTTP://A/b/../c").href);\n`;
}

/**
 * A copy of the package's built JavaScript (dist/ffi, dist/runtimes) in a scratch folder, with node_modules linked
 * (koffi), and what `prebuilt` gives as the native library for this platform (none when undefined): a platform with
 * no prebuilt library, or a library that fails to load. Returns the folder.
 */
function packageCopy(prebuilt: string | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), "ada-ffi-wasm-fallback-"));
  for (const part of ["ffi", "runtimes"]) {
    cpSync(join(ROOT, "dist", part), join(dir, "dist", part), { recursive: true });
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "ada-ffi", type: "module" }));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  if (prebuilt !== undefined) {
    const file = join(dir, "native", "prebuilds", `linux-${process.arch}-gnu`, "libada_ffi.so");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, prebuilt);
  }
  return dir;
}

/** The entry a copy made by packageCopy ships for `runtime` (Deno's npm entry: dist/runtimes/deno/entry.js). */
function copiedEntry(dir: string, runtime: Runtime): string {
  const file = runtime === "deno" ? "dist/runtimes/deno/entry.js" : ENTRY[runtime];
  return new URL(file, `file://${dir}/`).href;
}

/** What a child inherits that chooses for it (a suite run on koffi or on Wasm): left out unless a case sets it. */
const UNCHOSEN = { ADA_FFI_BACKEND: undefined, ADA_FFI_NODE_FFI: undefined, ADA_FFI_LIBRARY: undefined };

export function register(runtime: Runtime): void {
  const test = suite(`wasm backend (${runtime})`);
  const deno = (flags: string[]) => runtime === "deno" ? { flags } : {};

  test("ADA_FFI_BACKEND=wasm: the Wasm module; =native: the library; anything else is refused", () => {
    const program = () => backendProgram(entryUrl(ENTRY[runtime]));
    const wasm = runChild(runtime, program, { env: { ...UNCHOSEN, ADA_FFI_BACKEND: "wasm" } });
    assert.is(wasm.stdout, "ffi=wasm http://a/c\n", wasm.stderr);
    const native = runChild(runtime, program, { env: { ...UNCHOSEN, ADA_FFI_BACKEND: "native" } });
    assert.ok(/^ffi=(node:ffi|koffi|Deno\.dlopen|bun:ffi) http:\/\/a\/c\n$/.test(native.stdout), native.stderr);
    const bogus = runChild(runtime, program, { env: { ...UNCHOSEN, ADA_FFI_BACKEND: "wsam" } });
    assert.is(bogus.status, 1, bogus.stdout);
    assert.ok(bogus.stderr.includes(`ADA_FFI_BACKEND must be "native" or "wasm", not "wsam"`), bogus.stderr);
  });

  test("no prebuilt library for this platform, or one that fails to load: the Wasm module; forced native: the error", () => {
    const cases: [string | undefined, string][] = [
      [undefined, `native library libada_ffi.so not found for linux-${process.arch}-gnu`],
      ["this is not an ELF file\n".repeat(100), "exists but could not be loaded"],
    ];
    for (const [prebuilt, nativeError] of cases) {
      const dir = packageCopy(prebuilt);
      try {
        const program = () => backendProgram(copiedEntry(dir, runtime));
        const auto = runChild(runtime, program, { env: UNCHOSEN });
        assert.is(auto.stdout, "ffi=wasm http://a/c\n", auto.stderr);
        const forced = runChild(runtime, program, { env: { ...UNCHOSEN, ADA_FFI_BACKEND: "native" } });
        assert.is(forced.status, 1, forced.stdout);
        assert.ok(forced.stderr.includes(nativeError), forced.stderr);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  if (runtime === "node") {
    test("CommonJS: require of ada-ffi on Wasm and of ada-ffi/wasm", () => {
      const program = (file: string) => () =>
        `import { createRequire } from "node:module";\n` +
        `const { nativeLibrary, URL } = createRequire(import.meta.url)(${JSON.stringify(join(ROOT, file))});\n` +
        `console.log("ffi=" + nativeLibrary().ffi + " " + new URL("HTTP://A/b/../c").href);\n`;
      for (const [file, env] of [[ENTRY.node, { ADA_FFI_BACKEND: "wasm" }], [WASM_ENTRY.node, {}]] as const) {
        const run = runChild("node", program(file), { env: { ...UNCHOSEN, ...env } });
        assert.is(run.stdout, "ffi=wasm http://a/c\n", `${file}: ${run.stderr}`);
      }
    });
  }

  if (runtime === "deno") {
    test("Deno without --allow-ffi: the Wasm module; forced native (ADA_FFI_BACKEND=native), the error names the flag", () => {
      const program = () => backendProgram(entryUrl(ENTRY.deno));
      const flags = ["--allow-read", "--allow-env"];
      const auto = runChild("deno", program, { env: UNCHOSEN, flags });
      assert.is(auto.stdout, "ffi=wasm http://a/c\n", auto.stderr);
      const forced = runChild("deno", program, { env: { ...UNCHOSEN, ADA_FFI_BACKEND: "native" }, flags });
      assert.is.not(forced.status, 0);
      assert.ok(forced.stderr.includes("ada-ffi needs FFI permission: run Deno with --allow-ffi"), forced.stderr);
      assert.not.ok(forced.stderr.includes("exists but could not be loaded"), forced.stderr); // not about the file
      assert.not.ok(forced.stderr.includes("Rebuild"), forced.stderr);
    });
  }

  if (runtime === "bun") {
    test("Bun without its JIT (BUN_JSC_useJIT=0): the Wasm module; forced native, the error says bun:ffi needs the JIT", () => {
      const program = () => backendProgram(entryUrl(ENTRY.bun));
      const auto = runChild("bun", program, { env: { ...UNCHOSEN, BUN_JSC_useJIT: "0" } });
      assert.is(auto.stdout, "ffi=wasm http://a/c\n", auto.stderr);
      const forced = runChild("bun", program, { env: { ...UNCHOSEN, BUN_JSC_useJIT: "0", ADA_FFI_BACKEND: "native" } });
      assert.is(forced.status, 1, `${forced.stdout}${forced.stderr}`);
      assert.ok(forced.stderr.includes("bun:ffi needs Bun's JIT"), forced.stderr);
      assert.not.ok(forced.stderr.includes("Rebuild"), forced.stderr);
    });
  }

  test("ada-ffi/wasm: imports with no permission at all (Deno: the sources' entry and npm's)", () => {
    const entries = runtime === "deno" ? [WASM_ENTRY.deno, "dist/runtimes/deno/wasm_entry.js"] : [WASM_ENTRY[runtime]];
    for (const entry of entries) {
      const run = runChild(runtime, () => backendProgram(entryUrl(entry)), {
        env: { ADA_FFI_BACKEND: undefined },
        ...deno([]),
      });
      assert.is(run.stdout, "ffi=wasm http://a/c\n", `${entry}: ${run.stderr}`);
    }
  });

  test("browsers' ada-ffi/wasm: only relative modules (a browser's static import), the backend one bundled module", () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, "utf8");
      for (
        const m of text.matchAll(
          /(?:^|[\s;])(?:import|export)\b[^"'`;]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm,
        )
      ) {
        const specifier = m[1] ?? m[2];
        assert.ok(/^\.\.?\/.*\.js$/.test(specifier), `${file} imports ${specifier}`);
        visit(join(dirname(file), specifier));
      }
    };
    const wasmDir = join(ROOT, "dist", "runtimes", "wasm");
    visit(join(wasmDir, "entry.js"));
    visit(join(wasmDir, "global.js"));
    // entry.js -> public_api.js -> backend.js, which tools/bundle_entries.mjs bundled (no import of its own).
    assert.ok(seen.has(join(wasmDir, "backend.js")), [...seen].join(" "));
  });

  test("the module fetched (browsers' entry): compiled while streamed as application/wasm, from the body otherwise; an HTTP error names the URL", () => {
    if (runtime === "deno") return; // the same code on every engine: run on Node and Bun, whose fetch takes http: here
    const result = runProgram(runtime, () =>
      [
        `import { createServer } from "node:http";`,
        `import { readFileSync } from "node:fs";`,
        `import { fetchAdaFfiWasm, installWasmBinding } from ${
          JSON.stringify(entryUrl("dist/runtimes/wasm/backend.js"))
        };`,
        `const bytes = readFileSync(${JSON.stringify(join(ROOT, WASM_FILE[runtime]))});`,
        `const served = [];`,
        `const server = createServer((request, response) => {`,
        `  served.push(request.url);`,
        `  if (request.url === "/missing.wasm") return response.writeHead(404).end();`,
        `  const type = request.url === "/typed.wasm" ? "application/wasm" : "application/octet-stream";`,
        `  response.writeHead(200, { "content-type": type }).end(bytes);`,
        `});`,
        `await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));`,
        `const origin = "http://127.0.0.1:" + server.address().port;`,
        `const typed = await fetchAdaFfiWasm(new URL(origin + "/typed.wasm"));`,
        `const untyped = await fetchAdaFfiWasm(new URL(origin + "/untyped.wasm"));`,
        `let missing = "no error";`,
        `try { await fetchAdaFfiWasm(new URL(origin + "/missing.wasm")); } catch (error) { missing = error.message; }`,
        `server.close();`,
        `const modules = [typed, untyped].map((m) => m instanceof WebAssembly.Module);`,
        `installWasmBinding(untyped);`,
        `const { URL: Ours, nativeLibrary } = await import(${
          JSON.stringify(entryUrl("dist/runtimes/wasm/backend.js"))
        });`,
        `console.log("RESULT " + JSON.stringify({ modules, missing: missing.replace(origin, "ORIGIN"), served,`,
        `  href: new Ours("HTTP://A/b/../c").href, ffi: nativeLibrary().ffi }));`,
      ].join("\n"));
    assert.equal(result, {
      modules: [true, true],
      missing: "ada-ffi: fetching ORIGIN/missing.wasm answered HTTP 404",
      served: ["/typed.wasm", "/untyped.wasm", "/missing.wasm"],
      href: "http://a/c",
      ffi: "wasm",
    });
  });

  test("ada-ffi and ada-ffi/wasm in one program (npm's entries): each keeps its own backend", () => {
    const npmEntry = runtime === "deno" ? "dist/runtimes/deno/entry.js" : ENTRY[runtime];
    const npmWasm = runtime === "deno" ? "dist/runtimes/deno/wasm_entry.js" : WASM_ENTRY[runtime];
    const run = runChild(runtime, () =>
      [
        `import * as native from ${JSON.stringify(entryUrl(npmEntry))};`,
        `import * as wasm from ${JSON.stringify(entryUrl(npmWasm))};`,
        `const href = (api) => new api.URL("HTTP://A/b/../c").href;`,
        `console.log("RESULT " + JSON.stringify([native.nativeLibrary().ffi, wasm.nativeLibrary().ffi,`,
        `  native.URL === wasm.URL, href(native), href(wasm), native.nativeLibrary().ffi]));`,
      ].join("\n"), { env: UNCHOSEN }); // not the suite run's ADA_FFI_BACKEND=wasm: the native entry loads native
    const line = run.stdout.split("\n").find((l) => l.startsWith("RESULT "));
    assert.ok(line, `${run.stdout}${run.stderr}`);
    const result = JSON.parse(line!.slice(7));
    const [nativeFfi, ...rest] = result as unknown[];
    assert.ok(/^(node:ffi|koffi|Deno\.dlopen|bun:ffi)$/.test(String(nativeFfi)), String(nativeFfi));
    assert.equal(rest, ["wasm", false, "http://a/c", "http://a/c", nativeFfi]);
  });

  if (runtime === "deno") {
    test("JSR's sources: ada-ffi/wasm after ada-ffi (the same modules) throws, naming both, and changes nothing", () => {
      const result = runProgram("deno", () =>
        [
          `import * as native from ${JSON.stringify(entryUrl(ENTRY.deno))};`,
          `let error = "none";`,
          `try { await import(${JSON.stringify(entryUrl(WASM_ENTRY.deno))}); } catch (e) { error = e.message; }`,
          `console.log("RESULT " + JSON.stringify({ error, ffi: native.nativeLibrary().ffi,`,
          `  href: new native.URL("HTTP://A/b/../c").href }));`,
        ].join("\n"));
      assert.ok(
        String(result.error).includes("a backend is already installed here (Deno.dlopen"),
        String(result.error),
      );
      assert.ok(
        String(result.error).includes("wasm (ada_ffi.wasm (imported)) cannot be installed"),
        String(result.error),
      );
      assert.equal([result.ffi, result.href], ["Deno.dlopen", "http://a/c"]);
    });
  }

  test("ada-ffi/wasm: setters right after parsing canonical input (Bun's parses it with no call), each value three times", () => {
    const result = runProgram(runtime, () =>
      [
        `import { URL } from ${JSON.stringify(entryUrl(WASM_ENTRY[runtime]))};`,
        `const Builtin = globalThis.URL;`,
        `const inputs = ["https://api.example.com/users/42?page=2#top", "http://example.com/", "wss://a.example:8443/s",`,
        `  "ftp://files.example.org/pub/f.tgz", "https://x.org/a/b?q=1&r=%20#f", "http://h.example:8080/p/q"];`,
        `const setters = [["search", "?a=1"], ["pathname", "/x y"], ["hash", "#h"], ["port", "81"], ["hostname", "b.example"],`,
        `  ["protocol", "https"], ["username", "u"], ["href", "http://c.example/d"]];`,
        `const differ = [];`,
        // Each value twice in a row (the second time the kept block holds it: setComponent's fast branch), each right
        // after a parse of the canonical input, and once after another setter.
        `for (const s of inputs) for (const [name, value] of setters) for (let k = 0; k < 3; k++) {`,
        `  const ours = new URL(s), theirs = new Builtin(s);`,
        `  ours[name] = value; theirs[name] = value;`,
        `  if (k === 2) { ours.search = "?z=9"; theirs.search = "?z=9"; }`,
        `  if (ours.href !== theirs.href || ours.pathname !== theirs.pathname || ours.host !== theirs.host) {`,
        `    differ.push([s, name, k, ours.href, theirs.href]);`,
        `  }`,
        `}`,
        `console.log("RESULT " + JSON.stringify(differ));`,
      ].join("\n"));
    assert.equal(result, []);
  });

  test("a WebAssembly.Module compiled elsewhere (workerd hands over an imported .wasm so) installs as the bytes do", () => {
    const result = runProgram(runtime, () =>
      [
        `import { readFileSync } from "node:fs";`,
        `import { installWasmBinding } from ${JSON.stringify(entryUrl(WASM_BINDING[runtime]))};`,
        `import { URL, nativeLibrary } from ${JSON.stringify(entryUrl(WASM_API[runtime]))};`,
        `const wasm = new WebAssembly.Module(readFileSync(${
          JSON.stringify(join(ROOT, "native", "prebuilds", "wasm32", "ada_ffi.wasm"))
        }));`,
        `installWasmBinding(wasm);`,
        `console.log("RESULT " + JSON.stringify([nativeLibrary().ffi, new URL("HTTP://A/b/../c?d#e").href]));`,
      ].join("\n"));
    assert.equal(result, ["wasm", "http://a/c?d#e"] as unknown);
  });

  test("the module's memory grows during a call: the kept block's views are made again, answers stay right", () => {
    const result = runProgram(runtime, () =>
      [
        ...wasmAdapterImports(runtime, "URL, parseMany, URLPattern"),
        `const Builtin = globalThis.URL;`,
        `const parts = (u) => [u.href, u.protocol, u.username, u.hostname, u.port, u.pathname, u.search, u.hash];`,
        `const inputs = ["HTTP://A.com/x/../y?z#w", "https://user:pw@h.example:8080/p?q#f", "http://[::1]/a b"];`,
        `const before = wasmMemoryBytes();`,
        // ~1.8 MB of href from 0.6 MB of input: more than the memory holds at start, so it grows during this call
        // (1.3 -> 12.6 MB; under OUTSIZED_MEMORY, past which a fresh instance would start small again: the next test).
        `const huge = "http://example.com/?" + "\\u00e9".repeat(300_000);`,
        `const hugeSame = new URL(huge).href === new Builtin(huge).href;`,
        `const grew = wasmMemoryBytes() > before;`,
        `const ours = inputs.map((s) => parts(new URL(s)));`,
        `const builtin = inputs.map((s) => parts(new Builtin(s)));`,
        `const u = new URL(inputs[1]); u.pathname = "/q r"; u.port = "81";`,
        `const v = new Builtin(inputs[1]); v.pathname = "/q r"; v.port = "81";`,
        `const many = parseMany(inputs).map((x) => x.href).join(" ") === inputs.map((s) => new Builtin(s).href).join(" ");`,
        `const pattern = new URLPattern({ pathname: "/y" }).test(inputs[0]);`,
        `console.log("RESULT " + JSON.stringify({ hugeSame, grew, same: JSON.stringify(ours) === JSON.stringify(builtin),`,
        `  setters: u.href === v.href, many, pattern }));`,
      ].join("\n"));
    assert.equal(result, { hugeSame: true, grew: true, same: true, setters: true, many: true, pattern: true });
  });

  test("an outsized call gives the module's memory back (a fresh instance); answers stay right, before and after", () => {
    // Once from the adapter's modules (its memory's size readable), once from the runtime's own `ada-ffi/wasm` entry
    // (Deno's brings its writer into the kept block, built for one memory: it must follow the fresh instance).
    const program = (imports: string[], memory: boolean) =>
      [
        ...imports,
        `const Builtin = globalThis.URL;`,
        `const inputs = Array.from({ length: 20_000 }, (_, i) => "HTTP://Host" + (i % 97) + ".example.com/a/../b/" + i + "?q=" + i);`,
        `const expected = inputs.map((s) => new Builtin(s).href);`,
        // Enough encodes first for Deno's writer into the kept block (WASM_WRITER_AFTER) to be built, for the old memory.
        `const sameBefore = inputs.every((s, i) => new URL(s).href === expected[i]);`,
        `const start = ${memory ? "wasmMemoryBytes()" : "0"};`,
        `const huge = "http://example.com/" + "a".repeat(48 << 20);`,
        `const hugeSame = new URL(huge).href === huge;`,
        `const afterHuge = ${memory ? "wasmMemoryBytes()" : "0"};`,
        `const sameAfter = inputs.every((s, i) => new URL(s).href === expected[i]);`,
        `const u = new URL(inputs[7]); u.pathname = "/q r"; const v = new Builtin(inputs[7]); v.pathname = "/q r";`,
        `const many = parseMany(inputs.slice(0, 100)).map((x) => x.href).join(" ") === expected.slice(0, 100).join(" ");`,
        `const routes = new URLPatternList([{ pathname: "/b/:n" }]).exec(inputs[3])?.result.pathname.groups.n === "3";`,
        `const pattern = new URLPattern({ pathname: "/b/:n" }).test(inputs[5]);`,
        `console.log("RESULT " + JSON.stringify({ sameBefore, hugeSame, sameAfter, setters: u.href === v.href, many, routes,`,
        `  pattern, start, afterHuge }));`,
      ].join("\n");
    const names = "URL, parseMany, URLPattern, URLPatternList";
    const entry = `import { ${names} } from ${JSON.stringify(entryUrl(WASM_ENTRY[runtime]))};`;
    for (const [imports, memory] of [[wasmAdapterImports(runtime, names), true], [[entry], false]] as const) {
      const result = runProgram(runtime, () => program([...imports], memory));
      const { start, afterHuge, ...answers } = result as Record<string, unknown>;
      assert.equal(answers, {
        sameBefore: true,
        hugeSame: true,
        sameAfter: true,
        setters: true,
        many: true,
        routes: true,
        pattern: true,
      });
      // A 48 MB URL grew the memory past OUTSIZED_MEMORY (32 MiB); the fresh instance starts small again.
      assert.ok((afterHuge as number) <= Math.max(start as number, 4 << 20), `${start} -> ${afterHuge} bytes`);
    }
  });

  test("memory stays bounded: once warm, 200,000 rounds of every operation grow the module's memory by nothing", () => {
    const result = runProgram(runtime, () =>
      [
        ...wasmAdapterImports(
          runtime,
          "URL, URLSearchParams, URLPattern, URLPatternList, parseMany, domainToASCII, domainToUnicode",
        ),
        `const inputs = Array.from({ length: 1000 }, (_, i) => "HTTP://Host" + (i % 97) + ".example.com/a/../b/" + i + "?q=" + i + "#h");`,
        `inputs.push("http://example.com/" + "x".repeat(100_000), "http://\\u00e9.example/\\u{1F600}");`,
        `const pattern = new URLPattern({ pathname: "/b/:n" });`,
        `const list = new URLPatternList([{ pathname: "/users/:id" }, { hostname: "host1.example.com" }, { pathname: "/b/:n" }]);`,
        `let checksum = 0;`,
        `function round() {`,
        `  for (const s of inputs) {`,
        `    const u = new URL(s); u.search = "?x=1"; checksum += u.hostname.length;`,
        `    checksum += URL.canParse(s) ? 1 : 0; checksum += new URL("../c?d", s).href.length;`,
        `    checksum += pattern.test(u.href) ? 1 : 0; checksum += list.exec(u.href)?.index ?? -1;`,
        `  }`,
        `  checksum += parseMany(inputs).length + parseMany(inputs, "http://base.example/").length;`,
        `  checksum += domainToASCII("ma\\u00f1ana.example").length + domainToUnicode("xn--maana-pta.example").length;`,
        `  checksum += new URLSearchParams("a=1&b=2").toString().length;`,
        `  new URLPattern("https://*.example.com/:a/:b{/:c}?");`,
        `}`,
        `for (let i = 0; i < 20; i++) round();`,
        `const warm = wasmMemoryBytes();`,
        `for (let i = 0; i < 200; i++) round();`,
        `console.log("RESULT " + JSON.stringify({ warm, after: wasmMemoryBytes(), ran: checksum > 0 }));`,
      ].join("\n"));
    assert.is(result.ran, true);
    assert.is(result.after, result.warm, `grew from ${result.warm} to ${result.after} bytes`);
  });

  test.run();
}
