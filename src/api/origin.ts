// A URL's origin, serialised: https://url.spec.whatwg.org/#concept-url-origin

import { parseURL } from '../parse';
import { serializeOrigin, urlOrigin } from '../serialize';
import type { URLRecord } from '../record';

/** https://url.spec.whatwg.org/#concept-url-origin, serialised ("null" for an opaque origin). */
export function serializeURLOrigin(url: URLRecord): string {
  return serializeOrigin(urlOrigin(url, (input) => parseURL(input)));
}
