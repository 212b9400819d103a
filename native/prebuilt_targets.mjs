// The platforms the npm package carries a prebuilt library for: the folder name under native/prebuilds/
// (what ffi/native_calls/library_location.ts looks up: <platform>-<arch>, plus -gnu or -musl on Linux), Zig's target
// (with the oldest OS it supports: glibc 2.17, macOS 10.15 / 11.0) and the file name.
export const PREBUILT_TARGETS = {
  "linux-x64-gnu": { zig: "x86_64-linux-gnu.2.17", os: "linux", arch: "x64", file: "libada_ffi.so" },
  "linux-arm64-gnu": { zig: "aarch64-linux-gnu.2.17", os: "linux", arch: "arm64", file: "libada_ffi.so" },
  "linux-x64-musl": { zig: "x86_64-linux-musl", os: "linux", arch: "x64", file: "libada_ffi.so" },
  "linux-arm64-musl": { zig: "aarch64-linux-musl", os: "linux", arch: "arm64", file: "libada_ffi.so" },
  "darwin-x64": { zig: "x86_64-macos.10.15", os: "darwin", arch: "x64", file: "libada_ffi.dylib" },
  "darwin-arm64": { zig: "aarch64-macos.11.0", os: "darwin", arch: "arm64", file: "libada_ffi.dylib" },
  "win32-x64": { zig: "x86_64-windows-gnu", os: "win32", arch: "x64", file: "ada_ffi.dll" },
};

// The WebAssembly build of the same sources (native/prebuild.mjs builds it with every run, --host included): one
// module for every engine, loaded by runtimes/wasm/ where no native library can be (docs/platforms.md). A wasm32-wasi
// reactor: its only imports are three WASI calls no operation makes (runtimes/wasm/instance.ts).
export const WASM_TARGET = { key: "wasm32", zig: "wasm32-wasi", file: "ada_ffi.wasm" };
