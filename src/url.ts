// The URL class: https://url.spec.whatwg.org/#url-class
// (The setters and the rest of the API build on this in src/api.)

import { basicURLParse, parseURL } from './parse';
import { type URLRecord } from './record';
import { serializeHost } from './semantic/host';
import { serializeOrigin, serializePath, serializeURL, urlOrigin } from './serialize';
import { URLSearchParams } from './url-search-params';
import { toUSVString } from './usv';

const originParse = (input: string) => basicURLParse(input);

/** Set just before `new URL` by URL.parse, which already holds the parsed record. */
let adopt: URLRecord | null = null;

export class URL {
  #url: URLRecord;
  #query: URLSearchParams | null = null;

  /** https://url.spec.whatwg.org/#dom-url-url */
  constructor(url: string, base?: string) {
    if (adopt !== null) {
      this.#url = adopt;
      adopt = null;
      return;
    }
    if (arguments.length === 0) throw new TypeError("Failed to construct 'URL': 1 argument required, but only 0 present.");
    const parsed = URL.#parse(toUSVString(url), base === undefined ? undefined : toUSVString(base));
    if (parsed === null) throw new TypeError(`Invalid URL: ${String(url)}`);
    this.#url = parsed;
  }

  /** https://url.spec.whatwg.org/#api-url-parser */
  static #parse(url: string, base: string | undefined): URLRecord | null {
    let parsedBase: URLRecord | null = null;
    if (base !== undefined) {
      parsedBase = parseURL(base);
      if (parsedBase === null) return null;
    }
    return parseURL(url, { baseURL: parsedBase });
  }

  /** https://url.spec.whatwg.org/#dom-url-parse */
  static parse(url: string, base?: string): URL | null {
    if (arguments.length === 0) throw new TypeError("Failed to execute 'parse' on 'URL': 1 argument required.");
    const parsed = URL.#parse(toUSVString(url), base === undefined ? undefined : toUSVString(base));
    if (parsed === null) return null;
    adopt = parsed;
    return new URL('');
  }

  /** https://url.spec.whatwg.org/#dom-url-canparse */
  static canParse(url: string, base?: string): boolean {
    if (arguments.length === 0) throw new TypeError("Failed to execute 'canParse' on 'URL': 1 argument required.");
    return URL.#parse(toUSVString(url), base === undefined ? undefined : toUSVString(base)) !== null;
  }

  /** The URL record behind this object (shared, not copied). */
  static recordOf(url: URL): URLRecord {
    return url.#url;
  }

  get href(): string {
    return serializeURL(this.#url);
  }

  get origin(): string {
    return serializeOrigin(urlOrigin(this.#url, originParse));
  }

  get protocol(): string {
    return this.#url.scheme + ':';
  }

  get username(): string {
    return this.#url.username;
  }

  get password(): string {
    return this.#url.password;
  }

  get host(): string {
    const { host, port } = this.#url;
    if (host === null) return '';
    return port === null ? serializeHost(host) : serializeHost(host) + ':' + port;
  }

  get hostname(): string {
    const host = this.#url.host;
    return host === null ? '' : serializeHost(host);
  }

  get port(): string {
    const port = this.#url.port;
    return port === null ? '' : String(port);
  }

  get pathname(): string {
    return serializePath(this.#url);
  }

  get search(): string {
    const q = this.#url.query;
    return q === null || q === '' ? '' : '?' + q;
  }

  get searchParams(): URLSearchParams {
    if (this.#query === null) {
      this.#query = URLSearchParams._forURL({
        getQuery: () => this.#url.query,
        setQuery: (q) => {
          this.#url.query = q;
        },
      });
    }
    return this.#query;
  }

  get hash(): string {
    const f = this.#url.fragment;
    return f === null || f === '' ? '' : '#' + f;
  }

  toString(): string {
    return this.href;
  }

  toJSON(): string {
    return this.href;
  }

  get [Symbol.toStringTag](): string {
    return 'URL';
  }
}
