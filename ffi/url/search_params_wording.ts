/**
 * The wording of the runtime's own URLSearchParams for a wrong receiver and for missing arguments, asked of it once at
 * load time, so that ours says what users of the built-in already check for: Node's and Deno's
 * `The "name" argument must be specified` and `Value of "this" must be of type URLSearchParams`, Bun's
 * `Not enough arguments` and `Can only call URLSearchParams.get on instances of URLSearchParams`. Node's wording
 * where the runtime has no URLSearchParams or answers otherwise. forEach's error for a callback that is not a function
 * is asked of the runtime's forEach when it happens (notACallbackError).
 */
import { invalidArgTypeError, typeError } from "../builtins/errors.ts";
import { runtimeTypeError } from "../builtins/runtime_wording.ts";

const stringReplaceAll = String.prototype.replaceAll as (this: string, search: string, replacement: string) => string;

/** The message the runtime's URLSearchParams throws a TypeError with, or undefined. */
function runtimeMessage(probe: (runtime: typeof globalThis.URLSearchParams) => unknown): string | undefined {
  const runtime = globalThis.URLSearchParams;
  if (typeof runtime !== "function") return undefined;
  try {
    probe(runtime);
  } catch (error) {
    if (error instanceof TypeError && typeof error.message === "string") return error.message;
  }
  return undefined;
}

const NODE_ONE = 'The "name" argument must be specified';
const NODE_TWO = 'The "name" and "value" arguments must be specified';
const missingOne = runtimeMessage((P) => (new P().get as () => unknown)()) ?? NODE_ONE;
const missingTwo = runtimeMessage((P) => (new P().append as (name: string) => unknown)("a")) ?? NODE_TWO;

/** For a member "get": the runtime's message with "get" where the member's name goes, when it names one. */
const wrongReceiver = runtimeMessage((P) => P.prototype.get.call({} as URLSearchParams, "a")) ??
  'Value of "this" must be of type URLSearchParams';
const namesMember = wrongReceiver.includes("URLSearchParams.get");

/** A URLSearchParams member called with too few arguments (code `ERR_MISSING_ARGS`). */
export function missingParamsArgumentsError(required: number, below: AnyFunction): TypeError {
  return typeError(required === 1 ? missingOne : missingTwo, "ERR_MISSING_ARGS", undefined, below);
}

/** A URLSearchParams member called on something else (code `ERR_INVALID_THIS`). */
export function paramsInvalidThisError(member: string): TypeError {
  const message = namesMember
    ? stringReplaceAll.call(wrongReceiver, "URLSearchParams.get", `URLSearchParams.${member}`)
    : wrongReceiver;
  return typeError(message, "ERR_INVALID_THIS");
}

// deno-lint-ignore ban-types
type AnyFunction = Function;

const RuntimeParams = globalThis.URLSearchParams as (new () => object) | undefined;
const runtimeForEach = RuntimeParams?.prototype.forEach as ((this: object, callback: unknown) => void) | undefined;
const apply = Reflect.apply;
let emptyRuntimeParams: object | undefined;

/**
 * forEach given something that is not a function (code `ERR_INVALID_ARG_TYPE`): the runtime's own forEach is asked
 * to word it, for the same primitive, or for a plain `{}` in place of an object, so that nothing of the argument is
 * read (a getter, a Proxy's trap) to word the error. Node's describes an object by its constructor's name ("an
 * instance of Map"), which it reads: ours says "an instance of Object" for every object there. Deno's says
 * "Received object", Bun's "Cannot call callback on a non-function".
 */
export function notACallbackError(callback: unknown, below: AnyFunction): TypeError {
  const standIn = callback !== null && typeof callback === "object" ? {} : callback;
  if (typeof RuntimeParams === "function" && typeof runtimeForEach === "function") {
    emptyRuntimeParams ??= new RuntimeParams();
    const runtime = runtimeTypeError(() => apply(runtimeForEach, emptyRuntimeParams, [standIn]));
    if (runtime !== undefined) {
      const code = typeof runtime.code === "string" ? runtime.code : "ERR_INVALID_ARG_TYPE";
      return typeError(runtime.message, code, undefined, below);
    }
  }
  return invalidArgTypeError("callback", "function", standIn, below);
}
