// The parser's driver: preprocess, run the grammar's entry rule for the context, then the
// semantic pass. https://url.spec.whatwg.org/#concept-basic-url-parser

import type { FastMatcher } from './grammar/codegen';
import { coreMatcher } from './grammar/prebuilt';
import type { CompileContext } from './grammar/compile';
import { ENTRY_RULES, URL_GRAMMAR, type BaseKind } from '../grammar/url';
import { STATE_OVERRIDES, type StateOverride } from '../grammar/overrides';
import { hasTabNewlineOrSurrogate, originalSpan, preprocess, preprocessText, trimC0OrSpace, type Preprocessed } from './preprocess';
import { describeNonURLInput, isSpecialScheme, urlRecordProblem, type IntermediateRecord, type Span, type URLRecord } from './record';
import { errorFailure, VALIDATION_ERRORS, type ErrorSink, type ErrorStep, type URLParserState, type ValidationError, type ValidationErrorType } from './semantic/errors';
import { fieldSlots, Found, gatherMarks, gatherSlottedMarks, hrefPass, schemeKindSlots, semanticPass, semanticPassWithOverride } from './semantic/url';
import { getOutputEncodingName } from './semantic/query';
import { commonOffsets, NORMALIZED_MATCHER } from './semantic/normalized';
import { ALL_FLAGS, type HrefOffsets } from './semantic/href';
import { toUSVString } from './usv';
import type { ChangeSink, ParserChange } from './semantic/changes';

/** https://url.spec.whatwg.org/#concept-base-url: which entry rule a base URL calls for. */
export function baseKind(base: URLRecord | null): BaseKind {
  if (base === null) return 'none';
  if (typeof base.path === 'string') return 'opaque';
  if (base.scheme === 'file') return 'file';
  return isSpecialScheme(base.scheme) ? 'special' : 'other';
}

/** The entry rule's name and context for a base URL. */
export function entryFor(base: URLRecord | null): { rule: string; ctx: { baseScheme?: string } } {
  const kind = baseKind(base);
  return { rule: ENTRY_RULES[kind], ctx: kind === 'special' ? { baseScheme: base!.scheme } : {} };
}

interface EntryMatcher {
  rule: string;
  match: FastMatcher;
  /** The component slot of each of the matcher's fields. */
  slots: Uint8Array;
  /**
   * The same rule, guarded (see GenerateOptions.guard: for input not yet preprocessed), with a
   * path's segments as one run (GenerateOptions.unmarked), for the semantic pass alone; for no
   * base, raising the flags that commonOffsets and the href output's tests read as well
   * (NORMALIZED_MATCHER).
   */
  runs: FastMatcher;
  /** Its fields' slots, with the scheme kinds of its rules (schemeKindSlots). */
  runsSlots: Uint8Array;
}

function entryMatcher(rule: string, ctx: CompileContext, kind: BaseKind): EntryMatcher {
  const match = coreMatcher(URL_GRAMMAR, rule, ctx);
  const runs = coreMatcher(URL_GRAMMAR, rule, ctx, kind === 'none' ? NORMALIZED_MATCHER : RUNS_MATCHER);
  return {
    rule,
    match,
    slots: fieldSlots(match.fields),
    runs,
    runsSlots: schemeKindSlots(fieldSlots(runs.fields, runs.separators), runs.rules),
  };
}

// The matchers, looked up without building cache keys: one per base kind, and per scheme for a
// special base (the entry rule compares against it).
const matchersByKind = new Map<BaseKind, EntryMatcher>();
const matchersBySpecialScheme = new Map<string, EntryMatcher>();

/** The matcher for a base URL's entry rule (generated once per kind and special scheme). */
let noBaseMatcher: EntryMatcher | undefined;

function entryMatcherFor(base: URLRecord | null): EntryMatcher {
  if (base === null) return (noBaseMatcher ??= entryMatcher(ENTRY_RULES.none, {}, 'none'));
  const kind = baseKind(base);
  const cache = kind === 'special' ? matchersBySpecialScheme : matchersByKind;
  const key = kind === 'special' ? base!.scheme : kind;
  let m = (cache as Map<string, EntryMatcher>).get(key);
  if (m === undefined) {
    const { rule, ctx } = entryFor(base);
    m = entryMatcher(rule, ctx, kind);
    (cache as Map<string, EntryMatcher>).set(key, m);
  }
  return m;
}

