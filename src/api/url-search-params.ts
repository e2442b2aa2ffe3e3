// The URLSearchParams class: https://url.spec.whatwg.org/#interface-urlsearchparams
//
// The Web IDL layer (argument conversion, argument counts, brand checks, iterators) is written out
// by hand here, following https://webidl.spec.whatwg.org/ for the IDL in §6.2.

import { parseUrlencodedString, serializeUrlencoded } from './urlencoded';
import { toUSVString } from '../usv';
import { inspectCustom, type InspectFunction, type InspectOptions } from './inspect';

export { toUSVString };

/**
 * What a URLSearchParams object needs from its "URL object"
 * (https://url.spec.whatwg.org/#concept-urlsearchparams-url-object): access to that URL record's
 * query.
 */
export interface SearchParamsOwner {
  /** the URL record's query (null or string) */
  getQuery(): string | null;
  /** Sets the URL record's query (null or string); called by the "update" steps. */
  setQuery(query: string | null): void;
  /**
   * Optional. When the owner has it, the "update" steps call it instead of serializing the list
   * and calling setQuery: the owner notes that its query is out of date, and before anything
   * reads its URL record it sets the query to URLSearchParams._updatedQuery(params). Nothing can
   * tell the difference, as the record is not read in between; what it saves is a serialization
   * of the whole list on every change, which made n appends cost O(n^2).
   */
  queryChanged?(): void;
}

/** Accepted by the constructor: a query string, a sequence of name-value pairs, or a record. */
export type URLSearchParamsInit = string | Iterable<Iterable<string>> | Record<string, string>;

type NameValue = [name: string, value: string];


function isObject(value: unknown): value is object {
  return (typeof value === 'object' && value !== null) || typeof value === 'function';
}

function requireArguments(method: string, given: number, required: number): void {
  if (given < required) {
    const noun = required === 1 ? 'argument' : 'arguments';
    throw new TypeError(
      `Failed to execute '${method}' on 'URLSearchParams': ${required} ${noun} required, but only ${given} present.`,
    );
  }
}

// https://tc39.es/ecma262/#sec-getmethod for @@iterator.
function getIteratorMethod(value: object): ((this: unknown) => unknown) | undefined {
  const method: unknown = (value as { [Symbol.iterator]?: unknown })[Symbol.iterator];
  if (method === undefined || method === null) return undefined;
  if (typeof method !== 'function') throw new TypeError('@@iterator is not callable');
  return method as (this: unknown) => unknown;
}

// https://webidl.spec.whatwg.org/#create-sequence-from-iterable: GetIteratorFromMethod, then step
// until done (no IteratorClose on a conversion error, unlike for-of).
function* iterateWithMethod(iterable: object, method: (this: unknown) => unknown): Generator<unknown> {
  const iterator: unknown = method.call(iterable);
  if (!isObject(iterator)) throw new TypeError('Result of the @@iterator method is not an object');
  const next: unknown = (iterator as { next?: unknown }).next;
  if (typeof next !== 'function') throw new TypeError('Iterator has no callable next method');
  for (;;) {
    const result: unknown = next.call(iterator);
    if (!isObject(result)) throw new TypeError('Iterator result is not an object');
    if ((result as { done?: unknown }).done) return;
    yield (result as { value?: unknown }).value;
  }
}

// sequence<sequence<USVString>>: https://webidl.spec.whatwg.org/#js-sequence
function toSequenceOfSequences(iterable: object, method: (this: unknown) => unknown): string[][] {
  const outer: string[][] = [];
  for (const item of iterateWithMethod(iterable, method)) {
    if (!isObject(item)) {
      throw new TypeError("Failed to construct 'URLSearchParams': each pair must be an iterable object");
    }
    const innerMethod = getIteratorMethod(item);
    if (innerMethod === undefined) {
      throw new TypeError("Failed to construct 'URLSearchParams': each pair must be an iterable object");
    }
    const inner: string[] = [];
    for (const part of iterateWithMethod(item, innerMethod)) inner.push(toUSVString(part));
    outer.push(inner);
  }
  return outer;
}

// record<USVString, USVString>: https://webidl.spec.whatwg.org/#js-record
// An ordered map: a key met again (two keys can become equal once lone surrogates are replaced)
// keeps its first position and takes the later value.
function toRecord(object: object): Map<string, string> {
  const result = new Map<string, string>();
  for (const key of Reflect.ownKeys(object)) {
    const desc = Reflect.getOwnPropertyDescriptor(object, key);
    if (desc === undefined || !desc.enumerable) continue;
    const typedKey = toUSVString(key); // a Symbol key throws a TypeError, as in Web IDL
    const typedValue = toUSVString((object as Record<PropertyKey, unknown>)[key]);
    result.set(typedKey, typedValue);
  }
  return result;
}

