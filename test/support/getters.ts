/** The URL getters, in ada's order (no imports: the browser run loads this module too). */
export const GETTERS = [
  "href",
  "origin",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
] as const;
export type Getter = typeof GETTERS[number];
