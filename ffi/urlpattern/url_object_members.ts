/**
 * Our URL objects as URLPattern input, without a native crossing: the members WebIDL reads from a URLPatternInit, taken
 * through the URL class's own getters (ffi/url/url.ts).
 */
import { URL } from "../url/url.ts";

/**
 * Writes into `members` the eight members WebIDL reads
 * when one of our URL objects is taken as a URLPatternInit (protocol, username, password, hostname, port, pathname,
 * search, hash: the getters' values), sliced from its href without a native crossing; false, writing nothing, for
 * anything else. The getters are the class's own as they were at load: a later change to URL.prototype changes no
 * match (the caller takes only objects whose prototype is URL.prototype itself, not subclasses).
 */
export const urlPatternMembersOf: (url: unknown, members: string[]) => boolean = (() => {
  const uncurry = (name: string) =>
    Function.prototype.call.bind(Object.getOwnPropertyDescriptor(URL.prototype, name)!.get!) as (
      url: unknown,
    ) => string;
  const [href, protocol, username, password, hostname, port, pathname, search, hash] = [
    "href",
    "protocol",
    "username",
    "password",
    "hostname",
    "port",
    "pathname",
    "search",
    "hash",
  ].map(uncurry);
  return (url, members) => {
    try {
      href(url); // the brand check: throws for anything but one of our URLs
    } catch {
      return false;
    }
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
