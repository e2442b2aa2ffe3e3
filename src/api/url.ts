// The URL class: https://url.spec.whatwg.org/#url-class
// (The setters and the rest of the API build on this in src/api.)

import { applyStateOverride, basicURLParse, parseForHref, parseScalarValueString, parseURL } from '../parse';
import type { HrefOffsets } from '../semantic/href';
import { cannotHaveUsernamePasswordPort, describeNonURLInput, hasOpaquePath, hasTupleOrigin, urlRecordProblem, type URLRecord } from '../record';
import { USERINFO_SET, utf8PercentEncodeString } from '../semantic/percent-encode';
import { serializeHost } from '../semantic/host';
import { serializeOrigin, serializePath, serializeURL, urlOrigin } from '../serialize';
import { URLSearchParams } from './url-search-params';
import { toDOMString, toScalarValueString, toUSVString } from '../usv';
import { inspectCustom, type InspectFunction, type InspectOptions } from './inspect';

const originParse = (input: string) => basicURLParse(input);

/** The URL class's string attributes, in the order of its IDL (https://url.spec.whatwg.org/#url-class). */
export const URL_ATTRIBUTES = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;
export type URLAttribute = (typeof URL_ATTRIBUTES)[number];

/** https://url.spec.whatwg.org/#api-url-parser */
function apiURLParse(url: string, base: string | undefined): URLRecord | null {
  // USVString conversion: the parser's preprocessing replaces lone surrogates
  let parsedBase: URLRecord | null = null;
  if (base !== undefined) {
    parsedBase = parseScalarValueString(base, null);
    if (parsedBase === null) return null;
  }
  return parseScalarValueString(url, parsedBase);
}

/**
 * The API URL parser for the class: with no base, the href and its components' offsets
 * (parseForHref: the semantic pass's href output); with a base, the URL record. Null for failure.
 */
function apiURLParseForClass(url: string, base: string | undefined): HrefOffsets | URLRecord | null {
  return base === undefined ? forHref(url) : apiURLParse(url, base);
}

/**
 * What the class holds for `url` parsed with no base: the href and its offsets; or, for a URL
 * with no host whose path is a list of segments, the URL record. An object held as its href
 * builds its record by parsing the href again, which gives the same record back as long as the
 * serializer writes what the parser reads back; for a URL with no host that rests on a step of
 * the serializer's own, the "/." before a path that would read as an authority
 * (serializePathPrefix). Such URLs (a scheme that is not special, no authority, a path of
 * segments: rare) are held as their record, so that the record under the object never rests on
 * that step.
 */
function forHref(url: string): HrefOffsets | URLRecord | null {
  const at = parseForHref(url);
  if (at !== null && at.hostStart < 0 && at.href.charCodeAt(at.pathStart) === 0x2f) return parseScalarValueString(url, null);
  return at;
}

function isOffsets(parsed: HrefOffsets | URLRecord): parsed is HrefOffsets {
  return (parsed as HrefOffsets).protocolEnd !== undefined;
}

/** Whether a value is a URL object (holds the private URL record); set up in the class's static block. */
let isURL: (value: unknown) => value is URL;

/**
 * The URL record behind a URL object, to be read and not changed: unlike URL.recordOf, the object
 * keeps its href and offsets. For this library's own readers (origins, equivalence, rendering,
 * the URL utilities); set up in the class's static block.
 */
export let readRecordOf: (url: URL) => URLRecord;

/** The most code units of an input an error message quotes. */
const QUOTE_LIMIT = 100;

/**
 * An input as an error message quotes it: at most QUOTE_LIMIT code units, then "…" (U+2026) when
 * it was longer. The cut never falls inside a surrogate pair, and a lone surrogate becomes U+FFFD,
 * so the message is a well-formed string whatever the input.
 */
export function quoteInput(input: string): string {
  if (input.length <= QUOTE_LIMIT) return toScalarValueString(input);
  let end = QUOTE_LIMIT;
  const last = input.charCodeAt(end - 1);
  // A lead surrogate at the cut would lose its trail surrogate: leave it out too.
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return toScalarValueString(input.slice(0, end)) + '\u2026';
}

/** The TypeError of `new URL` and the href setter, with the own properties Node puts on its own. */
export interface InvalidURLError extends TypeError {
  code: 'ERR_INVALID_URL';
  /** The input, whole (the message quotes only its start). */
  input: string;
  /** The base, when one was given. */
  base?: string;
}

