/**
 * The call block's layout and codes (native/ada_ffi.h): what every crossing writes into a block's header and reads
 * back. Constants only; the kept block itself and the crossings through it are in ./kept_block.ts.
 */

/** Result codes of the block's operations (uint32 seen as a JS number). */
export const INVALID = 0xffffffff;
export const UNCHANGED = 0xfffffffe;
/** `ADA_FFI_RETRY`: NativeBinding.blockString ran nothing; the caller encodes the input itself. */
export const RETRY = 0xfffffffd;
/** INVALID and UNCHANGED as an Int32Array of parseMany results reads them. */
export const INVALID_I32 = INVALID | 0;
export const UNCHANGED_I32 = UNCHANGED | 0;
/** `ADA_FFI_NO_BASE`: BASE_LEN (or parseMany's base length) when there is no base. */
export const NO_BASE = 0xffffffff;
/** NO_BASE as a header word reads and writes it through an Int32Array. */
export const NO_BASE_WORD = NO_BASE | 0;

/** Header words (uint32, native order), and where the text area starts (ADA_FFI_BLOCK_TEXT, in bytes). */
export const INPUT_LEN = 0;
export const BASE_LEN = 1;
export const TEXT_CAP = 2;
export const SETTER = 3;
export const COMPONENTS_WORD = 4;
export const OPERATION = 13;
export const BLOCK_TEXT = 64;

/** `enum ada_ffi_operation`: which operation a block is for (ada_ffi_block dispatches on it). */
export const OP_PARSE = 0;
export const OP_CAN_PARSE = 1;
export const OP_SET = 2;
export const OP_DOMAIN_TO_ASCII = 3;
export const OP_DOMAIN_TO_UNICODE = 4;
export const OP_URL_PATTERN_COMPILE = 5;
export const OP_URL_PATTERN_PROCESS = 6;

/** Component indices, as in `enum ada_ffi_component`. */
export const PROTOCOL_END = 0;
export const USERNAME_END = 1;
export const HOST_START = 2;
export const HOST_END = 3;
export const PORT = 4;
export const PATHNAME_START = 5;
export const SEARCH_START = 6;
export const HASH_START = 7;
export const SCHEME_TYPE = 8;
/** An absent port/search/hash: ADA_FFI_OMITTED read through an Int32Array (a small integer, not a double). */
export const OMITTED = -1;

/** `enum ada_ffi_scheme_type` (native/ada_ffi.h): the special schemes but file. */
export const SCHEME_HTTP = 0;
export const SCHEME_HTTPS = 2;
export const SCHEME_WS = 3;
export const SCHEME_FTP = 4;
export const SCHEME_WSS = 5;

/** `enum ada_ffi_setter`: which URL setter an OP_SET block runs. */
export const SET_HREF = 0;
export const SET_PROTOCOL = 1;
export const SET_USERNAME = 2;
export const SET_PASSWORD = 3;
export const SET_HOST = 4;
export const SET_HOSTNAME = 5;
export const SET_PORT = 6;
export const SET_PATHNAME = 7;
export const SET_SEARCH = 8;
export const SET_HASH = 9;