interface RunResult {
  url: URLRecord | null;
  pp: Preprocessed;
  rule: string;
  found: Found | null;
}

/** One run of the basic URL parser over a scalar value string, keeping what diagnostics show. */
/** The grammar on preprocessed text: what its entry rule for `base` found, or null. */
function grammarStep(text: string, base: URLRecord | null): { rule: string; found: Found | null } {
  const entry = entryMatcherFor(base);
  const found = entry.match.scan(text) < 0 ? null : gatherSlottedMarks(entry.match.flat, entry.match.used(), entry.slots);
  return { rule: entry.rule, found };
}

function run(input: string, base: URLRecord | null, encoding: string, sink: ErrorSink, changes: ChangeSink = null): RunResult {
  const pp = preprocess(input, true, sink, changes);
  const preSink: ErrorSink = sink
    ? (type, s, e, failure, step, state) => {
        const [os, oe] = originalSpan(pp, s, e);
        sink(type, os, oe, failure, step, state);
      }
    : null;
  // (a change with no span is one of the base URL's components: it keeps -1, -1)
  const preChanges: ChangeSink =
    changes === null
      ? null
      : (c) => {
          const [start, end] = c.start < 0 ? [-1, -1] : originalSpan(pp, c.start, c.end);
          changes({ ...c, start, end });
        };
  const { rule, found } = grammarStep(pp.text, base);
  if (found === null) {
    // The only way the entry rules fail: no scheme, and no base URL the input can be relative to.
    if (preSink) preSink('missing-scheme-non-relative-URL', 0, pp.text.length, undefined, 'concept-basic-url-parser', 'no scheme');
    return { url: null, pp, rule, found: null };
  }
  const url = semanticPass(pp.text, found, base, encoding, preSink, preChanges);
  return { url, pp, rule, found };
}

/** The same run when only the URL record is wanted (the hot path: nothing else is kept). */
function parseOnly(input: string, base: URLRecord | null, encoding: string): URLRecord | null {
  const entry = entryMatcherFor(base);
  // First the guarded matcher on the input with its ends trimmed: when it matches, there was no
  // tab, newline or surrogate, so that is the preprocessed input (and a scalar value string).
  const text = trimC0OrSpace(input);
  if (entry.runs.scan(text) < 0) return parsePreprocessed(input, base, encoding, false) as URLRecord | null;
  return passOnRuns(text, entry, base, encoding, false) as URLRecord | null;
}

/**
 * The URL parser (no base, UTF-8) followed by the URL serializer, for the URL class: the href
 * and its components' offsets, or null for failure. parseOnly's steps with the href as output,
 * and the common shape answered first (src/semantic/normalized.ts). (Its own call of the
 * matcher's scan: a call site that only ever sees the one matcher for no base, which V8 then
 * calls directly, where parseOnly's sees one per kind of base.)
 */
export function parseForHref(input: string): HrefOffsets | null {
  const entry = entryMatcherFor(null);
  const runs = entry.runs;
  const text = trimC0OrSpace(input);
  if (runs.scan(text) < 0) return parsePreprocessed(input, null, 'UTF-8', true) as HrefOffsets | null;
  const common = commonOffsets(text, runs.flat, runs.used(), entry.runsSlots, runs.flags());
  if (common !== null) return common;
  return passOnRuns(text, entry, null, 'UTF-8', true) as HrefOffsets | null;
}

/**
 * When the guarded matcher found no URL in the trimmed input: none at all unless the input has a
 * tab or newline to remove or a surrogate (the guard keeps out only those, and without them
 * preprocessing would give the same text); otherwise the input preprocessed, through the same
 * matcher, or the unguarded one when a surrogate pair is left.
 */
