// URLUtils: the URL getters and setters for an object that holds a URL as a string, re-parsed on
// every use — what HTML's hyperlink elements (<a>, <area>) expose through HTMLHyperlinkElementUtils
// and what a DOM implementation embeds.
//
// The name and the "host object with an href and a base" design come from the URL Standard's 2013
// URLUtils (its "get the base" and "update steps", here URLUtilsHost.getBase and setHref). The
// algorithms are those of the current HTML Standard's HTMLHyperlinkElementUtils mixin
// (https://html.spec.whatwg.org/multipage/links.html#htmlhyperlinkelementutils), which replaced it:
//
// - "reinitialize url": unless the element's url is a blob: URL with an opaque path, "set the url":
//   null without an href attribute, otherwise the attribute parsed against the document's base URL
//   (null when that fails);
// - every getter reinitializes the url first; with no url, `href` returns the attribute value (or
//   the empty string without an attribute), `protocol` returns ":", every other getter "";
// - the `href` setter sets the attribute; every other setter reinitializes the url, returns when
//   the url is null (or cannot take the change: no username, password or port without a host or on
//   a file: URL; no host, hostname or pathname on an opaque path), runs the URL Standard's setter
//   on the url, then "update href": sets the attribute to the url, serialized.
//
// The URL setters used are url-grammar's own (./url), which the URL Standard defines with the same
// steps HTML's mixin uses. Two things a document supplies are out of scope: the query encoding of
// a legacy-encoded document (parsing is UTF-8 here, as in a UTF-8 document) and blob URL entries.

import { URL, URL_ATTRIBUTES, readRecordOf } from './url';
import { cannotHaveUsernamePasswordPort, hasOpaquePath } from '../record';
import { toUSVString } from '../usv';

/** The object that owns the URL string: in a DOM, an element with an `href` content attribute. */
export interface URLUtilsHost {
  /** The href content attribute's value, or null when there is no such attribute. */
  getHref(): string | null;
  /** Sets the href content attribute to `value`. */
  setHref(value: string): void;
  /**
   * The base URL to resolve the href against (in a DOM: the node document's document base URL),
   * or null for none. A base that does not parse counts as none.
   */
  getBase(): string | null;
}

/** The URL setters HTML's mixin runs through the URL Standard (every attribute but href/origin). */
type Setter = 'protocol' | 'username' | 'password' | 'host' | 'hostname' | 'port' | 'pathname' | 'search' | 'hash';

/** The accessors `installURLUtils` defines, in the order of the HTMLHyperlinkElementUtils IDL. */
export const URL_UTILS_ATTRIBUTES = URL_ATTRIBUTES;

export class URLUtils {
  readonly #host: URLUtilsHost;
  /** https://html.spec.whatwg.org/multipage/links.html#concept-hyperlink-url */
  #url: URL | null = null;
  /** The attribute value #url was parsed from (the blob: exception keeps #url while it holds). */
  #parsedFrom: string | null = null;

  constructor(host: URLUtilsHost) {
    this.#host = host;
  }

  /** https://html.spec.whatwg.org/multipage/links.html#reinitialise-url */
  #reinitialize(): URL | null {
    const url = this.#url;
    if (url !== null) {
      const record = readRecordOf(url);
      // The element keeps a blob: URL with an opaque path (and so its blob URL entry) until the
      // attribute changes; HTML re-runs "set the url" on every attribute change, so a changed
      // attribute is re-parsed here too.
      if (record.scheme === 'blob' && hasOpaquePath(record) && this.#host.getHref() === this.#parsedFrom) return url;
    }
    return this.#setTheURL();
  }

