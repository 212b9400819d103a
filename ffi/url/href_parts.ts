/**
 * Where the parts of a normalized href begin and end, beyond the five offsets a URL keeps (ffi/url/url.ts): each
 * read from the href itself, which determines them cheaply.
 */
import {
  HOST_END,
  HOST_START,
  PATHNAME_START,
  PROTOCOL_END,
  SCHEME_HTTP,
  SCHEME_HTTPS,
  SCHEME_TYPE,
} from "../native_calls/call_block.ts";
import { components, parseHref } from "../native_calls/kept_block.ts";

export const AT = 0x40; // '@'
export const COLON = 0x3a;

/** Index just after the scheme's ':' (ada's protocol_end): a normalized scheme holds no ':'. */
export function protocolEndOf(href: string): number {
  return href.indexOf(":") + 1;
}

/** The index of the '@' that ends the credentials (host_start points at it), or -1 when there are none. */
export function credentialsEndOf(href: string, hostStart: number, hostEnd: number): number {
  return hostStart < hostEnd && href.charCodeAt(hostStart) === AT ? hostStart : -1;
}

/** Where the username ends, given the credentials' '@': at the ':' before the password, or at the '@'. */
export function usernameEndOf(href: string, at: number): number {
  const colon = href.indexOf(":", protocolEndOf(href) + 2);
  return colon !== -1 && colon < at ? colon : at;
}

/** host_start points at the '@' that ends the credentials, if any. */
export function hostnameStartOf(href: string, hostStart: number, hostEnd: number): number {
  return credentialsEndOf(href, hostStart, hostEnd) === -1 ? hostStart : hostStart + 1;
}

/** The origin of a blob: URL: that of its path when the path is an http(s) URL, else opaque. */
export function blobOrigin(path: string): string {
  if (path === "") return "null";
  const inner = parseHref(path, undefined);
  if (inner === null) return "null";
  const scheme = components[SCHEME_TYPE];
  if (scheme !== SCHEME_HTTP && scheme !== SCHEME_HTTPS) return "null";
  const hostStart = components[HOST_START];
  const start = hostStart < components[HOST_END] && inner.charCodeAt(hostStart) === AT ? hostStart + 1 : hostStart;
  return `${inner.slice(0, components[PROTOCOL_END])}//${inner.slice(start, components[PATHNAME_START])}`;
}
