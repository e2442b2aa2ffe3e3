// url-grammar: the WHATWG URL Standard written as a grammar.
//
// What parsing needs loads with this module; the rest loads on its first call (the diagrams and
// railroad-diagrams, the matcher generator, the parsimmon backend, EBNF, the grammar lint, the
// writing checker, explain, rendering, the Public Suffix List's package), so that `require` plus
// the first `new URL` costs only the parser (whose matchers were generated when the package was
// built). The lazy exports are the same functions, with the same types. (Equivalence and
// the public-suffix functions load with the parser: they need nothing it does not, and the list
// itself, tldts, loads on their first call.)
/* eslint-disable @typescript-eslint/no-require-imports */

import type * as Codegen from './grammar/codegen';
import type * as Compile from './grammar/compile';
import type * as Railroad from './grammar/railroad';
import type * as EBNF from './grammar/ebnf';
import type * as GrammarLint from './grammar/lint';
import type * as Writing from './check/writing';
import type * as Explain from './check/explain';
import type * as Rendering from './api/rendering';

export { URL, URL_ATTRIBUTES, type URLAttribute } from './api/url';
export { URLSearchParams, type SearchParamsOwner } from './api/url-search-params';
export {
  basicURLParse,
  parseURL,
  parseToRecord,
  parseWithDiagnostics,
  type Diagnostics,
  type DiagnosticsOptions,
  type ParseOptions,
} from './parse';
export type { ParserChange, ChangeKind, ChangeDetail, ChangeStep, PercentEncodeSetName } from './semantic/changes';
export { serializeURL, serializePath, serializeOrigin, urlOrigin, type URLOrigin } from './serialize';
export { parseHost, serializeHost, domainToASCII, domainToUnicode, endsInANumber, type Host } from './semantic/host';
export { parseUrlencoded, parseUrlencodedString, serializeUrlencoded } from './api/urlencoded';
export {
  type URLRecord,
  type IntermediateRecord,
  type Span,
  isSpecialScheme,
  defaultPort,
  hasTupleOrigin,
  hasOpaquePath,
  includesCredentials,
  cannotHaveUsernamePasswordPort,
} from './record';
export { VALIDATION_ERRORS, URL_PARSER_STATES, type ValidationError, type ValidationErrorType, type URLParserState, type ErrorStep } from './semantic/errors';
export { SPECIAL_SCHEMES } from '../grammar/scheme';
export { SPEC_COMMIT, SPEC_LINES, SPEC_URL, specLink, liveLink, reportedBy, errorAnchor, errorLink } from './spec-link';
export { isSingleDotSegment, isDoubleDotSegment, isWindowsDriveLetter, isNormalizedWindowsDriveLetter } from './semantic/path';
export { URL_GRAMMAR, ENTRY_RULES } from '../grammar/url';
export type { Rule, Shape, Grammar } from '../grammar/vocabulary';
export { toUSVString, toScalarValueString } from './usv';
export { installURLUtils, URLUtils, type URLUtilsHost } from './api/url-utils';
export { HOST_GRAMMAR } from '../grammar/host';
export { STATE_OVERRIDES, type StateOverride } from '../grammar/overrides';
export type { TraceEntry, TracePath } from './grammar/railroad';
export { applyStateOverride, type BasicParseOptions } from './parse';
export type { URLStringCheck, WritingProblem, RelativeFor, CheckOptions, WritingCheck } from './check/writing';
export type { Explanation, ExplainOptions } from './check/explain';
export { WRITING_GRAMMAR, WRITING_ENTRY_RULES } from '../grammar/writing';
export {
  hostPublicSuffix,
  hostRegistrableDomain,
  configurePublicSuffixList,
  hasPublicSuffixList,
  NO_PUBLIC_SUFFIX_LIST,
  type HostInput,
  type HostOptions,
  type PublicSuffixLookup,
} from './api/public-suffix';
export { hostEquals, urlEquals, type URLInput } from './api/equivalence';
export type { RenderOptions, RenderResult, RenderedHost, RenderSimplification, UnicodeHostReason, UnicodeHostRule } from './api/rendering';

export { serializeURLOrigin } from './api/origin';

