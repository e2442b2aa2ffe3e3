import { expect } from 'chai';
import { SearchParamsOwner, URLSearchParams, toUSVString } from '../src/api/url-search-params';
import wptCases from './wpt/urlencoded-parser-data.json';

interface ParserCase {
  input: string;
  output: Array<[string, string]>;
}

/** Calls a method with an arbitrary `this` and arguments, bypassing the static types. */
function callLoose(fn: unknown, thisArg: unknown, ...args: unknown[]): unknown {
  return Reflect.apply(fn as (...a: unknown[]) => unknown, thisArg, args);
}

/** Constructs with an arbitrary init value, bypassing the static types. */
function construct(...args: unknown[]): URLSearchParams {
  return Reflect.construct(URLSearchParams, args) as URLSearchParams;
}

/** A stand-in URL object that records every setQuery call. */
class FakeOwner implements SearchParamsOwner {
  readonly calls: Array<string | null> = [];
  getQueryCalls = 0;
  constructor(public query: string | null) {}
  getQuery(): string | null {
    this.getQueryCalls++;
    return this.query;
  }
  setQuery(query: string | null): void {
    this.calls.push(query);
    this.query = query;
  }
}

describe('URLSearchParams', () => {
  describe('WPT urlencoded-parser-data.json through new URLSearchParams(input)', () => {
    for (const c of wptCases as ParserCase[]) {
      it(`parses ${JSON.stringify(c.input)}`, () => {
        expect([...new URLSearchParams(c.input)]).to.deep.equal(c.output);
      });
    }
  });

  describe('toUSVString', () => {
    it('stringifies, then replaces lone surrogates with U+FFFD', () => {
      expect(toUSVString('a\uD800')).to.equal('a\uFFFD');
      expect(toUSVString('\uDC00\uD83D\uDE00')).to.equal('\uFFFD\u{1F600}');
      expect(toUSVString(12)).to.equal('12');
      expect(toUSVString(null)).to.equal('null');
      expect(toUSVString(undefined)).to.equal('undefined');
      expect(toUSVString({ toString: () => 'x\uDBFF' })).to.equal('x\uFFFD');
    });

    it('throws a TypeError for a Symbol (ToString, not String())', () => {
      expect(() => toUSVString(Symbol('s'))).to.throw(TypeError);
    });
  });

  describe('constructor', () => {
    it('starts empty with no argument, undefined or ""', () => {
      for (const p of [new URLSearchParams(), new URLSearchParams(undefined), new URLSearchParams('')]) {
        expect(p.size).to.equal(0);
        expect(p.toString()).to.equal('');
      }
    });

    it('drops a single leading "?" from a string', () => {
      expect([...new URLSearchParams('?a=b')]).to.deep.equal([['a', 'b']]);
      expect([...new URLSearchParams('??a=b')]).to.deep.equal([['?a', 'b']]);
      expect([...new URLSearchParams('?')]).to.deep.equal([]);
      expect([...new URLSearchParams('a=?')]).to.deep.equal([['a', '?']]);
    });

    it('converts primitives other than undefined to strings (null is "null")', () => {
      expect([...construct(null)]).to.deep.equal([['null', '']]);
      expect([...construct(42)]).to.deep.equal([['42', '']]);
      expect([...construct(true)]).to.deep.equal([['true', '']]);
      expect(() => construct(Symbol('x'))).to.throw(TypeError);
    });

    it('replaces lone surrogates in a string init with U+FFFD', () => {
      expect([...new URLSearchParams('a\uD800=\uDC00b')]).to.deep.equal([['a\uFFFD', '\uFFFDb']]);
    });

    describe('sequence of pairs', () => {
      it('appends each pair in order, duplicates included', () => {
        const p = new URLSearchParams([
          ['a', '1'],
          ['b', '2'],
          ['a', '3'],
        ]);
        expect([...p]).to.deep.equal([
          ['a', '1'],
          ['b', '2'],
          ['a', '3'],
        ]);
        expect(p.toString()).to.equal('a=1&b=2&a=3');
      });

      it('does not drop a "?" from a name in a pair', () => {
        expect([...new URLSearchParams([['?a', 'b']])]).to.deep.equal([['?a', 'b']]);
      });

      it('accepts any iterable of iterables (generators, Sets, Maps)', () => {
        function* pairs(): Generator<Iterable<string>> {
          yield new Set(['x', 'y']);
          yield 'zw'; // a string primitive is not an object: must throw below
        }
        expect(() => new URLSearchParams(pairs())).to.throw(TypeError);
        function* good(): Generator<Iterable<string>> {
          yield new Set(['x', 'y']);
          yield (function* () {
            yield 'k';
            yield 'v';
          })();
        }
        expect([...new URLSearchParams(good())]).to.deep.equal([
          ['x', 'y'],
          ['k', 'v'],
        ]);
        expect([...new URLSearchParams(new Map([['m', 'n']]))]).to.deep.equal([['m', 'n']]);
      });

      it('converts items to USVStrings', () => {
        expect([...construct([[1, false]])]).to.deep.equal([['1', 'false']]);
        expect([...construct([['\uD800', '\uDC00x']])]).to.deep.equal([['\uFFFD', '\uFFFDx']]);
        expect([...construct([[{ toString: () => 'o' }, null]])]).to.deep.equal([['o', 'null']]);
      });

      it('throws a TypeError for a pair that does not have exactly two items', () => {
        expect(() => construct([[]])).to.throw(TypeError);
        expect(() => construct([['a']])).to.throw(TypeError);
        expect(() => construct([['a', 'b', 'c']])).to.throw(TypeError);
        expect(() => construct([['a', 'b'], ['c']])).to.throw(TypeError);
      });

      it('throws a TypeError for an item that is not an iterable object', () => {
        expect(() => construct(['ab'])).to.throw(TypeError);
        expect(() => construct([{}])).to.throw(TypeError);
        expect(() => construct([null])).to.throw(TypeError);
        expect(() => construct([{ 0: 'a', 1: 'b', length: 2 }])).to.throw(TypeError);
      });

      it('throws a TypeError when @@iterator is not callable', () => {
        expect(() => construct({ [Symbol.iterator]: 1 })).to.throw(TypeError);
      });

      it('propagates an exception thrown while iterating', () => {
        const boom = new RangeError('boom');
        const init = {
          *[Symbol.iterator](): Generator<string[]> {
            yield ['a', 'b'];
            throw boom;
          },
        };
        expect(() => construct(init)).to.throw(boom);
      });
    });

    describe('record', () => {
      it('appends own enumerable string-keyed properties in property order', () => {
        expect([...new URLSearchParams({ b: '1', a: '2 3' })]).to.deep.equal([
          ['b', '1'],
          ['a', '2 3'],
        ]);
        // Integer-like keys come first in OwnPropertyKeys order.
        expect([...construct({ z: 'x', 7: 'y' })]).to.deep.equal([
          ['7', 'y'],
          ['z', 'x'],
        ]);
      });

      it('skips inherited and non-enumerable properties, and calls getters', () => {
        const o = Object.create({ inherited: 'no' }) as Record<string, unknown>;
        Object.defineProperty(o, 'hidden', { value: 'no', enumerable: false });
        Object.defineProperty(o, 'computed', { get: () => 'yes', enumerable: true });
        o.plain = 5;
        expect([...construct(o)]).to.deep.equal([
          ['computed', 'yes'],
          ['plain', '5'],
        ]);
      });

      it('treats an object whose @@iterator is undefined or null as a record', () => {
        for (const value of [undefined, null]) {
          const hidden = Object.defineProperty({ a: 'b' }, Symbol.iterator, { value, enumerable: false });
          expect([...construct(hidden)]).to.deep.equal([['a', 'b']]);
          // As an enumerable own property, the Symbol key itself cannot become a USVString.
          expect(() => construct({ a: 'b', [Symbol.iterator]: value })).to.throw(TypeError);
        }
      });

      it('treats a function as a record of its own enumerable properties', () => {
        const f = Object.assign(() => 0, { k: 'v' });
        expect([...construct(f)]).to.deep.equal([['k', 'v']]);
      });

      it('throws a TypeError for an enumerable Symbol key, ignores a non-enumerable one', () => {
        expect(() => construct({ [Symbol('s')]: 'v' })).to.throw(TypeError);
        const o = Object.defineProperty({ a: '1' }, Symbol('t'), { value: 'v', enumerable: false });
        expect([...construct(o)]).to.deep.equal([['a', '1']]);
      });

      it('merges keys that become equal after USVString conversion (first position, last value)', () => {
        const p = construct({ 'a\uD800': '1', b: '2', 'a\uDC00': '3' });
        expect([...p]).to.deep.equal([
          ['a\uFFFD', '3'],
          ['b', '2'],
        ]);
      });

      it('converts values to USVStrings', () => {
        expect([...construct({ x: 1, y: null, z: '\uDFFF' })]).to.deep.equal([
          ['x', '1'],
          ['y', 'null'],
          ['z', '\uFFFD'],
        ]);
      });
    });

    describe('from another URLSearchParams', () => {
      it('copies the entries, and the copy is independent', () => {
        const original = new URLSearchParams('a=1&b=2&a=3');
        const copy = new URLSearchParams(original);
        expect([...copy]).to.deep.equal([...original]);
        copy.append('c', '4');
        copy.delete('a');
        expect(original.toString()).to.equal('a=1&b=2&a=3');
        expect(copy.toString()).to.equal('b=2&c=4');
      });

      it('copies names starting with "?" without dropping it', () => {
        const original = new URLSearchParams([['?q', 'v']]);
        expect(new URLSearchParams(original).get('?q')).to.equal('v');
      });
    });
  });

  describe('size', () => {
    it('follows the list through every mutation', () => {
      const p = new URLSearchParams('a=1&a=2&b=3');
      expect(p.size).to.equal(3);
      p.append('c', '4');
      expect(p.size).to.equal(4);
      p.set('a', '5');
      expect(p.size).to.equal(3);
      p.delete('b');
      expect(p.size).to.equal(2);
      p.delete('a', 'nope');
      expect(p.size).to.equal(2);
    });
  });

  describe('append', () => {
    it('adds at the end, keeping duplicates', () => {
      const p = new URLSearchParams('a=1');
      p.append('a', '2');
      p.append('', '');
      expect([...p]).to.deep.equal([
        ['a', '1'],
        ['a', '2'],
        ['', ''],
      ]);
    });

    it('converts arguments to USVStrings', () => {
      const p = new URLSearchParams();
      callLoose(p.append, p, 1, undefined);
      p.append('\uD800x', 'y\uDC00');
      expect([...p]).to.deep.equal([
        ['1', 'undefined'],
        ['\uFFFDx', 'y\uFFFD'],
      ]);
    });

    it('throws a TypeError with fewer than two arguments', () => {
      const p = new URLSearchParams();
      expect(() => callLoose(p.append, p, 'a')).to.throw(TypeError, /2 arguments required/);
      expect(() => callLoose(p.append, p)).to.throw(TypeError);
      expect(p.size).to.equal(0);
    });
  });

  describe('delete', () => {
    it('removes every tuple with the name', () => {
      const p = new URLSearchParams('a=1&b=2&a=3&c=4');
      p.delete('a');
      expect(p.toString()).to.equal('b=2&c=4');
    });

    it('with a value, removes only tuples matching both name and value', () => {
      const p = new URLSearchParams('a=1&b=1&a=2&a=1');
      p.delete('a', '1');
      expect([...p]).to.deep.equal([
        ['b', '1'],
        ['a', '2'],
      ]);
    });

    it('treats an undefined value as not given', () => {
      const p = new URLSearchParams('a=1&a=undefined&b=2');
      p.delete('a', undefined);
      expect(p.toString()).to.equal('b=2');
    });

    it('converts a non-undefined value to a string', () => {
      const p = new URLSearchParams('a=null&a=1');
      callLoose(p.delete, p, 'a', null);
      expect(p.toString()).to.equal('a=1');
    });

    it('matches names and values after USVString conversion', () => {
      const p = new URLSearchParams([['\uFFFD', '\uFFFD']]);
      p.delete('\uD800', '\uDC00');
      expect(p.size).to.equal(0);
    });

    it('does nothing for an absent name and throws without arguments', () => {
      const p = new URLSearchParams('a=1');
      p.delete('z');
      expect(p.toString()).to.equal('a=1');
      expect(() => callLoose(p.delete, p)).to.throw(TypeError);
    });
  });

  describe('get and getAll', () => {
    it('get returns the first value, "" for an empty value, null when absent', () => {
      const p = new URLSearchParams('a=1&a=2&e=&f');
      expect(p.get('a')).to.equal('1');
      expect(p.get('e')).to.equal('');
      expect(p.get('f')).to.equal('');
      expect(p.get('z')).to.equal(null);
    });

    it('getAll returns all values in order, [] when absent', () => {
      const p = new URLSearchParams('a=1&b=x&a=2&a=');
      expect(p.getAll('a')).to.deep.equal(['1', '2', '']);
      expect(p.getAll('z')).to.deep.equal([]);
    });

    it('getAll returns a fresh array', () => {
      const p = new URLSearchParams('a=1');
      p.getAll('a').push('x');
      expect(p.getAll('a')).to.deep.equal(['1']);
    });

    it('convert the name to a USVString', () => {
      const p = new URLSearchParams([['\uFFFD', 'v']]);
      expect(p.get('\uD800')).to.equal('v');
      expect(p.getAll('\uDC00')).to.deep.equal(['v']);
      expect(callLoose(p.get, new URLSearchParams('null=n'), null)).to.equal('n');
    });

    it('throw a TypeError without arguments', () => {
      const p = new URLSearchParams('a=1');
      expect(() => callLoose(p.get, p)).to.throw(TypeError);
      expect(() => callLoose(p.getAll, p)).to.throw(TypeError);
    });
  });

  describe('has', () => {
    it('tests the name, or the name and value when a value is given', () => {
      const p = new URLSearchParams('a=1&b=2&a=3');
      expect(p.has('a')).to.equal(true);
      expect(p.has('c')).to.equal(false);
      expect(p.has('a', '3')).to.equal(true);
      expect(p.has('a', '2')).to.equal(false);
      expect(p.has('b', '2')).to.equal(true);
    });

    it('treats an undefined value as not given, any other value is converted', () => {
      const p = new URLSearchParams('a=1&n=null');
      expect(p.has('a', undefined)).to.equal(true);
      expect(callLoose(p.has, p, 'n', null)).to.equal(true);
      expect(callLoose(p.has, p, 'a', 1)).to.equal(true);
      expect(callLoose(p.has, p, 'a', 2)).to.equal(false);
    });

    it('throws a TypeError without arguments', () => {
      const p = new URLSearchParams();
      expect(() => callLoose(p.has, p)).to.throw(TypeError);
    });
  });

  describe('set', () => {
    it('sets the first match, removes the others and keeps its position', () => {
      const p = new URLSearchParams('x=0&a=1&b=2&a=3&a=4');
      p.set('a', 'new');
      expect([...p]).to.deep.equal([
        ['x', '0'],
        ['a', 'new'],
        ['b', '2'],
      ]);
    });

    it('appends when the name is absent', () => {
      const p = new URLSearchParams('x=0');
      p.set('y', '1');
      expect(p.toString()).to.equal('x=0&y=1');
    });

    it('converts arguments and throws with fewer than two', () => {
      const p = new URLSearchParams();
      p.set('\uD800', '\uDC00');
      expect([...p]).to.deep.equal([['\uFFFD', '\uFFFD']]);
      expect(() => callLoose(p.set, p, 'a')).to.throw(TypeError);
      expect(p.size).to.equal(1);
    });
  });

  describe('sort', () => {
    it('orders by name and is stable for equal names', () => {
      const p = new URLSearchParams('z=1&a=1&z=2&b=1&a=2&z=3&a=3');
      p.sort();
      expect(p.toString()).to.equal('a=1&a=2&a=3&b=1&z=1&z=2&z=3');
    });

    it('is stable on a long list with few distinct names', () => {
      const names = ['c', 'a', 'b'];
      const p = new URLSearchParams();
      for (let i = 0; i < 300; i++) p.append(names[(i * 7) % 3], String(i));
      p.sort();
      const got = [...p];
      for (let i = 1; i < got.length; i++) {
        const [prev, cur] = [got[i - 1], got[i]];
        expect(prev[0] <= cur[0]).to.equal(true);
        if (prev[0] === cur[0]) expect(Number(prev[1])).to.be.lessThan(Number(cur[1]));
      }
      expect(got).to.have.length(300);
    });

    it('compares UTF-16 code units, not code points', () => {
      // U+1F600 is the surrogate pair D83D DE00; D83D < FFFD, so it sorts first, although its code
      // point is larger than U+FFFD's.
      const p = new URLSearchParams([
        ['\uFFFD', 'replacement'],
        ['\u{1F600}', 'emoji'],
        ['\uFF21', 'fullwidth'],
      ]);
      p.sort();
      expect([...p.keys()]).to.deep.equal(['\u{1F600}', '\uFF21', '\uFFFD']);
    });

    it('puts upper case before lower case and a prefix before longer names', () => {
      const p = new URLSearchParams('ab=1&a=2&B=3&=4');
      p.sort();
      expect([...p.keys()]).to.deep.equal(['', 'B', 'a', 'ab']);
    });

    it('leaves values out of the comparison', () => {
      const p = new URLSearchParams('a=z&a=y&a=x');
      p.sort();
      expect(p.getAll('a')).to.deep.equal(['z', 'y', 'x']);
    });
  });

  describe('toString', () => {
    it('serializes spaces as "+", including ones that came from "%20" or "+"', () => {
      expect(new URLSearchParams('a=b%20c+d').toString()).to.equal('a=b+c+d');
      expect(new URLSearchParams([['a b', ' ']]).toString()).to.equal('a+b=+');
    });

    it('percent-encodes "+" and "~", keeps "*-._"', () => {
      const p = new URLSearchParams([
        ['plus', '+'],
        ['tilde', '~'],
        ['safe', '*-._'],
      ]);
      expect(p.toString()).to.equal('plus=%2B&tilde=%7E&safe=*-._');
      expect(new URLSearchParams('a=%2B&b=~').toString()).to.equal('a=%2B&b=%7E');
    });

    it('percent-encodes the delimiters "&", "=", "%", "#" and "?"', () => {
      expect(new URLSearchParams([['&=', '%#?']]).toString()).to.equal('%26%3D=%25%23%3F');
    });

    it('writes "=" for name-only entries', () => {
      expect(new URLSearchParams('a&b=').toString()).to.equal('a=&b=');
    });

    it('encodes non-ASCII and surrogates as UTF-8 (lone ones as U+FFFD)', () => {
      const p = new URLSearchParams();
      p.append('\u{1F600}', '\u00e9');
      p.append('\uD800', 'x');
      expect(p.toString()).to.equal('%F0%9F%98%80=%C3%A9&%EF%BF%BD=x');
    });

    it('is the stringifier', () => {
      const p = new URLSearchParams('a=1 2');
      expect(String(p)).to.equal('a=1+2');
      expect(`${p}`).to.equal('a=1+2');
    });

    it('round-trips: parsing the serialization gives the same entries', () => {
      const p = new URLSearchParams([
        ['a b', 'c+d'],
        ['=&', '%~'],
        ['\u00e9', '\u{1F600}'],
      ]);
      expect([...new URLSearchParams(p.toString())]).to.deep.equal([...p]);
    });
  });

  describe('forEach', () => {
    it('calls back with (value, name, params) in order, with thisArg', () => {
      const p = new URLSearchParams('a=1&b=2');
      const self = { tag: 'this' };
      const seen: unknown[] = [];
      p.forEach(function (this: unknown, value, name, params) {
        seen.push([value, name, params === p, this]);
      }, self);
      expect(seen).to.deep.equal([
        ['1', 'a', true, self],
        ['2', 'b', true, self],
      ]);
    });

    it('is live: entries appended during iteration are visited, removed ones shift the index', () => {
      const p = new URLSearchParams('a=1&b=2&c=3');
      const seen: string[] = [];
      p.forEach((value, name) => {
        seen.push(name);
        if (name === 'a') p.delete('b');
        if (name === 'c') p.append('d', '4');
      });
      expect(seen).to.deep.equal(['a', 'c', 'd']);
    });

    it('throws a TypeError for a missing or non-callable callback', () => {
      const p = new URLSearchParams('a=1');
      expect(() => callLoose(p.forEach, p)).to.throw(TypeError);
      expect(() => callLoose(p.forEach, p, {})).to.throw(TypeError);
    });

    it('propagates an exception from the callback', () => {
      const p = new URLSearchParams('a=1&b=2');
      let calls = 0;
      expect(() =>
        p.forEach(() => {
          calls++;
          throw new RangeError('stop');
        }),
      ).to.throw(RangeError);
      expect(calls).to.equal(1);
    });
  });

  describe('iteration', () => {
    it('entries, keys and values yield the list in order', () => {
      const p = new URLSearchParams('a=1&b=2&a=3');
      expect([...p.entries()]).to.deep.equal([
        ['a', '1'],
        ['b', '2'],
        ['a', '3'],
      ]);
      expect([...p.keys()]).to.deep.equal(['a', 'b', 'a']);
      expect([...p.values()]).to.deep.equal(['1', '2', '3']);
    });

    it('@@iterator is entries', () => {
      expect(URLSearchParams.prototype[Symbol.iterator]).to.equal(URLSearchParams.prototype.entries);
      const p = new URLSearchParams('x=y');
      expect([...p]).to.deep.equal([['x', 'y']]);
    });

    it('is live by index: appending during iteration is seen', () => {
      const p = new URLSearchParams('a=1');
      const names: string[] = [];
      for (const [name] of p) {
        names.push(name);
        if (names.length < 3) p.append(`n${names.length}`, '');
      }
      expect(names).to.deep.equal(['a', 'n1', 'n2']);
    });

    it('is live by index: deleting an earlier entry skips the next one', () => {
      const p = new URLSearchParams('a=1&b=2&c=3');
      const it = p.keys();
      expect(it.next()).to.deep.equal({ value: 'a', done: false });
      p.delete('a');
      expect(it.next()).to.deep.equal({ value: 'c', done: false });
      expect(it.next()).to.deep.equal({ value: undefined, done: true });
    });

    it('sees values changed by set and the new order after sort', () => {
      const p = new URLSearchParams('b=1&a=2');
      const it = p.entries();
      p.sort();
      p.set('b', 'changed');
      expect(it.next().value).to.deep.equal(['a', '2']);
      expect(it.next().value).to.deep.equal(['b', 'changed']);
    });

    it('keeps its index after reporting done (Web IDL default iterator)', () => {
      const p = new URLSearchParams('a=1');
      const it = p.values();
      expect(it.next().done).to.equal(false);
      expect(it.next().done).to.equal(true);
      p.append('b', '2');
      expect(it.next()).to.deep.equal({ value: '2', done: false });
    });

    it('yields fresh pair arrays that do not alias the list', () => {
      const p = new URLSearchParams('a=1');
      const [pair] = [...p];
      pair[1] = 'mutated';
      expect(p.get('a')).to.equal('1');
    });

    it('iterator objects inherit from %IteratorPrototype% and are tagged', () => {
      const it = new URLSearchParams().entries();
      const iteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())) as object;
      expect(Object.getPrototypeOf(Object.getPrototypeOf(it))).to.equal(iteratorPrototype);
      expect(it[Symbol.iterator]()).to.equal(it);
      expect(Object.prototype.toString.call(it)).to.equal('[object URLSearchParams Iterator]');
    });

    it('next() throws a TypeError on a foreign object', () => {
      const it = new URLSearchParams('a=1').keys();
      expect(() => callLoose(it.next, {})).to.throw(TypeError);
    });
  });

  describe('Web IDL shape', () => {
    it('has the URLSearchParams @@toStringTag', () => {
      expect(Object.prototype.toString.call(new URLSearchParams())).to.equal('[object URLSearchParams]');
      const desc = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, Symbol.toStringTag);
      expect(desc).to.include({ value: 'URLSearchParams', writable: false, enumerable: false, configurable: true });
    });

    it('functions have Web IDL lengths (required arguments only)', () => {
      const proto = URLSearchParams.prototype;
      expect(URLSearchParams.length).to.equal(0);
      expect(proto.append.length).to.equal(2);
      expect(proto.delete.length).to.equal(1);
      expect(proto.get.length).to.equal(1);
      expect(proto.getAll.length).to.equal(1);
      expect(proto.has.length).to.equal(1);
      expect(proto.set.length).to.equal(2);
      expect(proto.sort.length).to.equal(0);
      expect(proto.forEach.length).to.equal(1);
    });

    it('operations and the size attribute are enumerable on the prototype', () => {
      const keys = Object.keys(URLSearchParams.prototype);
      for (const name of ['append', 'delete', 'get', 'getAll', 'has', 'set', 'sort', 'toString', 'size']) {
        expect(keys).to.include(name);
      }
      expect(keys).to.include.members(['entries', 'keys', 'values', 'forEach']);
    });

    it('methods and the size getter throw a TypeError on a foreign this', () => {
      const proto = URLSearchParams.prototype;
      const foreign = {};
      expect(() => callLoose(proto.get, foreign, 'a')).to.throw(TypeError);
      expect(() => callLoose(proto.append, foreign, 'a', 'b')).to.throw(TypeError);
      expect(() => callLoose(proto.toString, foreign)).to.throw(TypeError);
      expect(() => callLoose(proto.sort, foreign)).to.throw(TypeError);
      const sizeGetter = Object.getOwnPropertyDescriptor(proto, 'size')?.get;
      expect(() => callLoose(sizeGetter, foreign)).to.throw(TypeError);
    });
  });

  describe('link to a URL object (SearchParamsOwner)', () => {
    it('_forURL parses the owner query, keeping a leading "?" as part of the name', () => {
      expect([...URLSearchParams._forURL(new FakeOwner('a=1&b=%20'))]).to.deep.equal([
        ['a', '1'],
        ['b', ' '],
      ]);
      expect([...URLSearchParams._forURL(new FakeOwner('?x=1'))]).to.deep.equal([['?x', '1']]);
      expect(URLSearchParams._forURL(new FakeOwner(null)).size).to.equal(0);
      expect(URLSearchParams._forURL(new FakeOwner('')).size).to.equal(0);
    });

    it('_forURL does not write to the owner', () => {
      const owner = new FakeOwner('a=b%20~');
      URLSearchParams._forURL(owner);
      expect(owner.calls).to.deep.equal([]);
      expect(owner.query).to.equal('a=b%20~');
    });

    it('every mutation sets the owner query to the serialization', () => {
      const owner = new FakeOwner('a=1');
      const p = URLSearchParams._forURL(owner);
      p.append('b', 'x y');
      expect(owner.query).to.equal('a=1&b=x+y');
      p.set('a', '~');
      expect(owner.query).to.equal('a=%7E&b=x+y');
      p.delete('b');
      expect(owner.query).to.equal('a=%7E');
      expect(owner.calls).to.deep.equal(['a=1&b=x+y', 'a=%7E&b=x+y', 'a=%7E']);
    });

    it('sort re-serializes the query (spec example: "b ~" becomes "b+%7E")', () => {
      const owner = new FakeOwner('a=b%20~');
      URLSearchParams._forURL(owner).sort();
      expect(owner.calls).to.deep.equal(['a=b+%7E']);
    });

    it('updates even when nothing was removed', () => {
      const owner = new FakeOwner('a=~');
      const p = URLSearchParams._forURL(owner);
      p.delete('absent');
      expect(owner.calls).to.deep.equal(['a=%7E']);
    });

    it('sets the query to null when the list becomes empty', () => {
      const owner = new FakeOwner('a=1&a=2');
      const p = URLSearchParams._forURL(owner);
      p.delete('a', '1');
      expect(owner.query).to.equal('a=2');
      p.delete('a');
      expect(owner.query).to.equal(null);
      p.sort();
      expect(owner.calls).to.deep.equal(['a=2', null, null]);
    });

    it('does not write to the owner from read-only methods', () => {
      const owner = new FakeOwner('a=1');
      const p = URLSearchParams._forURL(owner);
      p.get('a');
      p.getAll('a');
      p.has('a');
      void p.size;
      p.toString();
      p.forEach(() => undefined);
      void [...p, ...p.keys(), ...p.values()];
      expect(owner.calls).to.deep.equal([]);
    });

    it('_setQuery replaces the list without calling setQuery', () => {
      const owner = new FakeOwner('a=1');
      const p = URLSearchParams._forURL(owner);
      URLSearchParams._setQuery(p, 'x=1&y=2+3');
      expect([...p]).to.deep.equal([
        ['x', '1'],
        ['y', '2 3'],
      ]);
      URLSearchParams._setQuery(p, '?z');
      expect([...p]).to.deep.equal([['?z', '']]);
      URLSearchParams._setQuery(p, null);
      expect(p.size).to.equal(0);
      expect(owner.calls).to.deep.equal([]);
      // The link survives: the next mutation updates the owner again.
      p.append('k', 'v');
      expect(owner.calls).to.deep.equal(['k=v']);
    });

    it('_setQuery is seen by a live iterator', () => {
      const p = URLSearchParams._forURL(new FakeOwner('a=1&b=2'));
      const it = p.keys();
      expect(it.next().value).to.equal('a');
      URLSearchParams._setQuery(p, 'x=1&y=2&z=3');
      expect(it.next().value).to.equal('y');
    });

    it('reads the owner query only once, at creation', () => {
      const owner = new FakeOwner('a=1');
      const p = URLSearchParams._forURL(owner);
      p.append('b', '2');
      p.sort();
      expect(owner.getQueryCalls).to.equal(1);
    });

    it('a URLSearchParams built by the constructor has no owner, and copying a linked one does not link', () => {
      const owner = new FakeOwner('a=1');
      const linked = URLSearchParams._forURL(owner);
      const copy = new URLSearchParams(linked);
      copy.append('b', '2');
      expect(owner.calls).to.deep.equal([]);
      expect(linked.toString()).to.equal('a=1');
    });
  });
});
