// Each validation error names the state of the basic URL parser that reports it (`state`) and the
// algorithm that reports it (`step`), as the semantic pass sets them where it reports the error.
// The reference is whatwg-url 17.3's state machine, whose methods are named after url.bs's states
// ("parse special authority ignore slashes", ...): each of its state methods is wrapped so that
// the errors pushed while it runs are credited to its state, and the function that pushes each
// error (parseIPv6, parseIPv4, parseOpaqueHost, the domain parser, parseHost, or a state method
// itself) says the algorithm. On every WPT urltestdata input, the real-world corpora in bench/ and
// inputs the grammar generates, with and without a base, the two lists must be equal.
//
// whatwg-url does not export its state machine, so its module is loaded here from its own source
// with one line added that exports it; nothing of it is copied into url-grammar.

import { expect } from 'chai';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { parseWithDiagnostics, URL_PARSER_STATES } from '../src/index';
import { urlString, urlWithBase } from '@url-grammar/compare/arbitraries';
import { wptInputs } from './support/entry-points';

interface StateMachineModule {
  URLStateMachine: {
    new (input: string, base: unknown, encoding: undefined, url: undefined, stateOverride: undefined, validationErrors: string[]): unknown;
    prototype: Record<string, (this: unknown, ...a: unknown[]) => unknown>;
  };
  parseURL(input: string, options?: { baseURL?: unknown }): unknown;
}

/** whatwg-url's url-state-machine.js, loaded from its source with its state machine exported. */
function loadStateMachine(): StateMachineModule {
  const file = require.resolve('whatwg-url/lib/url-state-machine.js');
  const source = readFileSync(file, 'utf8') + '\nmodule.exports.URLStateMachine = URLStateMachine;\n';
  const m = { exports: {} as StateMachineModule };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('module', 'exports', 'require', source)(m, m.exports, createRequire(file));
  return m.exports;
}

const machine = loadStateMachine();

/** The state method running now (null outside one: the steps before the state machine). */
let running: string | null = null;
for (const key of Object.keys(machine.URLStateMachine.prototype)) {
  if (!key.startsWith('parse ')) continue;
  const method = machine.URLStateMachine.prototype[key];
  machine.URLStateMachine.prototype[key] = function (this: unknown, ...args: unknown[]) {
    const outer = running;
    running = key.slice('parse '.length);
    try {
      return method.apply(this, args);
    } finally {
      running = outer;
    }
  };
}

/** The algorithm of each function of whatwg-url's that pushes validation errors (the innermost one on the stack wins). */
const STEP_OF_FUNCTION: Record<string, string> = {
  parseIPv6: 'concept-ipv6-parser',
  parseIPv4: 'concept-ipv4-parser',
  parseOpaqueHost: 'concept-opaque-host-parser',
  domainParser: 'concept-domain-to-ascii',
  parseHost: 'concept-host-parser',
};

function stepFromStack(stack: string): string {
  for (const line of stack.split('\n').slice(1)) {
    const name = /at (?:[\w$]+\.)?([\w$]+) \(/.exec(line)?.[1];
    if (name !== undefined && name in STEP_OF_FUNCTION) return STEP_OF_FUNCTION[name];
  }
  return 'concept-basic-url-parser';
}

interface Place {
  type: string;
  state: string | null;
  step: string;
}

/** whatwg-url's validation errors for `input` against `base`, each with the state and algorithm that pushed it. */
function theirs(input: string, base: string | undefined): Place[] | null {
  const baseURL = base === undefined ? null : machine.parseURL(base);
  if (base !== undefined && baseURL === null) return null;
  const places: Place[] = [];
  const errors: string[] = [];
  errors.push = (type: string) => places.push({ type, state: running, step: stepFromStack(new Error().stack!) });
  // (the URL API hands the parser a scalar value string, as url-grammar's parseWithDiagnostics makes one)
  new machine.URLStateMachine(input.toWellFormed(), baseURL, undefined, undefined, undefined, errors);
  return places;
}

/** url-grammar's errors for the same input, as places. */
function ours(input: string, base: string | undefined): Place[] {
  return parseWithDiagnostics(input, base === undefined ? {} : { baseURL: base }).errors.map((e) => ({ type: e.type, state: e.state, step: e.step }));
}

function mismatch(input: string, base: string | undefined): string | null {
  const want = theirs(input, base);
  if (want === null) return null;
  const got = ours(input, base);
  if (JSON.stringify(got) === JSON.stringify(want)) return null;
  return `${JSON.stringify(input)}${base === undefined ? '' : ` against ${JSON.stringify(base)}`}: url-grammar ${JSON.stringify(got)}, url.bs's state machine (whatwg-url) ${JSON.stringify(want)}`;
}

const lines = (file: string) => readFileSync(join(__dirname, '..', 'bench', file), 'utf8').split('\n').filter(Boolean);

describe('each validation error names the state and the algorithm that report it', function () {
  this.timeout(300_000);

  it('names only url.bs states, and the trimming errors none', () => {
    const d = parseWithDiagnostics(' ht\ttp:\\\\a@b\\c ');
    expect(d.errors.map((e) => e.state)).to.deep.equal([null, null, 'special authority slashes', 'special authority ignore slashes', 'special authority ignore slashes', 'authority', 'path start']);
    for (const e of d.errors) if (e.state !== null) expect(URL_PARSER_STATES).to.have.property(e.state);
  });

  it('the examples of issue 46', () => {
    const at = (input: string, base?: string) => ours(input, base).map((e) => `${e.type} ${e.state} ${e.step}`);
    expect(at('http://@/')).to.deep.equal(['invalid-credentials authority concept-basic-url-parser', 'host-missing authority concept-basic-url-parser']);
    expect(at('\\x', 'http://h/a')).to.deep.equal(['invalid-reverse-solidus relative concept-basic-url-parser']);
    expect(at('http://a\\b')).to.deep.equal(['invalid-reverse-solidus path start concept-basic-url-parser']);
    expect(at('sc://a%zz/')).to.deep.equal(['invalid-URL-unit host concept-opaque-host-parser']);
    expect(at('file:\\\\h\\p')).to.deep.equal([
      'special-scheme-missing-following-solidus scheme concept-basic-url-parser',
      'invalid-reverse-solidus file concept-basic-url-parser',
      'invalid-reverse-solidus file slash concept-basic-url-parser',
      'invalid-reverse-solidus path start concept-basic-url-parser',
    ]);
  });

  it('as url.bs\'s state machine reports them, on every WPT urltestdata input', () => {
    const found = wptInputs()
      .map(({ input, base }) => mismatch(input, base))
      .filter((m) => m !== null);
    expect(found).to.deep.equal([]);
  });

  it('on the real-world corpora (bench/real-urls.txt, bench/package-urls.txt)', () => {
    const found = [...lines('real-urls.txt'), ...lines('package-urls.txt')].map((input) => mismatch(input, undefined)).filter((m) => m !== null);
    expect(found.slice(0, 5)).to.deep.equal([]);
  });

  it('on inputs the grammar generates, with and without a base (3,000 each)', () => {
    fc.assert(
      fc.property(urlString, (input) => {
        expect(mismatch(input, undefined)).to.equal(null);
      }),
      { seed: 46, numRuns: 3000 },
    );
    fc.assert(
      fc.property(urlWithBase, ({ input, base }) => {
        expect(mismatch(input, base)).to.equal(null);
      }),
      { seed: 46, numRuns: 3000 },
    );
  });
});
