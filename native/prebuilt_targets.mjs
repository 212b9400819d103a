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
