// Web IDL fidelity of URL and URLSearchParams, checked the way WPT's idlharness.js checks a browser's
// globals: the interface object, the prototype, and every attribute and operation's property shape
// (enumerable, configurable, writable), function names (`get href`, `set href`), lengths and brand
// checks. The expectations come from the `<pre class=idl>` blocks of test/spec/url.bs, parsed here,
// and from Web IDL's rules (https://webidl.spec.whatwg.org/#es-interfaces), not from typed lists.
//
// Also: util.inspect (console.log) of a URL and of a URLSearchParams looks like Node's own.

import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { URL, URLSearchParams } from '../src/index';

// ---- a small Web IDL reader for the constructs url.bs uses ---------------------------------------

interface IdlArgument {
  name: string;
  optional: boolean;
  variadic: boolean;
}
interface IdlMember {
  kind: 'constructor' | 'operation' | 'static' | 'attribute' | 'iterable' | 'stringifier';
  name: string;
  readonly: boolean;
  stringifier: boolean;
  args: IdlArgument[];
  /** for iterable: the number of type arguments (2 = a pair iterator) */
  typeArgs: number;
}
interface IdlInterface {
  name: string;
  members: IdlMember[];
}

function decodeEntities(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

/** Removes bracketed extended attribute lists (`[Exposed=*, ...]`) at any nesting level. */
function stripExtendedAttributes(text: string): string {
  let out = '';
  let depth = 0;
  for (const ch of text) {
    if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (depth === 0) out += ch;
  }
  return out;
}

/** Splits at commas outside <>, () and []. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if ('<(['.includes(ch)) depth++;
    if ('>)]'.includes(ch)) depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') parts.push(current);
  return parts.map((p) => p.trim());
}

function parseArguments(text: string): IdlArgument[] {
  return splitTopLevel(text).map((arg) => {
    const withoutDefault = arg.replace(/\s*=.*$/s, '');
    const name = /([A-Za-z_][\w-]*)\s*$/.exec(withoutDefault)![1];
    return { name, optional: /^optional\b/.test(withoutDefault), variadic: /\.\.\.\s*[A-Za-z_][\w-]*$/.test(withoutDefault) };
  });
}

/** The text inside the parentheses that close `text` (which ends with ")"), and what comes before. */
function trailingParens(text: string): { before: string; inside: string } {
  let depth = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    if (text[i] === ')') depth++;
    else if (text[i] === '(' && --depth === 0) return { before: text.slice(0, i).trim(), inside: text.slice(i + 1, -1) };
  }
  throw new Error(`unbalanced parentheses in IDL member: ${text}`);
}

function parseMember(source: string): IdlMember {
  const text = source.replace(/\s+/g, ' ').trim();
  const member: IdlMember = { kind: 'operation', name: '', readonly: false, stringifier: false, args: [], typeArgs: 0 };
  if (text === 'stringifier') return { ...member, kind: 'stringifier', name: 'toString' };
  const iterable = /^iterable\s*<(.*)>$/.exec(text);
  if (iterable) return { ...member, kind: 'iterable', typeArgs: splitTopLevel(iterable[1]).length };
  if (/\battribute\b/.test(text)) {
    const name = /([A-Za-z_][\w-]*)$/.exec(text)![1];
    return { ...member, kind: 'attribute', name, readonly: /\breadonly\b/.test(text), stringifier: /^stringifier\b/.test(text) };
  }
  const { before, inside } = trailingParens(text);
  const args = parseArguments(inside);
  if (before === 'constructor') return { ...member, kind: 'constructor', name: 'constructor', args };
  const name = /([A-Za-z_][\w-]*)$/.exec(before)![1];
  return { ...member, kind: /^static\b/.test(before) ? 'static' : 'operation', name, args };
}

