/**
 * Domain conversions by ada's IDNA (UTS #46), as Node's `url.domainToASCII` / `url.domainToUnicode`: one block call,
 * the domain in the input slot.
 */
import { BLOCK_TEXT, INVALID, OP_DOMAIN_TO_ASCII, OP_DOMAIN_TO_UNICODE } from "./call_block.ts";
import { binding } from "./installed_binding.ts";
import { blockOfSize, decodeHrefs, fill, keptBlock, wordsOf } from "./kept_block.ts";
import { maxUtf8Length } from "./strings.ts";

const utf8Decoder = new TextDecoder();

/** ada's IDNA through the URL host setter of a special URL; "" for an invalid domain (as Node does). */
function domainCall(domain: string, unicode: boolean): string {
  const lib = binding();
  // Results are at most a small multiple of the input (Punycode, UTF-8): sized for the worst case, no second call.
  let target = blockOfSize(BLOCK_TEXT + 4 * maxUtf8Length(domain) + 64);
  fill(target, wordsOf(target), domain, undefined, unicode ? OP_DOMAIN_TO_UNICODE : OP_DOMAIN_TO_ASCII);
  const kept = target === keptBlock;
  const result = lib.block(target);
  if (kept) target = keptBlock; // the call may have moved it (a Wasm memory that grew: moveKeptBlock)
  if (result === INVALID || result > target.length - BLOCK_TEXT) return "";
  const end = BLOCK_TEXT + result;
  return unicode ? utf8Decoder.decode(target.subarray(BLOCK_TEXT, end)) : decodeHrefs(target, BLOCK_TEXT, end);
}

/** A domain to its ASCII (punycode) form by ada's IDNA (UTS #46), as Node's `url.domainToASCII`; "" when invalid. */
export function domainToASCII(domain: string): string {
  return domainCall(domain, false);
}

/** A domain to its Unicode form by ada's IDNA, as Node's `url.domainToUnicode`; "" when invalid. */
export function domainToUnicode(domain: string): string {
  return domainCall(domain, true);
}
