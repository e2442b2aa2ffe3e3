// A URL's origin, serialised: https://url.spec.whatwg.org/#concept-url-origin

import { parseURL } from '../parse';
import { serializeOrigin, urlOrigin } from '../serialize';
import { objectToURLRecord, quoteInput, type URLInput } from './url';

/**
 * https://url.spec.whatwg.org/#concept-url-origin, serialised
 * (https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin: "null"
 * for an opaque origin).
 *
 * Takes a URLInput: a URL record, a `URL` object (this library's, or another implementation's,
 * read through its href), or a string, parsed without a base. A string that does not parse has
 * no origin, and is a TypeError (as `new URL(string).origin` would be), as is anything that is not
 * a URLInput and a URL object whose href does not parse.
 */
export function serializeURLOrigin(url: URLInput): string {
  const record = typeof url === 'string' ? parseURL(url) : objectToURLRecord(url, 'serializeURLOrigin');
  if (record === null) throw new TypeError(`serializeURLOrigin: not a URL: ${quoteInput(url as string)}`);
  return serializeOrigin(urlOrigin(record, (input) => parseURL(input)));
}
