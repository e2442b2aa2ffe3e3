// The kind of a base URL, as the entry rules of the URL and writing grammars are keyed.

import { isSpecialScheme, type URLRecord } from 'url-grammar';
import type { ENTRY_RULES } from 'url-grammar/grammar';

export type BaseKind = keyof typeof ENTRY_RULES;

/** https://url.spec.whatwg.org/#concept-base-url: none, an opaque path, file, special or other. */
export function baseKindOf(base: URLRecord | null): BaseKind {
  if (base === null) return 'none';
  if (typeof base.path === 'string') return 'opaque';
  if (base.scheme === 'file') return 'file';
  return isSpecialScheme(base.scheme) ? 'special' : 'other';
}
