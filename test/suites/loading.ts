/**
 * How the runtime adapter finds and opens the native library, and the errors it gives when it cannot.
 * Each case runs the current runtime in a child process, importing this runtime's entry point.
 */
import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { ROOT } from "../support/files.ts";
import { runChild } from "../support/child_program.ts";
import { ENTRY, entryUrl, type Runtime } from "../support/entries.ts";
import { libcOfExecutable } from "../../ffi/native_calls/elf.ts";
import { libraryCandidates, prebuiltKey } from "../../ffi/native_calls/library_location.ts";
import { blockCaller, keptBlockAddress } from "../../ffi/native_calls/block_address.ts";
import { BLOCK_TEXT } from "../../ffi/native_calls/call_block.ts";
import { blockOfSize, keptBlock } from "../../ffi/native_calls/kept_block.ts";
import { loadNodeFfi } from "../../runtimes/node/node_ffi.ts";

/** Runs a one-line program importing the entry point; returns its combined output and status. */
function runWith(runtime: Runtime, env: Record<string, string | undefined>, denoFlags: string[] = ["--allow-all"]) {
  const entry = entryUrl(ENTRY[runtime]);
  // It also prints which libada_ffi the process mapped, from /proc/self/maps.
  const run = runChild(
    runtime,
    () =>
      `import { readFileSync } from "node:fs";\nimport { URL } from ${JSON.stringify(entry)};\n` +
      `console.log("href=" + new URL("HTTP://A/").href);\n` +
      `const maps = readFileSync("/proc/self/maps", "utf8").split("\\n");\n` +
      `console.log("library=" + (maps.find((l) => l.includes("libada_ffi")) ?? "").replace(/^.* /, ""));\n`,
    // The automatic backend choice unless `env` says (a suite run forced onto Wasm must not force these children).
    { env: { ADA_FFI_BACKEND: undefined, ...env }, flags: runtime === "deno" ? denoFlags : [] },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A minimal 64-bit little-endian ELF header with one PT_INTERP program header naming `interpreter`. */
function elfWithInterpreter(interpreter: string): Uint8Array {
  const bytes = new Uint8Array(120 + interpreter.length + 1);
  const view = new DataView(bytes.buffer);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]);
  view.setBigUint64(32, 64n, true); // e_phoff
  view.setUint16(54, 56, true); // e_phentsize
  view.setUint16(56, 1, true); // e_phnum
  view.setUint32(64, 3, true); // p_type PT_INTERP
  view.setBigUint64(64 + 8, 120n, true); // p_offset
  view.setBigUint64(64 + 32, BigInt(interpreter.length + 1), true); // p_filesz
  for (let i = 0; i < interpreter.length; i++) bytes[120 + i] = interpreter.charCodeAt(i);
  return bytes;
}

