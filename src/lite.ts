// url-grammar/lite: the whole library without tr46's IDNA tables, for bundles that cannot afford
// them. Domain to ASCII is the caller's: `configure({ idna: (domain, beStrict) => string | null })`
// (https://url.spec.whatwg.org/#domain-parser-toascii). Without it, a domain that needs IDNA (a
// non-ASCII domain, an "xn--" label) gets a domain-to-ASCII validation error whose message says so;
// a non-ASCII domain then fails to parse, while an ASCII one is lowercased as the standard's
// domain parser does whatever ToASCII says. Everything else is the full build's code.
//
// This module is bundled (scripts/build-bundles.js) with src/semantic/idna-lite.ts in place of
// src/semantic/idna.ts; the bundle is what package.json's "./lite" export points to.

import { parseWithDiagnostics as parseWithDiagnosticsFull, type Diagnostics, type ParseOptions } from './parse';
import { explain as explainFull, type ExplainOptions, type Explanation } from './check/explain';
import { configureIDNA, refusedDomains, type IDNAOptions } from './semantic/idna-lite';
import type { ValidationError } from './semantic/errors';

export * from './index';
export type { IDNAOptions, IDNAToASCII, IDNAToUnicode } from './semantic/idna-lite';

/** What the lite build says when it had no IDNA function for a domain. */
export const NO_IDNA_MESSAGE =
  'Unicode ToASCII records an error for the domain. (url-grammar/lite: the domain needs IDNA, a non-ASCII domain or an "xn--" label, and no IDNA function was supplied: call configure({ idna }).)';

/**
 * Supplies (or, with null, removes) domain to ASCII, and optionally domain to Unicode, for this
 * build. `idna(domain, beStrict)` gets a scalar value string and returns the ASCII domain, or null
 * for failure, as https://url.spec.whatwg.org/#domain-parser-toascii does.
 */
export function configure(options: IDNAOptions): void {
  configureIDNA(options ?? {});
}

function nameTheReason(errors: ValidationError[], before: number): void {
  if (refusedDomains() === before) return;
  for (const e of errors) if (e.type === 'domain-to-ASCII') e.message = NO_IDNA_MESSAGE;
}

/** As the full build's parseWithDiagnostics; a domain refused for want of IDNA says so in its error's message. */
export function parseWithDiagnostics(input: string, options?: ParseOptions): Diagnostics {
  const before = refusedDomains();
  const result = parseWithDiagnosticsFull(input, options);
  nameTheReason(result.errors, before);
  return result;
}

/** As the full build's explain; a domain refused for want of IDNA says so in its error's message. */
export function explain(input: string, options?: ExplainOptions): Explanation {
  const before = refusedDomains();
  const result = explainFull(input, options);
  nameTheReason(result.errors, before);
  return result;
}
