// url-grammar: the WHATWG URL Standard written as a grammar.

export { URL, URL_ATTRIBUTES, type URLAttribute } from './api/url';
export { URLSearchParams, type SearchParamsOwner } from './api/url-search-params';
export {
  basicURLParse,
  parseURL,
  parseToRecord,
  parseWithDiagnostics,
  type Diagnostics,
  type ParseOptions,
} from './parse';
export { serializeURL, serializePath, serializeOrigin, urlOrigin, type URLOrigin } from './serialize';
export { parseHost, serializeHost, domainToASCII, domainToUnicode, type Host } from './semantic/host';
export { parseUrlencoded, parseUrlencodedString, serializeUrlencoded } from './api/urlencoded';
export {
  type URLRecord,
  type IntermediateRecord,
  type Span,
  isSpecialScheme,
  defaultPort,
  hasOpaquePath,
  includesCredentials,
  cannotHaveUsernamePasswordPort,
} from './record';
export { VALIDATION_ERRORS, type ValidationError, type ValidationErrorType } from './semantic/errors';
export { URL_GRAMMAR, ENTRY_RULES } from '../grammar/url';
export type { Rule, Shape, Grammar } from '../grammar/vocabulary';
export { compileEntry } from './grammar/compile';
export { toUSVString } from './usv';
export { installURLUtils, URLUtils, type URLUtilsHost } from './api/url-utils';
export { HOST_GRAMMAR } from '../grammar/host';
export { STATE_OVERRIDES, type StateOverride } from '../grammar/overrides';
export { ruleToSVG, grammarToSVGs, grammarToHTML, traceInput, tracePath, type TraceEntry, type TracePath } from './grammar/railroad';
export { grammarToEBNF } from './grammar/ebnf';
export { lintGrammar } from './grammar/lint';
export { generateEntry } from './grammar/codegen';
export { applyStateOverride, type BasicParseOptions } from './parse';
export {
  checkURLString,
  isValidURLString,
  checkHostString,
  isValidHostString,
  isValidDomainString,
  relativeURLWithFragmentFor,
} from './check/writing';
export { explain } from './check/explain';
export { WRITING_GRAMMAR, WRITING_ENTRY_RULES } from '../grammar/writing';
export { hostPublicSuffix, hostRegistrableDomain, type HostInput, type HostOptions } from './api/public-suffix';
export { hostEquals, urlEquals, type URLInput } from './api/equivalence';
export {
  renderURL,
  type RenderOptions,
  type RenderResult,
  type RenderedHost,
  type RenderSimplification,
  type UnicodeHostReason,
  type UnicodeHostRule,
} from './api/rendering';

export { serializeURLOrigin } from './api/origin';