/**
 * The message of the TypeError of https://url.spec.whatwg.org/#dom-url-url step 2 and of the href
 * setter (https://url.spec.whatwg.org/#dom-url-href step 2): it quotes the start of the input, or
 * of the base when the base is what failed to parse (the API URL parser parses the base first:
 * https://url.spec.whatwg.org/#api-url-parser step 2). Only called on failure, so parsing the base
 * again here costs nothing on success.
 */
function invalidURLMessage(input: string, base: string | undefined): string {
  const baseFailed = base !== undefined && parseScalarValueString(base, null) === null;
  return baseFailed ? `Invalid base URL: ${quoteInput(base)}` : `Invalid URL: ${quoteInput(input)}`;
}

/**
 * That TypeError (made by the caller, see below) shaped as Node's: own, enumerable `code`
 * ("ERR_INVALID_URL"), `input` and, when a base was given, `base`.
 */
function asInvalidURL(error: TypeError, input: string, base: string | undefined): InvalidURLError {
  const e = error as InvalidURLError;
  e.code = 'ERR_INVALID_URL';
  e.input = input;
  if (base !== undefined) e.base = base;
  return e;
}

/**
 * What URL.parse passes as the constructor's first argument, with the parse's result as the
 * second: the constructor then holds that result instead of parsing. No string is this object,
 * and it is not exported, so no other caller can pass it.
 */
const ADOPT: object = Object.freeze({});

export class URL {
  // The URL is held in one of two ways. A URL parsed with no base (the constructor, URL.parse,
  // the href setter) is held as its href (#href) with its components' offsets (#at), which the
  // semantic pass writes (parseForHref), as ada's url_aggregator holds URLs: the getters slice
  // it, and the URL record (#url) is built from the href only when something asks for it (a
  // setter, searchParams, URL.recordOf). A URL parsed against a base is held as its URL record,
  // with #href and #at null. A setter first makes sure of the record, then drops #href and #at.
  #url: URLRecord | null = null;
  #href: string | null = null;
  #at: HrefOffsets | null = null;
  #query: URLSearchParams | null = null;
  // True when #query's list has changed since the record's query was last set from it: the
  // update steps (https://url.spec.whatwg.org/#concept-urlsearchparams-update) are owed, and
  // #record runs them before handing out the record. Serializing the whole list on each change
  // made n appends cost O(n^2). While it is true, #url is the record and #href and #at are null,
  // and only the record's query is behind, so the getters of the other components read #url as
  // it is.
  #queryStale = false;