function parsePreprocessed(input: string, base: URLRecord | null, encoding: string, href: boolean): URLRecord | HrefOffsets | null {
  if (!hasTabNewlineOrSurrogate(input)) return null;
  const text = preprocessText(input); // a scalar value string too
  if (hasTabNewlineOrSurrogate(text)) return parseMarked(text, base, encoding, href);
  const entry = entryMatcherFor(base);
  if (entry.runs.scan(text) < 0) return null;
  return passOnRuns(text, entry, base, encoding, href);
}

/** The one Found the runs are gathered into: the pass does not keep it. */
const RUNS_FOUND = new Found();

/**
 * The semantic pass on the marks the guarded matcher of `entry` has just left on `text`: its URL
 * record or, with `href` (no base, UTF-8), its href and offsets. Null for failure.
 */
function passOnRuns(text: string, entry: EntryMatcher, base: URLRecord | null, encoding: string, href: boolean): URLRecord | HrefOffsets | null {
  const runs = entry.runs;
  const found = gatherSlottedMarks(runs.flat, runs.used(), entry.runsSlots, RUNS_FOUND, runs.separators);
  // (marks the pass does not read as runs, see Found.markEachSegment: the rule's own marks)
  if (found.markEachSegment) return parseMarked(text, base, encoding, href);
  return href ? hrefPass(text, found, runs.flags()) : semanticPass(text, found, base, encoding, null);
}

/** The last way: `text`, already preprocessed, through the unguarded matcher with every mark (and no flags). */
function parseMarked(text: string, base: URLRecord | null, encoding: string, href: boolean): URLRecord | HrefOffsets | null {
  const entry = entryMatcherFor(base);
  const match = entry.match;
  if (match.scan(text) < 0) return null;
  const found = gatherSlottedMarks(match.flat, match.used(), entry.slots);
  return href ? hrefPass(text, found, ALL_FLAGS) : semanticPass(text, found, base, encoding, null);
}

/** The guarded matchers that leave one mark per path (see EntryMatcher.runs). */
export const RUNS_MATCHER = { guard: true, unmarked: ['segment'] } as const;

export interface ParseOptions {
  /** The base URL: a URL record; or a URL object (read through its href) or a string, parsed first (with no base). Anything else is a TypeError. */
  baseURL?: URLRecord | { readonly href: string } | string | null;
  /** The document's encoding (an Encoding Standard label); it affects the query only. */
  encoding?: string;
}

/**
 * options.baseURL when it is not a string (nor null or undefined): a URL record as it is; a URL
 * object (this library's or another implementation's) through its href, parsed (null when that
 * does not parse). Anything else is a TypeError whose message starts with `caller`: taken as a
 * record, it would serialise as "undefined://...".
 */
function baseObjectRecord(baseURL: unknown, caller: string): URLRecord | null {
  if (urlRecordProblem(baseURL) === null) return baseURL as URLRecord;
  if (typeof baseURL === 'object' && baseURL !== null) {
    // Read once: it may be a getter.
    const href: unknown = (baseURL as { href?: unknown }).href;
    if (typeof href === 'string') return parseOnly(href, null, 'UTF-8');
  }
  throw new TypeError(`${caller}: options.baseURL is a URL record, a URL object or a string, not ${describeNonURLInput(baseURL)}`);
}

/**
 * options.baseURL as a URL record: null for none, undefined for a base that does not parse (a
 * string, or a URL object's href); a TypeError for a base of another type (baseObjectRecord).
 */
export function resolveBase(baseURL: ParseOptions['baseURL'], caller: string): URLRecord | null | undefined {
  if (baseURL === undefined || baseURL === null) return null;
  const b = typeof baseURL === 'string' ? parseOnly(baseURL, null, 'UTF-8') : baseObjectRecord(baseURL, caller);
  return b === null ? undefined : b;
}

export interface BasicParseOptions extends ParseOptions {
  /** With `stateOverride`: the URL to modify (the URL API's setters pass theirs). */
  url?: URLRecord;
  /** Start at this state, as the URL API's setters do: "scheme start", "host", "hostname", "port", "path start", "query" or "fragment". */
  stateOverride?: StateOverride;
}