// The modules loaded on first use, each once.
let codegen: typeof Codegen | undefined;
let compile: typeof Compile | undefined;
let railroad: typeof Railroad | undefined;
let ebnf: typeof EBNF | undefined;
let grammarLint: typeof GrammarLint | undefined;
let writing: typeof Writing | undefined;
let explainModule: typeof Explain | undefined;
let rendering: typeof Rendering | undefined;
const codegenModule = () => (codegen ??= require('./grammar/codegen') as typeof Codegen);
const compileModule = () => (compile ??= require('./grammar/compile') as typeof Compile);
const railroadModule = () => (railroad ??= require('./grammar/railroad') as typeof Railroad);
const ebnfModule = () => (ebnf ??= require('./grammar/ebnf') as typeof EBNF);
const lintModule = () => (grammarLint ??= require('./grammar/lint') as typeof GrammarLint);
const writingModule = () => (writing ??= require('./check/writing') as typeof Writing);
const explainModuleOf = () => (explainModule ??= require('./check/explain') as typeof Explain);
const renderingModule = () => (rendering ??= require('./api/rendering') as typeof Rendering);

/** The fast backend: an entry rule compiled to a generated matcher (the core's own are generated when the package is built). */
export const generateEntry: typeof Codegen.generateEntry = (...a) => codegenModule().generateEntry(...a);
/** The parsimmon backend: an entry rule compiled to a parser that says how far it got and what it expected. */
export const compileEntry: typeof Compile.compileEntry = (...a) => compileModule().compileEntry(...a);
/** One rule as a railroad diagram (SVG). */
export const ruleToSVG: typeof Railroad.ruleToSVG = (...a) => railroadModule().ruleToSVG(...a);
/** Every rule of a grammar as a railroad diagram (SVG), by name. */
export const grammarToSVGs: typeof Railroad.grammarToSVGs = (...a) => railroadModule().grammarToSVGs(...a);
/** Grammars as one self-contained HTML page of diagrams. */
export const grammarToHTML: typeof Railroad.grammarToHTML = (...a) => railroadModule().grammarToHTML(...a);
/** The rule boxes one input matched, from an entry rule. */
export const traceInput: typeof Railroad.traceInput = (...a) => railroadModule().traceInput(...a);
/** The way one input took through the diagrams (the `path` option of ruleToSVG). */
export const tracePath: typeof Railroad.tracePath = (...a) => railroadModule().tracePath(...a);
/** A grammar as EBNF text. */
export const grammarToEBNF: typeof EBNF.grammarToEBNF = (...a) => ebnfModule().grammarToEBNF(...a);
/** The grammar lint: unreachable rules, empty alternatives, alternatives hidden by an earlier one. */
export const lintGrammar: typeof GrammarLint.lintGrammar = (...a) => lintModule().lintGrammar(...a);
/** The writing checker: is `input` a valid URL string, and which writing rule fails where. */
export const checkURLString: typeof Writing.checkURLString = (...a) => writingModule().checkURLString(...a);
/** https://url.spec.whatwg.org/#valid-url-string */
export const isValidURLString: typeof Writing.isValidURLString = (...a) => writingModule().isValidURLString(...a);
/** The writing checker on a host string. */
export const checkHostString: typeof Writing.checkHostString = (...a) => writingModule().checkHostString(...a);
/** https://url.spec.whatwg.org/#valid-host-string */
export const isValidHostString: typeof Writing.isValidHostString = (...a) => writingModule().isValidHostString(...a);
/** https://url.spec.whatwg.org/#valid-domain-string */
export const isValidDomainString: typeof Writing.isValidDomainString = (...a) => writingModule().isValidDomainString(...a);
/** For which kinds of base URL `input` is a valid relative-URL-with-fragment string. */
export const relativeURLWithFragmentFor: typeof Writing.relativeURLWithFragmentFor = (...a) => writingModule().relativeURLWithFragmentFor(...a);
/** The three verdicts (parses, parser-valid, grammar-valid) and, where they disagree, why. */
export const explain: typeof Explain.explain = (...a) => explainModuleOf().explain(...a);
/** The URL as a browser shows it to a person (url.bs "URL rendering"). */
export const renderURL: typeof Rendering.renderURL = (...a) => renderingModule().renderURL(...a);
