/**
 * `URL.createObjectURL` and `URL.revokeObjectURL`: blob: URLs belong to the runtime's own registry, so both delegate to
 * the runtime's URL with the arguments as given (its own errors too), as captured at load.
 */

/** The runtime's own URL. */
export const RuntimeURL = globalThis.URL as unknown as {
  createObjectURL(obj: unknown): string;
  revokeObjectURL(url: string): void;
};
const runtimeCreateObjectURL = RuntimeURL.createObjectURL;
const runtimeRevokeObjectURL = RuntimeURL.revokeObjectURL;
const apply = Reflect.apply;

export function createObjectURLWith(args: IArguments): string {
  return apply(runtimeCreateObjectURL, RuntimeURL, args) as string;
}

export function revokeObjectURLWith(args: IArguments): void {
  apply(runtimeRevokeObjectURL, RuntimeURL, args);
}
