/**
 * The routers ada-ffi is compared with (pinned devDependencies), loaded alike by every routing entry on every runtime.
 */
import FindMyWay from "find-my-way";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import * as rou3 from "rou3";

// hono's getPath(request): not one of its package's exports, so loaded from its file beside the package's entry.
const { getPath } = await import(new URL("utils/url.js", import.meta.resolve("hono")).href);

export const peers = {
  FindMyWay,
  RegExpRouter,
  TrieRouter,
  rou3,
  honoGetPath: getPath as (request: { url: string }) => string,
};
