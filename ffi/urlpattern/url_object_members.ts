/**
 * Our URL objects as URLPattern input, without a native crossing: the members WebIDL reads from a URLPatternInit, taken
 * through the URL class's own getters (ffi/url/url.ts).
 */
import { URL } from "../url/url.ts";

/**
 * Writes into `members` the eight members WebIDL reads when one of our URL objects is taken as a URLPatternInit
 * (protocol, username, password, hostname, port, pathname, search, hash: the getters' values), sliced from its href
 * without a native crossing; false, writing nothing, where that read would differ from WebIDL's: anything but one of
 * our URLs, a URL with an own property or getter of one of those names, a prototype chain whose getter of one of them
 * is not URL.prototype's own from load time (a subclass that overrides it, or URL.prototype changed), or one that has
 * a `baseURL` (an own one, or Object.prototype's). Those take the dictionary path, which reads them as WebIDL does.
 * The checks run no user code: the brand check comes first, and our URLs are never proxies.
 */
export const urlPatternMembersOf: (url: unknown, members: string[]) => boolean = (() => {
  const getterOf = (name: string) => Object.getOwnPropertyDescriptor(URL.prototype, name)!.get!;
  const uncurry = (getter: () => string) => Function.prototype.call.bind(getter) as unknown as (url: unknown) => string;
  const names = ["protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"];
  const getters = names.map(getterOf);
  const reads = getters.map(uncurry);
  const href = uncurry(getterOf("href"));
  // Annex B's __lookupGetter__: the getter Get(url, name) would call (undefined for a data property), found without
  // calling anything and without a descriptor object per name.
  const lookupGetter = Function.prototype.call.bind(
    (Object.prototype as unknown as { __lookupGetter__: (name: string) => unknown }).__lookupGetter__,
  ) as unknown as (object: unknown, name: string) => unknown;
  const [protocol, username, password, hostname, port, pathname, search, hash] = reads;
  return (url, members) => {
    try {
      href(url); // the brand check: throws for anything but one of our URLs (a proxy of one included)
    } catch {
      return false;
    }
    if ("baseURL" in (url as object)) return false;
    for (let k = 0; k < 8; k++) if (lookupGetter(url, names[k]) !== getters[k]) return false;
    members[0] = protocol(url);
    members[1] = username(url);
    members[2] = password(url);
    members[3] = hostname(url);
    members[4] = port(url);
    members[5] = pathname(url);
    members[6] = search(url);
    members[7] = hash(url);
    return true;
  };
})();