/**
 * https://url.spec.whatwg.org/#concept-basic-url-parser. Returns the URL record, or null on
 * failure. With `url` and `stateOverride`, modifies `url` as the standard does and returns it
 * (null on failure; `url` may then be partly modified, exactly as the standard modifies it).
 * Never throws for a string input. A `stateOverride` that is not one of STATE_OVERRIDES' names,
 * or one without `url` (the URL it modifies), is a TypeError.
 */
export function basicURLParse(input: string, options: BasicParseOptions = {}): URLRecord | null {
  return basicParse('basicURLParse', input, options);
}

/** basicURLParse, its errors' messages naming `caller` (the export called). */
function basicParse(caller: string, input: string, options: BasicParseOptions): URLRecord | null {
  const { url, stateOverride } = options;
  if (stateOverride !== undefined && stateOverride !== null) {
    checkStateOverride(caller, stateOverride);
    if (url === undefined || url === null) {
      throw new TypeError(`${caller}: stateOverride "${stateOverride}" needs url, the URL record to modify (options.url)`);
    }
    checkURLToModify(caller, url);
    return applyStateOverride(toUSVString(input), url, stateOverride) ? url : null;
  }
  const base = resolveBase(options.baseURL, caller);
  if (base === undefined) return null;
  return parseOnly(String(input), base, getOutputEncodingName(options.encoding));
}

/** The state overrides, as a TypeError's message lists them. */
const STATE_OVERRIDE_LIST = Object.keys(STATE_OVERRIDES)
  .map((name) => `"${name}"`)
  .join(', ');

/** A TypeError unless `state` is one of STATE_OVERRIDES' own names (not "toString" or another inherited key). */
function checkStateOverride(caller: string, state: unknown): asserts state is StateOverride {
  if (typeof state === 'string' && Object.prototype.hasOwnProperty.call(STATE_OVERRIDES, state)) return;
  const given = typeof state === 'string' ? JSON.stringify(state.length > 40 ? state.slice(0, 40) + '\u2026' : state) : typeof state;
  throw new TypeError(`${caller}: unknown state override ${given}; the state overrides are ${STATE_OVERRIDE_LIST}`);
}

/** A TypeError unless `url` is an object (the URL record a state override modifies). */
function checkURLToModify(caller: string, url: unknown): asserts url is URLRecord {
  if (typeof url !== 'object' || url === null) {
    throw new TypeError(`${caller}: the URL to modify must be a URL record, got ${url === null ? 'null' : typeof url}`);
  }
}

/**
 * The basic URL parser with a URL and a state override: the override's entry rule ("start at
 * rule X"), then the semantic pass from that state. Returns false for failure. A `state` that is
 * not one of STATE_OVERRIDES' names, or a `url` that is not an object, is a TypeError.
 */
export function applyStateOverride(input: string, url: URLRecord, state: StateOverride): boolean {
  checkStateOverride('applyStateOverride', state);
  checkURLToModify('applyStateOverride', url);
  // The path start state appends segments to a list; the pathname setter never gets here with an
  // opaque path (it returns first), and a direct call with one fails rather than throwing.
  if (state === 'path start' && typeof url.path === 'string') return false;
  const pp = preprocess(input, false, null);
  const kind = url.scheme === 'file' ? 'file' : isSpecialScheme(url.scheme) ? 'special' : 'other';
  const match = coreMatcher(URL_GRAMMAR, STATE_OVERRIDES[state][kind])(pp.text);
  if (match === null) return false;
  return semanticPassWithOverride(pp.text, gatherMarks(match.marks), url, state);
}

/** https://url.spec.whatwg.org/#concept-url-parser: the basic URL parser, for a URL's own use. */
export function parseURL(input: string, options: ParseOptions = {}): URLRecord | null {
  // The blob URL entry step concerns a user agent's blob store, which is not there outside one.
  return basicParse('parseURL', input, options);
}

/** The URL parser on a string (converted to a scalar value string), with a parsed base: the URL class's entry point. */
export function parseScalarValueString(input: string, base: URLRecord | null): URLRecord | null {
  return parseOnly(input, base, 'UTF-8');
}