/**
 * https://url.spec.whatwg.org/#concept-urlsearchparams-update steps 2 and 3: the list serialized,
 * or null for the empty string.
 */
function updatedQuery(list: readonly NameValue[]): string | null {
  const serializedQuery = serializeUrlencoded(list);
  return serializedQuery === '' ? null : serializedQuery;
}

/** The kinds of https://webidl.spec.whatwg.org/#dfn-default-iterator-object */
type IterationKind = 'key' | 'value' | 'key+value';

// Module-private access to a URLSearchParams object's list, set up in the class's static block.
let listOf: (params: URLSearchParams) => NameValue[];
let isURLSearchParams: (value: unknown) => value is URLSearchParams;

/** Web IDL's "implements" check on `this`: a TypeError for anything that is not a URLSearchParams object. */
function brandCheck(value: unknown): void {
  if (!isURLSearchParams(value)) throw new TypeError("Illegal invocation: 'this' is not a URLSearchParams object");
}

/**
 * https://url.spec.whatwg.org/#urlsearchparams
 */
export class URLSearchParams {
  /** https://url.spec.whatwg.org/#concept-urlsearchparams-list (mutated in place, never replaced) */
  readonly #list: NameValue[] = [];
  /** https://url.spec.whatwg.org/#concept-urlsearchparams-url-object */
  #urlObject: SearchParamsOwner | null = null;

  declare readonly [Symbol.toStringTag]: string;
  declare [Symbol.iterator]: () => IterableIterator<[string, string]>;

  static {
    listOf = (params) => params.#list;
    isURLSearchParams = (value): value is URLSearchParams =>
      typeof value === 'object' && value !== null && #list in value;
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-urlsearchparams */
  constructor(init: URLSearchParamsInit | URLSearchParams = '') {
    // Web IDL union conversion of (sequence<sequence<USVString>> or record<USVString, USVString>
    // or USVString): https://webidl.spec.whatwg.org/#es-union
    const value: unknown = init;
    if (isObject(value)) {
      const method = getIteratorMethod(value);
      if (method !== undefined) {
        const sequence = toSequenceOfSequences(value, method);
        // https://url.spec.whatwg.org/#urlsearchparams-initialize, sequence branch.
        for (const inner of sequence) {
          if (inner.length !== 2) {
            throw new TypeError(
              `Failed to construct 'URLSearchParams': a pair must have exactly 2 items, not ${inner.length}`,
            );
          }
          this.#list.push([inner[0], inner[1]]);
        }
      } else {
        // https://url.spec.whatwg.org/#urlsearchparams-initialize, record branch.
        for (const [name, item] of toRecord(value)) this.#list.push([name, item]);
      }
    } else {
      let string = toUSVString(value);
      // Constructor step 1: drop one leading "?".
      if (string.startsWith('?')) string = string.slice(1);
      this.#initializeFromString(string);
    }
  }

  /** https://url.spec.whatwg.org/#urlsearchparams-initialize, string branch: replaces the list. */
  #initializeFromString(input: string): void {
    const list = this.#list;
    list.length = 0;
    for (const tuple of parseUrlencodedString(input)) list.push(tuple);
  }

