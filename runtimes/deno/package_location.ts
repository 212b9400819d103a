/**
 * Where the npm package's files are, as Deno has them on disk (its npm cache, or node_modules): imported by the JSR
 * package's entry (runtimes/deno/entry.ts), whose own modules come over the network with no library beside them.
 * Only this module's URL is of use: it loads nothing.
 */
export const packageModuleUrl: string = import.meta.url;