/** A component's span in the original input, or null when it is absent (start -1). */
function toSpan(pp: Preprocessed, start: number, end: number): Span | null {
  if (start < 0) return null;
  const [s, e] = originalSpan(pp, start, end);
  return { start: s, end: e, text: pp.text.slice(start, end) };
}

/**
 * What the grammar found in `input`: each component's text and its [start, end) in the original
 * input. Returns null when the grammar finds no URL (no scheme, and nothing to be relative to).
 */
export function parseToRecord(input: string, options: Omit<ParseOptions, 'encoding'> = {}): IntermediateRecord | null {
  const base = resolveBase(options.baseURL, 'parseToRecord');
  if (base === undefined) return null;
  const usv = toUSVString(input);
  const pp = preprocess(usv, true, null);
  const { rule, found } = grammarStep(pp.text, base);
  return found === null ? null : buildRecord(usv, pp, rule, found);
}

function buildRecord(input: string, pp: Preprocessed, rule: string, f: Found): IntermediateRecord {
  const span = (start: number, end: number) => toSpan(pp, start, end);
  let username: Span | null = null;
  let password: Span | null = null;
  if (f.userinfo >= 0) {
    const colon = pp.text.indexOf(':', f.userinfo);
    if (colon >= 0 && colon < f.userinfoEnd) {
      username = span(f.userinfo, colon);
      password = span(colon + 1, f.userinfoEnd);
    } else {
      username = span(f.userinfo, f.userinfoEnd);
    }
  }
  const path: Span[] = [];
  for (let i = 0; i < f.segments.length; i += 2) path.push(span(f.segments[i], f.segments[i + 1])!);
  return {
    input,
    rule,
    scheme: span(f.scheme, f.schemeEnd),
    slashes: span(f.slashes, f.slashesEnd),
    userinfo: span(f.userinfo, f.userinfoEnd),
    username,
    password,
    host: span(f.host, f.hostEnd),
    port: span(f.port, f.portEnd),
    path,
    opaquePath: span(f.opaquePath, f.opaquePathEnd),
    query: span(f.query, f.queryEnd),
    fragment: span(f.fragment, f.fragmentEnd),
  };
}

export interface Diagnostics {
  /** The URL record, or null when the input does not parse. */
  url: URLRecord | null;
  /** Every validation error the standard's parser reports, in the order it meets them. */
  errors: ValidationError[];
  /** What the grammar found, or null when it found no URL. */
  record: IntermediateRecord | null;
  /** With the option `changes`: what each step of the parser changed, in the order the steps made the changes (src/semantic/changes.ts). */
  changes?: ParserChange[];
}

export interface DiagnosticsOptions extends ParseOptions {
  /** Also record what each step of the parser changes from the input to the URL (Diagnostics.changes). */
  changes?: boolean;
}

/**
 * Parses `input` and collects each validation error with its span in the original input; with
 * `changes`, also each change the parser's steps make, with its span.
 */
export function parseWithDiagnostics(input: string, options: DiagnosticsOptions = {}): Diagnostics {
  const base = resolveBase(options.baseURL, 'parseWithDiagnostics');
  if (base === undefined) return options.changes === true ? { url: null, errors: [], record: null, changes: [] } : { url: null, errors: [], record: null };
  const errors: ValidationError[] = [];
  // Each error's failure flag is its own: the type's, or for a type whose failure the standard
  // makes conditional, the one the reporting step passes (src/semantic/errors.ts).
  const sink = (type: ValidationErrorType, start: number, end: number, failure?: boolean, step?: ErrorStep, state?: URLParserState | null) => {
    errors.push({ type, start, end, failure: errorFailure(type, failure), message: VALIDATION_ERRORS[type].description, state: state ?? null, step: step ?? 'concept-basic-url-parser' });
  };
  const usv = toUSVString(input);
  const changes: ParserChange[] | undefined = options.changes === true ? [] : undefined;
  const r = run(usv, base, getOutputEncodingName(options.encoding), sink, changes === undefined ? null : (c) => changes.push(c));
  const record = r.found ? buildRecord(usv, r.pp, r.rule, r.found) : null;
  return changes === undefined ? { url: r.url, errors, record } : { url: r.url, errors, record, changes };
}