function head(file: string, length: number): Uint8Array {
  const fd = openSync(file, "r");
  try {
    const bytes = new Uint8Array(length);
    return bytes.subarray(0, readSync(fd, bytes, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/** The library the package ships for this machine (glibc Linux). */
const PREBUILT = join(ROOT, "native", "prebuilds", `linux-${process.arch}-gnu`, "libada_ffi.so");

export function register(runtime: Runtime): void {
  const test = suite(`loading the native library (${runtime})`);

  test("block calls: the kept block by its address, any other by pointer; all by pointer past 2^53 or without an address", () => {
    const calls: string[] = [];
    const other = new Uint8Array(keptBlock.length * 2);
    const addressOf = (address: bigint) => (block: Uint8Array) => block === keptBlock ? address : 16n;
    const byAddress = (address: number) => (calls.push(`address ${address}`), 1);
    const byPointer = (block: Uint8Array) => (calls.push(block === keptBlock ? "pointer kept" : "pointer other"), 2);
    const call = blockCaller(keptBlockAddress(addressOf(0x7ffd_1234_5000n)), byAddress, byPointer);
    assert.equal([call(keptBlock), call(other), call(keptBlock)], [1, 2, 1]);
    assert.equal(calls, [`address ${0x7ffd_1234_5000}`, "pointer other", `address ${0x7ffd_1234_5000}`]);
    // A tagged or very high address (e.g. Android's top-byte tags) is not exact as a double: never by address.
    calls.length = 0;
    const tagged = blockCaller(keptBlockAddress(addressOf(0xb400_0071_2345_6001n)), byAddress, byPointer);
    assert.equal([tagged(keptBlock), tagged(other)], [2, 2]);
    assert.equal(calls, ["pointer kept", "pointer other"]);
    // An FFI that cannot give the address: by pointer too.
    calls.length = 0;
    const blind = blockCaller(
      keptBlockAddress(() => {
        throw new TypeError("no address()");
      }),
      byAddress,
      byPointer,
    );
    assert.equal([blind(keptBlock), blind(other)], [2, 2]);
    assert.equal(calls, ["pointer kept", "pointer other"]);
  });

  test("glibc and musl told apart by the loader the executable names", () => {
    // This runtime's own executable (Deno would need --allow-all for /proc/self/exe); this machine is glibc.
    assert.is(libcOfExecutable(head(process.execPath, 4096)), "gnu");
    assert.is(libcOfExecutable(elfWithInterpreter("/lib/ld-musl-x86_64.so.1")), "musl");
    assert.is(libcOfExecutable(elfWithInterpreter("/lib/ld-musl-aarch64.so.1")), "musl");
    assert.is(libcOfExecutable(elfWithInterpreter("/lib64/ld-linux-x86-64.so.2")), "gnu");
    assert.is(libcOfExecutable(elfWithInterpreter("/lib/ld-linux-aarch64.so.1")), "gnu");
    assert.is(libcOfExecutable(elfWithInterpreter("/lib/ld-musl-x86_64.so.1").subarray(0, 100)), undefined);
    assert.is(libcOfExecutable(new Uint8Array(64)), undefined);
    assert.is(libcOfExecutable(new Uint8Array()), undefined);
  });

  test("the prebuilt folder for each of the seven platforms, then the source build", () => {
    const keys = [
      prebuiltKey("linux", "x64", "gnu"),
      prebuiltKey("linux", "arm64", "gnu"),
      prebuiltKey("linux", "x64", "musl"),
      prebuiltKey("linux", "arm64", "musl"),
      prebuiltKey("linux", "x64", undefined), // libc unknown: glibc, by far the likelier
      prebuiltKey("darwin", "x64", undefined),
      prebuiltKey("darwin", "arm64", undefined),
      prebuiltKey("win32", "x64", undefined),
    ];
    assert.equal(keys, [
      "linux-x64-gnu",
      "linux-arm64-gnu",
      "linux-x64-musl",
      "linux-arm64-musl",
      "linux-x64-gnu",
      "darwin-x64",
      "darwin-arm64",
      "win32-x64",
    ]);
    const search = { envPath: undefined, packageRoot: "/p/", platform: "linux", arch: "arm64", libc: "musl" } as const;
    assert.equal(libraryCandidates(search), [
      "/p/native/prebuilds/linux-arm64-musl/libada_ffi.so",
      "/p/build/libada_ffi.so",
    ]);
    assert.equal(libraryCandidates({ ...search, platform: "darwin", libc: undefined }), [
      "/p/native/prebuilds/darwin-arm64/libada_ffi.dylib",
      "/p/build/libada_ffi.dylib",
    ]);
    assert.equal(libraryCandidates({ ...search, platform: "win32", arch: "x64", libc: undefined }), [
      "/p/native/prebuilds/win32-x64/ada_ffi.dll",
      "/p/build/ada_ffi.dll",
    ]);
    assert.equal(
      libraryCandidates({
        ...search,
        packageRoot: "C:\\app\\node_modules\\ada-ffi\\",
        platform: "win32",
        arch: "x64",
        libc: undefined,
      }),
      [
        "C:\\app\\node_modules\\ada-ffi\\native\\prebuilds\\win32-x64\\ada_ffi.dll",
        "C:\\app\\node_modules\\ada-ffi\\build\\ada_ffi.dll",
      ],
    );
    assert.equal(libraryCandidates({ ...search, envPath: "/x/lib.so" }), ["/x/lib.so"]);
  });

  test("without configuration: the prebuilt library for this platform, the one the package ships", () => {
    const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: undefined });
    assert.is(status, 0, output);
    assert.ok(output.includes("href=http://a/"), output);
    const key = `linux-${process.arch}-gnu`; // this machine: glibc (musl is told apart by libcOfExecutable)
    assert.ok(output.includes(`library=${join(ROOT, "native", "prebuilds", key, "libada_ffi.so")}\n`), output);
  });

  test("ADA_FFI_LIBRARY wins over the prebuilt library", () => {
    const lib = join(ROOT, "build", "libada_ffi.so");
    const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: lib });
    assert.is(status, 0, output);
    // /proc/self/maps names the file itself (build/ may be a symlink, as in a worktree sharing one build).
    assert.ok(output.includes(`library=${realpathSync(lib)}\n`), output);
  });

  test("ADA_FFI_LIBRARY pointing nowhere: says that no file is there, names the path and the build command", () => {
    const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: "/nonexistent/libada_ffi.so" });
    assert.is(status, 1, output);
    assert.ok(
      output.includes("ADA_FFI_LIBRARY is set to /nonexistent/libada_ffi.so, but there is no file there"),
      output,
    );
    assert.ok(output.includes("node native/build_library.mjs source"), output);
    assert.not.ok(output.includes("exists but could not be loaded"), output);
  });

  test("a truncated library with a valid header: refused with a message, not a SIGBUS", () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-truncated-"));
    try {
      const bytes = readFileSync(join(ROOT, "native", "prebuilds", `linux-${process.arch}-gnu`, "libada_ffi.so"));
      const file = join(dir, "libada_ffi.so");
      writeFileSync(file, bytes.subarray(0, bytes.length >> 1));
      const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: file });
      assert.is(status, 1, output); // an uncaught Error; a crash would be a signal (status null)
      assert.ok(output.includes(`the native library at ${file} is damaged`), output);
      assert.ok(output.includes("truncated"), output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a corrupted library file: a clear error, not a crash", () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-corrupt-"));
    try {
      const file = join(dir, "libada_ffi.so");
      writeFileSync(file, "this is not an ELF file\n".repeat(100));
      const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: file });
      assert.is(status, 1, output); // an uncaught Error, not a signal
      assert.ok(output.includes("exists but could not be loaded"), output);
      assert.ok(output.includes("not a shared library"), output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a library for another architecture: the error says what the file is", () => {
    const dir = mkdtempSync(join(tmpdir(), "ada-ffi-arch-"));
    try {
      // Our own library with its ELF e_machine set to AArch64: glibc then reports "No such file".
      const bytes = readFileSync(join(ROOT, "build", "libada_ffi.so"));
      bytes[18] = 183;
      bytes[19] = 0;
      const file = join(dir, "libada_ffi.so");
      writeFileSync(file, bytes);
      const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: file });
      assert.is(status, 1, output);
      assert.ok(output.includes("exists but could not be loaded"), output);
      assert.ok(output.includes("64-bit ELF (Linux) library for arm64"), output);
      assert.ok(output.includes(`This process is linux-${process.arch}`), output);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("an ABI version other than the JavaScript's: refused at load, both versions named", () => {
    const lib = join(ROOT, "build", "test-libs", "libada_ffi_abi999.so");
    const { status, output } = runWith(runtime, { ADA_FFI_LIBRARY: lib });
    assert.is(status, 1, output);
    assert.ok(output.includes("implements ABI version 999"), output);
    assert.ok(/expects version \d+/.test(output), output);
  });

  if (runtime === "node") {
    // Asked as the Node entry asks, its ExperimentalWarning held back: a run forced onto koffi prints none either.
    const hasNodeFfi = loadNodeFfi() !== undefined;
    /** Runs `body` (an ES module's text, given `ENTRY`, the Node entry's URL) in a child Node with `nodeArgs`. */
    const nodeProgram = (body: string, env: Record<string, string | undefined>, nodeArgs: string[] = []) =>
      runChild("node", () => `const ENTRY = ${JSON.stringify(entryUrl(ENTRY.node))};\n${body}`, {
        env: { ADA_FFI_BACKEND: undefined, ...env },
        flags: nodeArgs,
      });
    /** Which FFI a child Node with `env` and `nodeArgs` loads the library with: "ffi=<name> <an href>". */
    const ffiOf = (env: Record<string, string | undefined>, nodeArgs: string[] = []) =>
      nodeProgram(
        `const { nativeLibrary, URL } = await import(ENTRY);\n` +
          `console.log("ffi=" + nativeLibrary().ffi + " " + new URL("HTTP://A/b/../c").href);\n`,
        env,
        nodeArgs,
      );

    test(`Node ${process.version}: ${hasNodeFfi ? "node:ffi, with no warning printed" : "koffi (no node:ffi here)"}`, () => {
      const { status, stdout, stderr } = ffiOf({ ADA_FFI_NODE_FFI: undefined });
      assert.is(status, 0, stderr);
      assert.is(stdout, `ffi=${hasNodeFfi ? "node:ffi" : "koffi"} http://a/c\n`);
      assert.is(stderr, ""); // node:ffi's ExperimentalWarning is held back
    });

    test("koffi hands a string over as it is (ada_ffi_block_string_at): the answers of encoding it first", async () => {
      const { openWithKoffi } = await import("../../runtimes/node/koffi.ts");
      const binding = openWithKoffi(PREBUILT); // not nativeLibrary().path: this run may be on the Wasm module
      const blockString = binding.blockString;
      assert.ok(blockString, "the koffi binding offers blockString");
      const words = new Int32Array(keptBlock.buffer, keptBlock.byteOffset, 16);
      const text = keptBlock.subarray(64);
      const prepare = (op: number) => {
        words.fill(0);
        words[13] = op; // OPERATION
        words[1] = -1; // BASE_LEN: none
        words[2] = keptBlock.length - 64; // TEXT_CAP
      };
      // The block after a call: its header and the text the result covers.
      const after = (result: number, op: number) => {
        const written = op === 0 && result < 0xfffffff0 ? result : words[0];
        return [result, ...words.subarray(0, 14), ...text.subarray(0, written)];
      };
      const viaString = (input: string, op: number) => {
        prepare(op);
        words[0] = input.length;
        return after(blockString(input), op);
      };
      const viaEncoding = (input: string, op: number) => {
        prepare(op);
        words[0] = new TextEncoder().encodeInto(input, text).written;
        return after(binding.block(keptBlock), op);
      };
      const inputs = [
        "HTTPS://EXAMPLE.com/a/../b?x#y",
        "https://example.com/", // ADA_FFI_UNCHANGED: the text area holds the input
        "http://ü.example/ä?€#😀",
        "http://h/\uD800x\uDFFF", // lone surrogates: U+FFFD, as encodeInto makes them
        "not a url",
        "",
      ];
      for (const input of inputs) {
        for (const op of [0, 1]) assert.equal(viaString(input, op), viaEncoding(input, op), `${op} ${input}`);
      }
      // A NUL inside the string ends the C string koffi makes: nothing runs, the caller encodes it instead.
      prepare(1);
      words[0] = "http://a/\0b".length;
      assert.is(blockString("http://a/\0b"), 0xfffffffd);
    });

    if (hasNodeFfi) {
      test("node:ffi reads an href in the kept block's text area as a C string, and anything else in full", async () => {
        const { openWithNodeFfi } = await import("../../runtimes/node/node_ffi.ts");
        const { decodeLatin1 } = await import("../../runtimes/node/latin1.ts");
        const decode = openWithNodeFfi(loadNodeFfi()!, PREBUILT, decodeLatin1).decodeAscii;
        assert.type(decode, "function", "the node:ffi binding brings its own decoder");
        const block = blockOfSize(1024); // the kept block, its text area ours to write
        assert.ok(block === keptBlock);
        const href = "https://example.com/a?b#c";
        const put = (text: string) => {
          block.fill(0x78, BLOCK_TEXT, BLOCK_TEXT + 256); // "x" after the text: the decoder must stop at its end
          for (let i = 0; i < text.length; i++) block[BLOCK_TEXT + i] = text.charCodeAt(i);
        };
        put(href);
        assert.is(decode!(block, BLOCK_TEXT, BLOCK_TEXT + href.length), href);
        assert.is(block[BLOCK_TEXT + href.length], 0, "the terminator, in the scratch byte after the text");
        put("http://a/\0b"); // a NUL inside (an href never has one): all of it all the same
        assert.is(decode!(block, BLOCK_TEXT, BLOCK_TEXT + 11), "http://a/\0b");
        put(href); // not at the text area's start, or not the kept block: the other decoder
        assert.is(decode!(block, BLOCK_TEXT + 8, BLOCK_TEXT + 19), "example.com");
        const other = new Uint8Array(128);
        other.set(block.subarray(BLOCK_TEXT, BLOCK_TEXT + href.length), BLOCK_TEXT);
        assert.is(decode!(other, BLOCK_TEXT, BLOCK_TEXT + href.length), href);
      });
    }

    test("ADA_FFI_NODE_FFI=koffi forces koffi; =node:ffi requires node:ffi; anything else is refused", () => {
      assert.is(ffiOf({ ADA_FFI_NODE_FFI: "koffi" }).stdout, "ffi=koffi http://a/c\n");
      const forced = ffiOf({ ADA_FFI_NODE_FFI: "node:ffi" });
      if (hasNodeFfi) assert.is(forced.stdout, "ffi=node:ffi http://a/c\n");
      else {
        assert.is(forced.status, 1);
        assert.ok(forced.stderr.includes("has no node:ffi (it needs Node >= 26"), forced.stderr);
      }
      const wrong = ffiOf({ ADA_FFI_NODE_FFI: "ffi-napi" });
      assert.is(wrong.status, 1);
      assert.ok(wrong.stderr.includes('ADA_FFI_NODE_FFI must be "node:ffi" or "koffi"'), wrong.stderr);
    });

    const whichInWorker = `import { Worker } from "node:worker_threads";
const worker = new Worker(\`import(\${JSON.stringify(ENTRY)}).then((m) =>
  require("node:worker_threads").parentPort.postMessage(m.nativeLibrary().ffi))\`, { eval: true });
const inWorker = await new Promise((resolve, reject) => { worker.once("message", resolve); worker.once("error", reject); });
await worker.terminate();
const { nativeLibrary } = await import(ENTRY);
console.log("main=" + nativeLibrary().ffi + " worker=" + inWorker);
`;

    test("a worker thread takes koffi where it is installed (node:ffi in Workers crashes Node 26.10)", () => {
      const main = hasNodeFfi ? "node:ffi" : "koffi";
      const chosen = nodeProgram(whichInWorker, { ADA_FFI_NODE_FFI: undefined });
      assert.is(chosen.stdout, `main=${main} worker=koffi\n`, chosen.stderr);
      if (hasNodeFfi) {
        const forced = nodeProgram(whichInWorker, { ADA_FFI_NODE_FFI: "node:ffi" });
        assert.is(forced.stdout, "main=node:ffi worker=node:ffi\n", forced.stderr);
      }
    });

    if (hasNodeFfi) {
      // The crash that made Workers take koffi: Workers using node:ffi, started and ended round after round, brought
      // Node 26.10 down (V8 fatal error "unreachable code" or a segfault); with --no-maglev it did so on every run.
      test("Workers started and ended over and over (10 rounds of 4, --no-maglev): no crash, the same answers", () => {
        const workers = pathToFileURL(join(ROOT, "dist", "test", "support", "parse_workers.js")).href;
        const program = `import { readFileSync } from "node:fs";
import { runParseWorker } from ${JSON.stringify(workers)};
const { URL } = await import(ENTRY);
const inputs = readFileSync(${
          JSON.stringify(join(ROOT, "bench", "data", "kasztp.txt"))
        }, "utf8").split("\\n").slice(0, 3000);
const expected = JSON.stringify(inputs.map((s) => URL.parse(s)?.href ?? null));
for (let round = 0; round < 10; round++) {
  const results = await Promise.all([0, 1, 2, 3].map(() => runParseWorker("node", inputs)));
  for (const r of results) if (JSON.stringify(r.single) !== expected || JSON.stringify(r.batch) !== expected) {
    throw new Error("a worker's answers differ from the main thread's");
  }
}
console.log("40 workers");
`;
        const run = nodeProgram(program, { ADA_FFI_NODE_FFI: undefined }, ["--no-maglev"]);
        assert.is(run.stdout, "40 workers\n", `exit ${run.status} ${run.signal ?? ""}\n${run.stderr.slice(0, 2000)}`);
      });
    }

    // The permission model: --permission from Node 22 on (Node 20: --experimental-permission, which warns).
    const major = Number(process.versions.node.split(".")[0]);
    const permission = [major >= 22 ? "--permission" : "--experimental-permission", "--allow-fs-read=*"];
    test("a Node that loads no addons (permission model, --no-addons): koffi's error names --allow-addons", () => {
      for (const flags of [permission, ["--no-addons"]]) {
        const denied = ffiOf({ ADA_FFI_NODE_FFI: "koffi" }, flags);
        assert.is(denied.status, 1, flags.join(" "));
        assert.ok(denied.stderr.includes("does not load native addons"), denied.stderr);
        assert.ok(denied.stderr.includes("--allow-addons"), denied.stderr);
        assert.not.ok(denied.stderr.includes("not installed"), denied.stderr);
      }
      const allowed = ffiOf({ ADA_FFI_NODE_FFI: "koffi" }, [...permission, "--allow-addons"]);
      assert.is(allowed.stdout, "ffi=koffi http://a/c\n", allowed.stderr);
    });

    if (hasNodeFfi) {
      test("node:ffi under the permission model: the Wasm module; forced native, the error names --allow-ffi", () => {
        const auto = ffiOf({ ADA_FFI_NODE_FFI: undefined }, permission);
        assert.is(auto.stdout, "ffi=wasm http://a/c\n", auto.stderr);
        const denied = ffiOf({ ADA_FFI_NODE_FFI: undefined, ADA_FFI_BACKEND: "native" }, permission);
        assert.is(denied.status, 1);
        assert.ok(denied.stderr.includes("ada-ffi needs FFI permission: run Node with --allow-ffi"), denied.stderr);
        const allowed = ffiOf({ ADA_FFI_NODE_FFI: undefined }, [...permission, "--allow-ffi"]);
        assert.is(allowed.stdout, "ffi=node:ffi http://a/c\n", allowed.stderr);
      });
    }
  }

  if (runtime === "bun") {
    test("bun build --compile: the executable carries the native library and loads it; ADA_FFI_LIBRARY still wins", () => {
      const dir = mkdtempSync(join(tmpdir(), "ada-ffi-compile-"));
      try {
        const entry = join(dir, "main.ts");
        writeFileSync(
          entry,
          `import { nativeLibrary, URL } from ${JSON.stringify(join(ROOT, ENTRY.bun))};\n` +
            `console.log("href=" + new URL("HTTP://A/b/../c").href + " " + nativeLibrary().ffi + " " + ` +
            `nativeLibrary().path);\n`,
        );
        const exe = join(dir, "main-bin");
        const build = spawnSync(process.execPath, ["build", "--compile", entry, "--outfile", exe], {
          encoding: "utf8",
        });
        assert.is(build.status, 0, `${build.stdout}${build.stderr}`);
        const env: Record<string, string> = {};
        for (const [k, v] of Object.entries(process.env)) {
          if (v !== undefined && k !== "ADA_FFI_LIBRARY" && k !== "ADA_FFI_BACKEND") env[k] = v;
        }
        // runtimes/bun/embedded_files.ts: the library went into the executable's virtual file system.
        const alone = spawnSync(exe, [], { encoding: "utf8", env, cwd: dir });
        assert.match(alone.stdout, /^href=http:\/\/a\/c bun:ffi \/\$bunfs\/\S+\.so\n$/, alone.stderr);
        const lib = join(ROOT, "native", "prebuilds", `linux-${process.arch}-gnu`, "libada_ffi.so");
        const withLib = spawnSync(exe, [], { encoding: "utf8", env: { ...env, ADA_FFI_LIBRARY: lib }, cwd: dir });
        assert.is(withLib.stdout, `href=http://a/c bun:ffi ${lib}\n`, withLib.stderr);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  if (runtime === "deno") {
    test("Deno's kept block is a Wasm memory, and the Wasm writer is built after WASM_WRITER_AFTER encodes", () => {
      // runtimes/deno/wasm_kept_block.ts must be evaluated before ffi/native_calls/kept_block.ts allocates the kept block: an import order
      // that breaks it only shows as a slower Deno (dist/runtimes/deno/entry.js keeps the import order: tsc keeps
      // side-effect imports; CI runs this suite before that tree is built). Without WebAssembly (--jitless) neither.
      // Without --allow-ffi the WebAssembly backend runs, its kept block in the module's memory, and the writer is
      // built over that memory (runtimes/wasm/binding.ts, keptBlockWriter).
      const runs: [string[], string][] = [
        [["--allow-all"], "native true false true"],
        [["--allow-all", "--v8-flags=--jitless"], "native false false false"],
        [["--allow-read", "--allow-env"], "wasm true false true"],
      ];
      for (const [flags, expected] of runs) {
        const run = runChild("deno", () =>
          [
            `import { URL, nativeLibrary } from ${JSON.stringify(entryUrl(ENTRY.deno))};`,
            `import * as w from ${JSON.stringify(entryUrl("runtimes/deno/wasm_ascii_writer.ts"))};`,
            `const ffi = nativeLibrary().ffi === "wasm" ? "wasm" : "native";`,
            `const first = new URL("HTTP://A/\u00e9?q").href;`,
            `const before = w.wasmAsciiWriterInUse();`,
            `let same = true;`,
            `for (let i = 0; i < w.WASM_WRITER_AFTER + 1; i++) same &&= new URL("http://a/" + i).pathname === "/" + i;`,
            // After the writer: non-ASCII (it declines), a long path (past the loop limit), a base in the same block.
            `const after = [new URL("HTTP://A/\u00e9/" + "x".repeat(40)).href, new URL("http://a/" + "y".repeat(200)).pathname.length,`,
            `  new URL("b?c", "http://h/a/").href].join(" ");`,
            `console.log(ffi, w.keptBlockInWasmMemory(), before, w.wasmAsciiWriterInUse(), first, same, after);`,
          ].join("\n"), { flags, env: { ADA_FFI_BACKEND: undefined } });
        const after = `http://a/%C3%A9/${"x".repeat(40)} 201 http://h/a/b?c`;
        assert.is(run.stdout, `${expected} http://a/%C3%A9?q true ${after}\n`, `${flags}: ${run.stderr}`);
      }
    });
  }

  test.run();
}