  /** https://html.spec.whatwg.org/multipage/links.html#concept-hyperlink-url-set */
  #setTheURL(): URL | null {
    this.#url = null;
    this.#parsedFrom = null;
    const href = this.#host.getHref();
    if (href === null) return null;
    const base = this.#host.getBase();
    const usableBase = base !== null && URL.canParse(base) ? base : undefined;
    this.#url = usableBase === undefined ? URL.parse(href) : URL.parse(href, usableBase);
    this.#parsedFrom = href;
    return this.#url;
  }

  /** https://html.spec.whatwg.org/multipage/links.html#update-href */
  #updateHref(url: URL): void {
    this.#host.setHref(url.href);
  }

  /** Runs the URL Standard's setter `name` on the url, then updates the href attribute. */
  #set(name: Setter, value: string, when: (url: URL) => boolean = () => true): void {
    const url = this.#reinitialize();
    if (url === null || !when(url)) return;
    url[name] = value;
    this.#updateHref(url);
  }

  get href(): string {
    const url = this.#reinitialize();
    if (url !== null) return url.href;
    return this.#host.getHref() ?? '';
  }

  set href(value: string) {
    this.#host.setHref(toUSVString(value));
  }

  get origin(): string {
    const url = this.#reinitialize();
    return url === null ? '' : url.origin;
  }

  get protocol(): string {
    const url = this.#reinitialize();
    return url === null ? ':' : url.protocol;
  }

  set protocol(value: string) {
    this.#set('protocol', toUSVString(value));
  }

  get username(): string {
    return this.#reinitialize()?.username ?? '';
  }

  set username(value: string) {
    this.#set('username', toUSVString(value), canHaveUsernamePasswordPort);
  }

  get password(): string {
    return this.#reinitialize()?.password ?? '';
  }

  set password(value: string) {
    this.#set('password', toUSVString(value), canHaveUsernamePasswordPort);
  }

  get host(): string {
    return this.#reinitialize()?.host ?? '';
  }

  set host(value: string) {
    this.#set('host', toUSVString(value), hasNoOpaquePath);
  }

  get hostname(): string {
    return this.#reinitialize()?.hostname ?? '';
  }

  set hostname(value: string) {
    this.#set('hostname', toUSVString(value), hasNoOpaquePath);
  }

  get port(): string {
    return this.#reinitialize()?.port ?? '';
  }

  set port(value: string) {
    this.#set('port', toUSVString(value), canHaveUsernamePasswordPort);
  }

  get pathname(): string {
    return this.#reinitialize()?.pathname ?? '';
  }

  set pathname(value: string) {
    this.#set('pathname', toUSVString(value), hasNoOpaquePath);
  }

  get search(): string {
    return this.#reinitialize()?.search ?? '';
  }

  set search(value: string) {
    this.#set('search', toUSVString(value));
  }

  get hash(): string {
    return this.#reinitialize()?.hash ?? '';
  }

  set hash(value: string) {
    this.#set('hash', toUSVString(value));
  }

  /** The stringifier: the href getter. */
  toString(): string {
    return this.href;
  }

  get [Symbol.toStringTag](): string {
    return 'URLUtils';
  }
}

const canHaveUsernamePasswordPort = (url: URL) => !cannotHaveUsernamePasswordPort(readRecordOf(url));
const hasNoOpaquePath = (url: URL) => !hasOpaquePath(readRecordOf(url));

/**
 * Defines the HTMLHyperlinkElementUtils accessors (href, origin, protocol, username, password,
 * host, hostname, port, pathname, search, hash; origin without a setter) and the href stringifier
 * (toString) on `target`, each working on `host`'s href and base as `URLUtils` does. The accessors
 * are enumerable and configurable, like WebIDL attributes; they ignore `this`, so `target` is the
 * object itself (an element), not a prototype shared by many.
 */
export function installURLUtils(target: object, host: URLUtilsHost): void {
  const utils = new URLUtils(host);
  const descriptors: PropertyDescriptorMap = {};
  for (const name of URL_UTILS_ATTRIBUTES) {
    const descriptor: PropertyDescriptor = {
      get: () => utils[name],
      enumerable: true,
      configurable: true,
    };
    if (name !== 'origin') {
      descriptor.set = (value: unknown) => {
        utils[name] = toUSVString(value);
      };
    }
    descriptors[name] = descriptor;
  }
  Object.defineProperties(target, descriptors);
  Object.defineProperty(target, 'toString', {
    value: function toString(): string {
      return utils.href;
    },
    writable: true,
    enumerable: false,
    configurable: true,
  });
}