function parseIdlBlocks(bs: string): IdlInterface[] {
  const interfaces: IdlInterface[] = [];
  for (const block of bs.matchAll(/<pre class=["']?idl["']?>([\s\S]*?)<\/pre>/g)) {
    const idl = stripExtendedAttributes(decodeEntities(block[1]));
    for (const m of idl.matchAll(/\binterface\s+([A-Za-z_]\w*)\s*\{([\s\S]*?)\};/g)) {
      const members = m[2]
        .split(';')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .map(parseMember);
      interfaces.push({ name: m[1], members });
    }
  }
  return interfaces;
}

const requiredCount = (args: IdlArgument[]) => {
  const firstOptional = args.findIndex((a) => a.optional || a.variadic);
  return firstOptional === -1 ? args.length : firstOptional;
};

// ---- what Web IDL makes of each member ------------------------------------------------------------

interface OperationShape {
  name: string;
  length: number;
  /** argument count the tests pass when calling it on a non-instance */
  args: number;
}

interface Expected {
  constructorLength: number;
  attributes: { name: string; readonly: boolean }[];
  operations: OperationShape[];
  statics: OperationShape[];
  /** a pair iterator: entries, keys, values, forEach and @@iterator */
  pairIterable: boolean;
}

function expectationsOf(iface: IdlInterface): Expected {
  const expected: Expected = { constructorLength: 0, attributes: [], operations: [], statics: [], pairIterable: false };
  for (const m of iface.members) {
    const shape = { name: m.name, length: requiredCount(m.args), args: m.args.length };
    switch (m.kind) {
      case 'constructor':
        expected.constructorLength = requiredCount(m.args);
        break;
      case 'attribute':
        expected.attributes.push({ name: m.name, readonly: m.readonly });
        // https://webidl.spec.whatwg.org/#es-stringifier: a stringifier attribute adds toString
        if (m.stringifier) expected.operations.push({ name: 'toString', length: 0, args: 0 });
        break;
      case 'stringifier':
        expected.operations.push({ name: 'toString', length: 0, args: 0 });
        break;
      case 'static':
        expected.statics.push(shape);
        break;
      case 'operation':
        expected.operations.push(shape);
        break;
      case 'iterable':
        // https://webidl.spec.whatwg.org/#es-iterable: entries, keys, values, forEach
        expected.pairIterable = m.typeArgs === 2;
        expected.operations.push(
          { name: 'entries', length: 0, args: 0 },
          { name: 'keys', length: 0, args: 0 },
          { name: 'values', length: 0, args: 0 },
          { name: 'forEach', length: 1, args: 2 },
        );
        break;
    }
  }
  return expected;
}

// The implementations under test, and how to make an instance of each (not expectations).
const IMPLEMENTATIONS: Record<string, { ctor: Function; make: () => object }> = {
  URL: { ctor: URL, make: () => new URL('https://user:pw@example.com:8080/a/b?x=1&y=2#frag') },
  URLSearchParams: { ctor: URLSearchParams, make: () => new URLSearchParams('a=1&b=2&a=3') },
};

/** An argument that records whether anything converted it (Web IDL checks `this` before converting). */
function poisonedArgument(): { value: object; converted: () => boolean } {
  let converted = false;
  const value = {
    toString() {
      converted = true;
      return 'x';
    },
    [Symbol.iterator]() {
      converted = true;
      return [][Symbol.iterator]();
    },
  };
  return { value, converted: () => converted };
}

/** Calls `fn` with `this` = `thisValue` and poisoned arguments: it must throw TypeError before converting them. */
function expectBrandCheck(fn: Function, thisValue: unknown, argCount: number, what: string): void {
  const args = Array.from({ length: argCount }, poisonedArgument);
  let thrown: unknown = null;
  try {
    fn.apply(thisValue, args.map((a) => a.value));
  } catch (e) {
    thrown = e;
  }
  expect(thrown, `${what} on ${String(thisValue === null ? 'null' : typeof thisValue)} throws`).to.be.instanceOf(TypeError);
  expect(args.some((a) => a.converted()), `${what}: an argument was converted before the brand check`).to.equal(false);
}

function expectDescriptor(desc: PropertyDescriptor | undefined, shape: Partial<PropertyDescriptor>, what: string): void {
  expect(desc, `${what} exists`).to.not.equal(undefined);
  for (const key of Object.keys(shape) as (keyof PropertyDescriptor)[]) {
    expect(desc![key], `${what}: ${key}`).to.equal(shape[key]);
  }
}

const NOT_INSTANCES: [string, unknown][] = [
  ['a plain object', {}],
  ['an object with an own href', { href: 'javascript:x', toString: () => 'javascript:x' }],
  ['null', null],
  ['undefined', undefined],
];

describe('Web IDL: the IDL blocks of url.bs', () => {
  const interfaces = parseIdlBlocks(readFileSync(join(__dirname, 'spec', 'url.bs'), 'utf8'));

  it('finds the URL and URLSearchParams interfaces, and only interfaces this package implements', () => {
    const names = interfaces.map((i) => i.name);
    expect(names).to.include.members(['URL', 'URLSearchParams']);
    for (const name of names) expect(IMPLEMENTATIONS, `an implementation of ${name}`).to.have.property(name);
  });

  it('reads the members as Web IDL says (a check of the reader on the URL block)', () => {
    const url = interfaces.find((i) => i.name === 'URL')!;
    const kinds = url.members.map((m) => `${m.kind} ${m.name}`);
    expect(kinds).to.include.members(['constructor constructor', 'static parse', 'static canParse', 'attribute href', 'operation toJSON']);
    expect(url.members.find((m) => m.name === 'origin')!.readonly).to.equal(true);
    expect(url.members.find((m) => m.name === 'href')!.stringifier).to.equal(true);
    expect(url.members.find((m) => m.kind === 'constructor')!.args.map((a) => a.optional)).to.deep.equal([false, true]);
  });

  for (const iface of interfaces) {
    const impl = IMPLEMENTATIONS[iface.name];
    if (impl === undefined) continue; // reported by the test above
    const expected = expectationsOf(iface);
    const I = impl.ctor;
    const proto = I.prototype as Record<PropertyKey, unknown>;

    describe(`interface ${iface.name}`, () => {
      it('interface object: a constructor named after the interface, length from its required arguments', () => {
        expect(typeof I).to.equal('function');
        expect(Object.getPrototypeOf(I)).to.equal(Function.prototype);
        expectDescriptor(Object.getOwnPropertyDescriptor(I, 'name'), { value: iface.name, writable: false, enumerable: false, configurable: true }, 'name');
        expectDescriptor(
          Object.getOwnPropertyDescriptor(I, 'length'),
          { value: expected.constructorLength, writable: false, enumerable: false, configurable: true },
          'length',
        );
        expectDescriptor(Object.getOwnPropertyDescriptor(I, 'prototype'), { writable: false, enumerable: false, configurable: false }, 'prototype');
        expect(() => (I as (...args: unknown[]) => unknown)('https://example.com/'), 'called without new').to.throw(TypeError);
      });

      it('interface prototype object: constructor, @@toStringTag as a data property', () => {
        expect(Object.getPrototypeOf(proto)).to.equal(Object.prototype);
        expectDescriptor(Object.getOwnPropertyDescriptor(proto, 'constructor'), { value: I, writable: true, enumerable: false, configurable: true }, 'constructor');
        expectDescriptor(
          Object.getOwnPropertyDescriptor(proto, Symbol.toStringTag),
          { value: iface.name, writable: false, enumerable: false, configurable: true },
          '@@toStringTag',
        );
        expect(Object.prototype.toString.call(impl.make())).to.equal(`[object ${iface.name}]`);
      });

      it('the enumerable properties are exactly the IDL members (Object.keys, for-in)', () => {
        const members = [...expected.attributes.map((a) => a.name), ...expected.operations.map((o) => o.name)];
        expect(Object.keys(proto).sort()).to.deep.equal([...new Set(members)].sort());
        const instance = impl.make();
        const listed: string[] = [];
        for (const key in instance) listed.push(key);
        expect(listed.sort()).to.deep.equal([...new Set(members)].sort());
        expect(Object.keys(I).sort()).to.deep.equal(expected.statics.map((s) => s.name).sort());
      });

      for (const attr of expected.attributes) {
        it(`attribute ${attr.name}: an enumerable, configurable accessor ("get ${attr.name}"${attr.readonly ? ', no setter' : `, "set ${attr.name}"`}) that checks its this`, () => {
          const desc = Object.getOwnPropertyDescriptor(proto, attr.name);
          expectDescriptor(desc, { enumerable: true, configurable: true }, attr.name);
          expect(desc).to.not.have.property('value');
          expect(typeof desc!.get).to.equal('function');
          expect(desc!.get!.name).to.equal(`get ${attr.name}`);
          expect(desc!.get!.length).to.equal(0);
          for (const [label, value] of NOT_INSTANCES) expectBrandCheck(desc!.get!, value, 0, `get ${attr.name} on ${label}`);
          expectBrandCheck(desc!.get!, proto, 0, `get ${attr.name} on the prototype`);
          if (attr.readonly) {
            expect(desc!.set).to.equal(undefined);
          } else {
            expect(typeof desc!.set).to.equal('function');
            expect(desc!.set!.name).to.equal(`set ${attr.name}`);
            expect(desc!.set!.length).to.equal(1);
            for (const [label, value] of NOT_INSTANCES) expectBrandCheck(desc!.set!, value, 1, `set ${attr.name} on ${label}`);
          }
          // the getter works on an instance
          const instance = impl.make();
          expect(() => desc!.get!.call(instance)).to.not.throw();
        });
      }

      for (const op of expected.operations) {
        it(`operation ${op.name}: writable, enumerable, configurable, named "${op.name}", length ${op.length}, checks its this before converting arguments`, () => {
          const desc = Object.getOwnPropertyDescriptor(proto, op.name);
          expectDescriptor(desc, { writable: true, enumerable: true, configurable: true }, op.name);
          const fn = desc!.value as Function;
          expect(typeof fn).to.equal('function');
          expect(fn.name).to.equal(op.name);
          expect(fn.length).to.equal(op.length);
          for (const [label, value] of NOT_INSTANCES) expectBrandCheck(fn, value, op.args, `${op.name} on ${label}`);
          expectBrandCheck(fn, proto, op.args, `${op.name} on the prototype`);
        });
      }

      for (const op of expected.statics) {
        it(`static operation ${op.name}: writable, enumerable, configurable, named "${op.name}", length ${op.length}`, () => {
          const desc = Object.getOwnPropertyDescriptor(I, op.name);
          expectDescriptor(desc, { writable: true, enumerable: true, configurable: true }, op.name);
          const fn = desc!.value as Function;
          expect(fn.name).to.equal(op.name);
          expect(fn.length).to.equal(op.length);
          // a static operation ignores this
          expect(() => fn.call(undefined, 'https://example.com/')).to.not.throw();
        });
      }

      if (expected.operations.some((o) => o.name === 'toString')) {
        it('the stringifier runs on the object itself, not on a lookup of an own property', () => {
          const instance = impl.make();
          const expectedString = String(instance);
          Object.defineProperty(instance, 'href', { value: 'javascript:shadowed' });
          expect((proto.toString as () => string).call(instance)).to.equal(expectedString);
          expect(`${instance}`).to.equal(expectedString);
        });
      }

      if (expected.pairIterable) {
        it('pair iterator: @@iterator is the entries function, not enumerable', () => {
          expectDescriptor(
            Object.getOwnPropertyDescriptor(proto, Symbol.iterator),
            { value: proto.entries, writable: true, enumerable: false, configurable: true },
            '@@iterator',
          );
          const instance = impl.make() as Iterable<unknown>;
          expect([...instance]).to.deep.equal([...(proto.entries as () => Iterable<unknown>).call(instance)]);
        });
      } else {
        it('not iterable (no iterable declaration)', () => {
          expect(proto[Symbol.iterator]).to.equal(undefined);
        });
      }
    });
  }
});

describe('Web IDL: the two cases the issue names', () => {
  it('URL.length is 1 and URLSearchParams.length is 0', () => {
    expect(URL.length).to.equal(1);
    expect(URLSearchParams.length).to.equal(0);
  });

  it('URL.prototype.toString does not stringify a look-alike object', () => {
    expect(() => URL.prototype.toString.call({ href: 'javascript:x' })).to.throw(TypeError);
    expect(() => URL.prototype.toJSON.call({ href: 'javascript:x' })).to.throw(TypeError);
  });
});

describe('util.inspect of URL and URLSearchParams', () => {
  const NodeURL = globalThis.URL;
  const NodeURLSearchParams = globalThis.URLSearchParams;
  const wpt = JSON.parse(readFileSync(join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as unknown[];

  // Inputs where Node's URL gives the same components as ours: there both inspections must match.
  const agreeing: [string, string | undefined][] = [];
  for (const c of wpt) {
    if (typeof c !== 'object' || c === null || 'failure' in c) continue;
    const { input, base } = c as { input: string; base: string | null };
    const b = base ?? undefined;
    let ours: URL;
    let theirs: globalThis.URL;
    try {
      ours = new URL(input, b);
      theirs = new NodeURL(input, b);
    } catch {
      continue;
    }
    const same = (['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const).every(
      (k) => ours[k] === theirs[k],
    );
    if (same && [...ours.searchParams].join() === [...theirs.searchParams].join()) agreeing.push([input, b]);
  }

  it('shows the same as Node shows its own URL, on every WPT input where the components agree', () => {
    expect(agreeing.length).to.be.greaterThan(400);
    for (const [input, base] of agreeing) {
      const ours = new URL(input, base);
      const theirs = new NodeURL(input, base);
      expect(inspect(ours), input).to.equal(inspect(theirs));
      expect(inspect(ours.searchParams), input).to.equal(inspect(theirs.searchParams));
      expect(inspect({ nested: [ours] }, { depth: 1 }), input).to.equal(inspect({ nested: [theirs] }, { depth: 1 }));
    }
  });

  it('lists the components and the search parameters', () => {
    const shown = inspect(new URL('https://user:pw@example.com:8080/a?x=1&y=2#h'));
    expect(shown.startsWith('URL {')).to.equal(true);
    for (const part of ["href: 'https://user:pw@example.com:8080/a?x=1&y=2#h'", "port: '8080'", "searchParams: URLSearchParams { 'x' => '1', 'y' => '2' }", "hash: '#h'"]) {
      expect(shown).to.contain(part);
    }
  });

  it('URLSearchParams: same as Node, short and long lists', () => {
    const short = [['a', '1'], ['b', 'two words']];
    const long = Array.from({ length: 12 }, (_, i) => [`key${i}`, `value ${i}`]);
    for (const pairs of [[], short, long]) {
      const ours = new URLSearchParams(pairs);
      const theirs = new NodeURLSearchParams(pairs);
      expect(inspect(ours)).to.equal(inspect(theirs));
      expect(inspect({ a: { b: ours } })).to.equal(inspect({ a: { b: theirs } }));
    }
  });

  it('inspecting the prototypes does not throw', () => {
    expect(() => inspect(URL.prototype)).to.not.throw();
    expect(() => inspect(URLSearchParams.prototype)).to.not.throw();
  });
});