  /** https://url.spec.whatwg.org/#concept-urlsearchparams-update (deferred when the owner allows it) */
  #update(): void {
    const owner = this.#urlObject;
    if (owner === null) return;
    if (owner.queryChanged !== undefined) owner.queryChanged();
    else owner.setQuery(updatedQuery(this.#list));
  }

  /**
   * Internal, for the URL class: https://url.spec.whatwg.org/#concept-url-initialize steps 3 to 5.
   * Creates a URLSearchParams object whose URL object is `owner`, its list initialized by parsing
   * `owner.getQuery()` (or the empty string when that is null). No leading "?" is removed.
   * @internal
   */
  static _forURL(owner: SearchParamsOwner): URLSearchParams {
    const params = new URLSearchParams();
    params.#initializeFromString(owner.getQuery() ?? '');
    params.#urlObject = owner;
    return params;
  }

  /**
   * Internal, for the URL class's href and search setters
   * (https://url.spec.whatwg.org/#dom-url-href, https://url.spec.whatwg.org/#dom-url-search):
   * replaces `params`'s list with the result of parsing `query` (empty when null), without running
   * the update steps.
   * @internal
   */
  static _setQuery(params: URLSearchParams, query: string | null): void {
    params.#initializeFromString(query ?? '');
  }

  /**
   * Internal, for an owner with queryChanged: the query the "update" steps would have set, from
   * the list as it is now.
   * @internal
   */
  static _updatedQuery(params: URLSearchParams): string | null {
    return updatedQuery(params.#list);
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-size */
  get size(): number {
    return this.#list.length;
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-append */
  append(name: string, value: string): void {
    const list = this.#list;
    requireArguments('append', arguments.length, 2);
    const n = toUSVString(name);
    const v = toUSVString(value);
    list.push([n, v]);
    this.#update();
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-delete */
  delete(name: string, value: string | undefined = undefined): void {
    const list = this.#list;
    requireArguments('delete', arguments.length, 1);
    const n = toUSVString(name);
    // An optional argument given as undefined counts as not given (Web IDL).
    const v = value === undefined ? undefined : toUSVString(value);
    let kept = 0;
    for (let i = 0; i < list.length; i++) {
      const tuple = list[i];
      const remove = tuple[0] === n && (v === undefined || tuple[1] === v);
      if (!remove) list[kept++] = tuple;
    }
    list.length = kept;
    this.#update();
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-get */
  get(name: string): string | null {
    const list = this.#list;
    requireArguments('get', arguments.length, 1);
    const n = toUSVString(name);
    for (const tuple of list) {
      if (tuple[0] === n) return tuple[1];
    }
    return null;
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-getall */
  getAll(name: string): string[] {
    const list = this.#list;
    requireArguments('getAll', arguments.length, 1);
    const n = toUSVString(name);
    const values: string[] = [];
    for (const tuple of list) {
      if (tuple[0] === n) values.push(tuple[1]);
    }
    return values;
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-has */
  has(name: string, value: string | undefined = undefined): boolean {
    const list = this.#list;
    requireArguments('has', arguments.length, 1);
    const n = toUSVString(name);
    const v = value === undefined ? undefined : toUSVString(value);
    for (const tuple of list) {
      if (tuple[0] === n && (v === undefined || tuple[1] === v)) return true;
    }
    return false;
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-set */
  set(name: string, value: string): void {
    const list = this.#list;
    requireArguments('set', arguments.length, 2);
    const n = toUSVString(name);
    const v = toUSVString(value);
    let kept = 0;
    let found = false;
    for (let i = 0; i < list.length; i++) {
      const tuple = list[i];
      if (tuple[0] === n) {
        if (found) continue; // remove the others
        found = true;
        tuple[1] = v; // the first such tuple takes the value
      }
      list[kept++] = tuple;
    }
    list.length = kept;
    if (!found) list.push([n, v]);
    this.#update();
  }

  /** https://url.spec.whatwg.org/#dom-urlsearchparams-sort */
  sort(): void {
    // Array.prototype.sort is stable; `<` on strings compares UTF-16 code units, which is
    // https://infra.spec.whatwg.org/#code-unit-less-than.
    this.#list.sort((a, b) => (a[0] < b[0] ? -1 : b[0] < a[0] ? 1 : 0));
    this.#update();
  }

  /** The stringification behavior: https://url.spec.whatwg.org/#urlsearchparams-stringification-behavior */
  toString(): string {
    return serializeUrlencoded(this.#list);
  }

  /**
   * Web IDL's forEach for a pair iterable: https://webidl.spec.whatwg.org/#es-forEach
   * (live: the list is re-read after every call, by index).
   */
  forEach(
    callback: (value: string, name: string, params: URLSearchParams) => void,
    thisArg: unknown = undefined,
  ): void {
    const list = this.#list;
    requireArguments('forEach', arguments.length, 1);
    if (typeof callback !== 'function') {
      throw new TypeError("Failed to execute 'forEach' on 'URLSearchParams': parameter 1 is not a function");
    }
    // `list` is the live list (never replaced), so its length and items are re-read each round.
    for (let i = 0; i < list.length; i++) {
      const [name, value] = list[i];
      callback.call(thisArg, value, name, this);
    }
  }

  /** https://webidl.spec.whatwg.org/#es-iterable-entries (also the @@iterator) */
  entries(): IterableIterator<[string, string]> {
    brandCheck(this);
    return new URLSearchParamsIterator<[string, string]>(this, 'key+value');
  }

  /** https://webidl.spec.whatwg.org/#es-iterable-keys */
  keys(): IterableIterator<string> {
    brandCheck(this);
    return new URLSearchParamsIterator<string>(this, 'key');
  }

  /** https://webidl.spec.whatwg.org/#es-iterable-values */
  values(): IterableIterator<string> {
    brandCheck(this);
    return new URLSearchParamsIterator<string>(this, 'value');
  }

  /**
   * What Node's util.inspect and console.log show: the name-value pairs, as Node shows its own
   * URLSearchParams (`URLSearchParams { 'a' => '1' }`). Node passes its inspect function as the
   * third argument, so no Node module is imported here.
   */
  [inspectCustom](depth: number | null, options: InspectOptions, inspect?: InspectFunction): unknown {
    if (!isURLSearchParams(this)) return this;
    const list = this.#list;
    if (typeof inspect !== 'function') return list.map(([name, value]) => [name, value]);
    if (typeof depth === 'number' && depth < 0) return '[URLSearchParams]';
    if (list.length === 0) return 'URLSearchParams {}';
    const inner = { ...options, depth: typeof depth === 'number' ? depth - 1 : depth };
    const pairs = list.map(([name, value]) => `${inspect(name, inner)} => ${inspect(value, inner)}`);
    const oneLine = `URLSearchParams { ${pairs.join(', ')} }`;
    const breakLength = typeof options?.breakLength === 'number' ? options.breakLength : 80;
    // Node's own measure leaves out colour escapes; a line is broken only when it is too long.
    // eslint-disable-next-line no-control-regex
    if (oneLine.replace(/\u001b\[[0-9;]*m/g, '').length <= breakLength) return oneLine;
    return `URLSearchParams {\n  ${pairs.join(',\n  ')} }`;
  }
}

/**
 * A default iterator object (https://webidl.spec.whatwg.org/#dfn-default-iterator-object) for
 * URLSearchParams: it holds its target, kind and an index, and each next() re-reads the target's
 * list, so it sees mutations made while iterating.
 */
class URLSearchParamsIterator<T> implements IterableIterator<T> {
  readonly #target: URLSearchParams;
  readonly #kind: IterationKind;
  #index = 0;

  declare readonly [Symbol.toStringTag]: string;
  declare [Symbol.iterator]: () => this;

  constructor(target: URLSearchParams, kind: IterationKind) {
    this.#target = target;
    this.#kind = kind;
  }

  /** https://webidl.spec.whatwg.org/#es-iterator-prototype-object next() */
  next(): IteratorResult<T> {
    const kind = this.#kind;
    const pairs = listOf(this.#target);
    const index = this.#index;
    if (index >= pairs.length) return { value: undefined, done: true };
    const [name, value] = pairs[index];
    this.#index = index + 1;
    // https://webidl.spec.whatwg.org/#iterator-result
    const result = kind === 'key' ? name : kind === 'value' ? value : [name, value];
    return { value: result as T, done: false };
  }
}

// Web IDL property shapes (https://webidl.spec.whatwg.org/#es-interfaces): operations, the
// attribute getter and the iterable methods are enumerable; @@iterator is the same function as
// entries; @@toStringTag is a non-writable data property on each prototype.
for (const key of [
  'size',
  'append',
  'delete',
  'get',
  'getAll',
  'has',
  'set',
  'sort',
  'toString',
  'forEach',
  'entries',
  'keys',
  'values',
]) {
  Object.defineProperty(URLSearchParams.prototype, key, { enumerable: true });
}
Object.defineProperty(URLSearchParams.prototype, Symbol.iterator, {
  value: URLSearchParams.prototype.entries,
  writable: true,
  enumerable: false,
  configurable: true,
});
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, {
  value: 'URLSearchParams',
  writable: false,
  enumerable: false,
  configurable: true,
});

// https://webidl.spec.whatwg.org/#es-iterator-prototype-object: [[Prototype]] is %IteratorPrototype%
// (which supplies @@iterator returning this), next is enumerable.
const iteratorPrototype: object = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()));
Object.setPrototypeOf(URLSearchParamsIterator.prototype, iteratorPrototype);
Object.defineProperty(URLSearchParamsIterator.prototype, 'next', { enumerable: true });
Object.defineProperty(URLSearchParamsIterator.prototype, Symbol.toStringTag, {
  value: 'URLSearchParams Iterator',
  writable: false,
  enumerable: false,
  configurable: true,
});
