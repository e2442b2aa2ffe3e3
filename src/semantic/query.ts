// The query's percent-encoding: https://url.spec.whatwg.org/#query-state
// (percent-encode after encoding, with the URL's encoding: UTF-8 unless an override applies).

import { getOutputEncoding, percentEncodeAfterEncoding } from './encoding';
import { utf8PercentEncodeString, type EncodeSet } from './percent-encode';

/** Percent-encodes a query buffer with `set`, after encoding it with `encoding`. */
export function encodeQuery(buffer: string, set: EncodeSet, encoding: string): string {
  if (encoding === 'UTF-8') return utf8PercentEncodeString(buffer, set);
  return percentEncodeAfterEncoding(encoding, buffer, set, false);
}

/**
 * https://url.spec.whatwg.org/#get-an-output-encoding for the parser's `encoding` option, given
 * as an Encoding Standard label. Absent, or a label the Encoding Standard does not know: UTF-8.
 */
export function getOutputEncodingName(label: string | undefined): string {
  if (label === undefined) return 'UTF-8';
  return getOutputEncoding(label) ?? 'UTF-8';
}