  /** Holds a parse's result: the href and its offsets, or the URL record. */
  #hold(parsed: HrefOffsets | URLRecord): void {
    // (a new record: the query the old list was owed is moot)
    this.#queryStale = false;
    if (isOffsets(parsed)) {
      this.#url = null;
      this.#href = parsed.href;
      this.#at = parsed;
    } else {
      this.#url = parsed;
      this.#href = null;
      this.#at = null;
    }
  }

  /**
   * The URL record: built from the href when the URL is held as one (a normalised href parses to
   * exactly the record it came from), and with its query brought up to date with searchParams.
   */
  #record(): URLRecord {
    let url = this.#url;
    if (url === null) {
      url = parseScalarValueString(this.#href!, null)!;
      this.#url = url;
    }
    if (this.#queryStale) {
      this.#queryStale = false;
      url.query = URLSearchParams._updatedQuery(this.#query!);
    }
    return url;
  }

  /** The URL record, about to be changed: the href and its offsets no longer hold. */
  #mutable(): URLRecord {
    const url = this.#record();
    this.#href = null;
    this.#at = null;
    return url;
  }

  /** https://url.spec.whatwg.org/#dom-url-url (`base` has a default so that URL.length is 1, as Web IDL counts required arguments) */
  constructor(url: string, base: string | undefined = undefined) {
    if ((url as unknown) === ADOPT) {
      this.#hold(base as unknown as HrefOffsets | URLRecord);
      return;
    }
    // (`arguments` is looked at only when there is no first argument to look at)
    if (url === undefined && arguments.length === 0) throw new TypeError("Failed to construct 'URL': 1 argument required, but only 0 present.");
    const input = toDOMString(url);
    const baseString = base === undefined ? undefined : toDOMString(base);
    const parsed = apiURLParseForClass(input, baseString);
    // The error is made here, so that its stack starts where the URL was asked for: V8 takes
    // the frames when an error is made, and Error.captureStackTrace, which could leave out a
    // helper's frame, costs more than taking them.
    if (parsed === null) throw asInvalidURL(new TypeError(invalidURLMessage(input, baseString)), input, baseString);
    this.#hold(parsed);
  }

  /** https://url.spec.whatwg.org/#dom-url-parse */
  static parse(url: string, base: string | undefined = undefined): URL | null {
    if (arguments.length === 0) throw new TypeError("Failed to execute 'parse' on 'URL': 1 argument required.");
    const input = toDOMString(url);
    const parsed = apiURLParseForClass(input, base === undefined ? undefined : toDOMString(base));
    if (parsed === null) return null;
    return new URL(ADOPT as unknown as string, parsed as unknown as string);
  }

  /** https://url.spec.whatwg.org/#dom-url-canparse */
  static canParse(url: string, base: string | undefined = undefined): boolean {
    if (arguments.length === 0) throw new TypeError("Failed to execute 'canParse' on 'URL': 1 argument required.");
    return apiURLParseForClass(toDOMString(url), base === undefined ? undefined : toDOMString(base)) !== null;
  }

  /**
   * The URL record behind this object (shared, not copied: the caller may change it, so the
   * object holds the record from then on, not its href). Its query is up to date when it is
   * returned; a record kept while searchParams changes learns of the change only when the URL
   * object is read again.
   */
  static recordOf(url: URL): URLRecord {
    return url.#mutable();
  }

  get href(): string {
    return this.#href ?? serializeURL(this.#record());
  }

  /** https://url.spec.whatwg.org/#dom-url-href */
  set href(value: string) {
    brandCheck(this);
    const input = toUSVString(value);
    const parsed = forHref(input);
    if (parsed === null) throw asInvalidURL(new TypeError(invalidURLMessage(input, undefined)), input, undefined);
    this.#hold(parsed);
    if (this.#query !== null) URLSearchParams._setQuery(this.#query, this.#record().query);
  }

  get origin(): string {
    const at = this.#at;
    if (at !== null) {
      // Held as its href: the scheme, host and port of a tuple origin are read from it (the host
      // as it is serialized, which the origin's serializer writes as it is).
      const href = this.#href!;
      const scheme = href.slice(0, at.protocolEnd - 1);
      if (hasTupleOrigin(scheme)) {
        const port = at.portEnd > at.hostEnd ? Number(href.slice(at.hostEnd + 1, at.portEnd)) : null;
        return serializeOrigin({ type: 'tuple', scheme, host: href.slice(at.hostStart, at.hostEnd), port, domain: null });
      }
    }
    return serializeOrigin(urlOrigin(this.#record(), originParse));
  }

  get protocol(): string {
    const at = this.#at;
    if (at !== null) return this.#href!.slice(0, at.protocolEnd);
    return this.#url!.scheme + ':';
  }

  /** https://url.spec.whatwg.org/#dom-url-protocol */
  set protocol(value: string) {
    const url = this.#mutable();
    applyStateOverride(toUSVString(value) + ':', url, 'scheme start');
  }

  get username(): string {
    const at = this.#at;
    // (held as its href: the credentials start after the scheme's ":" and "//")
    if (at !== null) return at.credentialsEnd < 0 ? '' : this.#href!.slice(at.protocolEnd + 2, at.usernameEnd);
    return this.#url!.username;
  }

  /** https://url.spec.whatwg.org/#dom-url-username */
  set username(value: string) {
    const url = this.#mutable();
    const v = toUSVString(value);
    if (cannotHaveUsernamePasswordPort(url)) return;
    // https://url.spec.whatwg.org/#set-the-username
    url.username = utf8PercentEncodeString(v, USERINFO_SET);
  }

  get password(): string {
    const at = this.#at;
    if (at !== null) return at.usernameEnd === at.credentialsEnd ? '' : this.#href!.slice(at.usernameEnd + 1, at.credentialsEnd);
    return this.#url!.password;
  }

  /** https://url.spec.whatwg.org/#dom-url-password */
  set password(value: string) {
    const url = this.#mutable();
    const v = toUSVString(value);
    if (cannotHaveUsernamePasswordPort(url)) return;
    // https://url.spec.whatwg.org/#set-the-password
    url.password = utf8PercentEncodeString(v, USERINFO_SET);
  }

  get host(): string {
    const at = this.#at;
    if (at !== null) return at.hostStart < 0 ? '' : this.#href!.slice(at.hostStart, at.portEnd);
    const { host, port } = this.#url!;
    if (host === null) return '';
    return port === null ? serializeHost(host) : serializeHost(host) + ':' + port;
  }

  /** https://url.spec.whatwg.org/#dom-url-host */
  set host(value: string) {
    const url = this.#mutable();
    const v = toUSVString(value);
    if (hasOpaquePath(url)) return;
    applyStateOverride(v, url, 'host');
  }

  get hostname(): string {
    const at = this.#at;
    if (at !== null) return at.hostStart < 0 ? '' : this.#href!.slice(at.hostStart, at.hostEnd);
    const host = this.#url!.host;
    return host === null ? '' : serializeHost(host);
  }

  /** https://url.spec.whatwg.org/#dom-url-hostname */
  set hostname(value: string) {
    const url = this.#mutable();
    const v = toUSVString(value);
    if (hasOpaquePath(url)) return;
    applyStateOverride(v, url, 'hostname');
  }

  get port(): string {
    const at = this.#at;
    if (at !== null) return at.hostStart >= 0 && at.portEnd > at.hostEnd ? this.#href!.slice(at.hostEnd + 1, at.portEnd) : '';
    const port = this.#url!.port;
    return port === null ? '' : String(port);
  }

  /** https://url.spec.whatwg.org/#dom-url-port */
  set port(value: string) {
    const url = this.#mutable();
    const v = toUSVString(value);
    if (cannotHaveUsernamePasswordPort(url)) return;
    if (v === '') url.port = null;
    else applyStateOverride(v, url, 'port');
  }

  get pathname(): string {
    const at = this.#at;
    if (at !== null) {
      const end = at.queryStart >= 0 ? at.queryStart : at.fragmentStart >= 0 ? at.fragmentStart : this.#href!.length;
      return this.#href!.slice(at.pathStart, end);
    }
    return serializePath(this.#url!);
  }

  /** https://url.spec.whatwg.org/#dom-url-pathname */
  set pathname(value: string) {
    const url = this.#mutable();
    const v = toUSVString(value);
    if (hasOpaquePath(url)) return;
    url.path = [];
    applyStateOverride(v, url, 'path start');
  }

  get search(): string {
    const at = this.#at;
    if (at !== null) {
      const end = at.fragmentStart >= 0 ? at.fragmentStart : this.#href!.length;
      return at.queryStart < 0 || end - at.queryStart === 1 ? '' : this.#href!.slice(at.queryStart, end);
    }
    const q = this.#record().query;
    return q === null || q === '' ? '' : '?' + q;
  }

  /** https://url.spec.whatwg.org/#dom-url-search */
  set search(value: string) {
    brandCheck(this);
    const v = toUSVString(value);
    // The setter replaces both the query and the list, so a serialization still owed for changes
    // to searchParams is dropped, not worked out. (Dropped after the conversion, which may run
    // code that changes the list: that change is replaced too, as the standard's order has it.)
    this.#queryStale = false;
    const url = this.#mutable();
    if (v === '') {
      url.query = null;
      if (this.#query !== null) URLSearchParams._setQuery(this.#query, null);
      return;
    }
    url.query = '';
    applyStateOverride(v[0] === '?' ? v.slice(1) : v, url, 'query');
    if (this.#query !== null) URLSearchParams._setQuery(this.#query, url.query);
  }

  get searchParams(): URLSearchParams {
    if (this.#query === null) {
      this.#query = URLSearchParams._forURL({
        getQuery: () => this.#record().query,
        setQuery: (q) => {
          this.#mutable().query = q;
        },
        queryChanged: () => {
          if (this.#queryStale) return;
          // (the href and its offsets show the query as it was)
          this.#mutable();
          this.#queryStale = true;
        },
      });
    }
    return this.#query;
  }

  get hash(): string {
    const at = this.#at;
    if (at !== null) return at.fragmentStart < 0 || this.#href!.length - at.fragmentStart === 1 ? '' : this.#href!.slice(at.fragmentStart);
    const f = this.#url!.fragment;
    return f === null || f === '' ? '' : '#' + f;
  }

  /** https://url.spec.whatwg.org/#dom-url-hash */
  set hash(value: string) {
    const url = this.#mutable();
    const v = toUSVString(value);
    if (v === '') {
      url.fragment = null;
      return;
    }
    url.fragment = '';
    applyStateOverride(v[0] === '#' ? v.slice(1) : v, url, 'fragment');
  }

  /** The stringifier (https://url.spec.whatwg.org/#URL-stringification-behavior): the href getter's steps on this URL, not a lookup of `this.href`. */
  toString(): string {
    return this.#href ?? serializeURL(this.#record());
  }

  /** https://url.spec.whatwg.org/#dom-url-tojson */
  toJSON(): string {
    return this.#href ?? serializeURL(this.#record());
  }

  declare readonly [Symbol.toStringTag]: string;

  static {
    isURL = (value): value is URL => typeof value === 'object' && value !== null && #url in value;
    readRecordOf = (url) => url.#record();
  }

  /**
   * What Node's util.inspect and console.log show: the components, as Node shows its own URL. Node
   * passes its inspect function as the third argument, so no Node module is imported here.
   */
  [inspectCustom](depth: number | null, options: InspectOptions, inspect?: InspectFunction): unknown {
    if (!isURL(this) || (typeof depth === 'number' && depth < 0)) return this;
    const view: Record<string, unknown> = {};
    for (const name of URL_ATTRIBUTES) {
      view[name] = this[name];
      if (name === 'search') view.searchParams = this.searchParams;
    }
    if (typeof inspect !== 'function') return view;
    const ctor: unknown = this.constructor;
    const name = typeof ctor === 'function' && typeof ctor.name === 'string' && ctor.name !== '' ? ctor.name : 'URL';
    return `${name} ${inspect(view, { ...options, depth })}`;
  }
}

/** Web IDL's "implements" check for `this` (https://webidl.spec.whatwg.org/#dfn-attribute-setter step 1, ...): a TypeError for anything that is not a URL object. */
function brandCheck(value: unknown): asserts value is URL {
  if (!isURL(value)) throw new TypeError("Illegal invocation: 'this' is not a URL object");
}

// Web IDL property shapes (https://webidl.spec.whatwg.org/#es-interfaces): regular and static
// operations and attribute accessors are enumerable; @@toStringTag is a non-writable,
// non-enumerable data property of the prototype.
for (const key of [...URL_ATTRIBUTES, 'searchParams', 'toString', 'toJSON']) {
  Object.defineProperty(URL.prototype, key, { enumerable: true });
}
for (const key of ['parse', 'canParse']) Object.defineProperty(URL, key, { enumerable: true });
Object.defineProperty(URL.prototype, Symbol.toStringTag, {
  value: 'URL',
  writable: false,
  enumerable: false,
  configurable: true,
});

// ---- URL inputs --------------------------------------------------------------------------------
// What the API functions that take a URL (urlEquals, renderURL, serializeURLOrigin) accept.

/**
 * What urlEquals, renderURL and serializeURLOrigin take: a URL record; a `URL` object of this
 * library; a URL object of another implementation (Node's or a browser's global `URL`,
 * whatwg-url's, the lite build's, `location`: anything that is not a URL record and has a string
 * `href`), which is read through its href, parsed by this library; or a string to be parsed
 * (without a base). Anything else is a TypeError.
 */
export type URLInput = URLRecord | URL | { readonly href: string } | string;

/**
 * The URL record of a URLInput that is not a string: this library's URL object, a URL record, or
 * a URL object of another implementation (by its href). Anything else, and a URL object whose
 * href this library cannot parse, is a TypeError whose message starts with `caller`.
 */
export function objectToURLRecord(url: unknown, caller: string): URLRecord {
  if (isURL(url)) return readRecordOf(url);
  if (urlRecordProblem(url) === null) return url as URLRecord;
  if (typeof url === 'object' && url !== null) {
    // Read once: it may be a getter.
    const href: unknown = (url as { href?: unknown }).href;
    if (typeof href === 'string') {
      const parsed = parseURL(href);
      if (parsed === null) throw new TypeError(`${caller}: the href of the URL object given does not parse: ${quoteInput(href)}`);
      return parsed;
    }
  }
  throw new TypeError(`${caller}: expected a URL object, a URL record or a string, got ${describeNonURLInput(url)}`);
}
