// The cross-check tool: the engine (agreement counts, disagreement capture) on small case lists
// with fake adapters; the built-in adapters; the JSON-lines child-process protocol with the Python
// urllib adapter and with small Node scripts that misbehave (malformed line, crash, silence,
// answers out of order, wrong ids), streamed (childProcessAdapter.parse) and in one batch
// (parseAllSync, what the CLI uses); and `url-grammar compare` through main() with a fake io.

import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CliIO } from 'url-grammar/cli';
import { captureIO, CORE_ROOT, mainAsync } from './support/cli';
import { DEFAULT_CORPUS, maxWorkers, packageRoot, parseCorpusText, parseLinesCorpus, parseWptCorpus, quoted, splitCommand, workerCount } from '../src/cli';
import {
  AdapterError,
  COMPONENTS,
  ProtocolError,
  builtinAdapter,
  childProcessAdapter,
  compareParsers,
  compareParsersSync,
  decodeResponseLine,
  encodeRequest,
  nodeAdapter,
  toResult,
  urlGrammarAdapter,
  urlParseAdapter,
  whatwgUrlAdapter,
  type ChildProcessAdapter,
  type CompareCase,
  type Outcome,
  type ParserAdapter,
  type Result,
} from '../src/compare';
import { workerPool } from '../src/pool';

/** Writes that fail on purpose: the new files of the safe writer meet ENOSPC (the core's test/support/failing-writes.js). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { failWrites } = require(join(CORE_ROOT, 'test', 'support', 'failing-writes.js')) as { failWrites: (o: { mode: string }) => () => void };

const root = join(__dirname, '..');
const PYTHON_ADAPTER = join(root, 'adapters', 'python_urllib.py');

/** url-grammar's own answer, as the reference adapter gives it. */
function ours(input: string, base: string | null = null): Result {
  return urlGrammarAdapter().parse(input, base) as Result;
}

/** A fake adapter: url-grammar's answers passed through `change`. */
function fake(name: string, change: (r: Result, input: string, base: string | null) => Result): ParserAdapter {
  return { name, parse: (input, base) => change(ours(input, base), input, base) };
}

function isOk(r: Outcome): r is Extract<Result, { ok: true }> {
  return !(r instanceof AdapterError) && r.ok;
}

const CASES: CompareCase[] = [
  { input: 'https://Example.COM/a/../b?q#f', base: null },
  { input: 'HTTP://user:pw@h:80/p', base: null },
  { input: '../c', base: 'https://example.com/a/b' },
  { input: 'no scheme', base: null },
  { input: 'http://exa mple/', base: null },
];

describe('compare: the engine', () => {
  it('counts full agreement for an adapter that answers as url-grammar does', () => {
    const rep = compareParsersSync(CASES, [fake('same', (r) => r)]);
    expect(rep.reference).to.equal('url-grammar');
    expect(rep.cases).to.equal(5);
    const a = rep.adapters[0];
    expect(a.available).to.equal(true);
    expect(a.answered).to.equal(5);
    expect(a.components.parse).to.deep.equal({ compared: 5, agreed: 5, exact: 5, examples: [] });
    // three of the five parse: getters are compared only where both sides have a URL
    for (const g of ['href', 'origin', 'protocol', 'hostname', 'hash'] as const) expect(a.components[g]).to.deep.equal({ compared: 3, agreed: 3, exact: 3, examples: [] });
    expect(a.components.errors).to.deep.equal({ compared: 5, agreed: 5, exact: 5, examples: [] });
  });

  it('counts each component apart and keeps the disagreements with input, base, ours and theirs', () => {
    const adapter = fake('other', (r, input) => {
      if (input === 'no scheme') return { ok: true, href: 'x:no scheme', protocol: 'x:', username: '', password: '', host: '', hostname: '', port: '', pathname: 'no scheme', search: '', hash: '' };
      if (input === '../c') return { ok: false, message: 'relative' };
      if (!r.ok) return r;
      return { ...r, hostname: r.hostname!.toUpperCase(), errors: undefined };
    });
    // as exact text: by meaning (the default) "EXAMPLE.COM" is the host "example.com", and agrees
    expect(compareParsersSync(CASES, [adapter]).adapters[0].components.hostname).to.deep.include({ compared: 2, agreed: 2, exact: 0 });
    const rep = compareParsersSync(CASES, [adapter], { equivalence: 'exact' });
    const c = rep.adapters[0].components;
    expect(c.parse.compared).to.equal(5);
    expect(c.parse.agreed).to.equal(3);
    expect(c.parse.examples).to.deep.equal([
      { input: '../c', base: 'https://example.com/a/b', ours: 'https://example.com/c', theirs: null, message: 'relative' },
      { input: 'no scheme', base: null, ours: null, theirs: 'x:no scheme' },
    ]);
    expect(c.hostname).to.deep.include({ compared: 2, agreed: 0 });
    expect(c.hostname.examples[0]).to.deep.equal({ input: 'https://Example.COM/a/../b?q#f', base: null, ours: 'example.com', theirs: 'EXAMPLE.COM' });
    expect(c.pathname).to.deep.equal({ compared: 2, agreed: 2, exact: 2, examples: [] });
    // the adapter drops the errors of its URLs and of "../c": only "http://exa mple/" (passed
    // through with url-grammar's errors) is compared
    expect(c.errors).to.deep.equal({ compared: 1, agreed: 1, exact: 1, examples: [] });
    // origin is optional: absent on their side, not compared
    expect(c.origin.compared).to.equal(2);
  });

  it('keeps at most maxExamples disagreements of each kind but counts them all', () => {
    const cases = Array.from({ length: 12 }, (_, i) => ({ input: `https://h${i}.example/`, base: null }));
    const rep = compareParsersSync(cases, [fake('odd', (r) => (r.ok ? { ...r, port: '1' } : r))], { maxExamples: 3 });
    const port = rep.adapters[0].components.port;
    expect(port.compared).to.equal(12);
    expect(port.agreed).to.equal(0);
    expect(port.examples.map((e) => e.input)).to.deep.equal(['https://h0.example/', 'https://h1.example/', 'https://h2.example/']);
    expect(rep.maxExamples).to.equal(3);
  });

  it('compares validation errors as a multiset, only where both report them', () => {
    const input = 'https://user@example.com\\a b';
    const mine = ours(input);
    expect(mine.errors).to.deep.equal(['invalid-credentials', 'invalid-reverse-solidus', 'invalid-URL-unit']);
    const reversed = fake('reversed', (r) => ({ ...r, errors: [...r.errors!].reverse() }));
    const fewer = fake('fewer', (r) => ({ ...r, errors: r.errors!.slice(1) }));
    const none = fake('none', (r) => ({ ...r, errors: undefined }));
    const rep = compareParsersSync([{ input, base: null }], [reversed, fewer, none]);
    expect(rep.adapters[0].components.errors).to.deep.equal({ compared: 1, agreed: 1, exact: 1, examples: [] });
    expect(rep.adapters[1].components.errors.agreed).to.equal(0);
    expect(rep.adapters[1].components.errors.examples[0]).to.deep.equal({ input, base: null, ours: mine.errors, theirs: mine.errors!.slice(1) });
    expect(rep.adapters[2].components.errors.compared).to.equal(0);
  });

  it('does not compare a getter the adapter gives as null', () => {
    const rep = compareParsersSync(CASES.slice(0, 1), [fake('partial', (r) => (r.ok ? { ...r, host: null, hostname: null, origin: null } : r))]);
    const c = rep.adapters[0].components;
    expect(c.host.compared).to.equal(0);
    expect(c.hostname.compared).to.equal(0);
    expect(c.origin.compared).to.equal(0);
    expect(c.href.compared).to.equal(1);
  });

  it('counts a throwing adapter, or one that answers nonsense, as "could not answer", grouped by message', () => {
    const thrower: ParserAdapter = {
      name: 'thrower',
      parse: (input) => {
        if (input.startsWith('http')) throw new RangeError('no http here');
        return ours(input);
      },
    };
    const nonsense: ParserAdapter = { name: 'nonsense', parse: () => ({ ok: true, href: 42 }) as unknown as Result };
    const rep = compareParsersSync(CASES, [thrower, nonsense]);
    const t = rep.adapters[0];
    expect(t.adapterErrors).to.equal(2);
    expect(t.answered).to.equal(3);
    expect(t.adapterErrorMessages).to.deep.equal([{ message: 'thrower threw: RangeError: no http here', count: 2, input: 'https://Example.COM/a/../b?q#f', base: null }]);
    expect(t.components.parse.compared).to.equal(3);
    const n = rep.adapters[1];
    expect(n.adapterErrors).to.equal(5);
    expect(n.adapterErrorMessages[0].message).to.match(/^invalid result: "href" must be a string/);
  });

  it('reports an unavailable adapter without calling it', () => {
    const rep = compareParsersSync(CASES, [{ name: 'gone', unavailable: 'not installed', parse: () => expect.fail('called') }]);
    expect(rep.adapters[0]).to.deep.include({ name: 'gone', available: false, unavailable: 'not installed', answered: 0 });
  });

  it('gives every parser the input as a scalar value string (lone surrogates to U+FFFD)', () => {
    const seen: string[] = [];
    const spy: ParserAdapter = {
      name: 'spy',
      parse: (input, base) => {
        seen.push(input, base ?? '');
        return ours(input, base);
      },
    };
    const rep = compareParsersSync([{ input: 'https://h/\uD800x', base: 'https://b/\uDC00' }], [spy]);
    expect(seen).to.deep.equal(['https://h/\uFFFDx', 'https://b/\uFFFD']);
    expect(rep.adapters[0].components.href).to.deep.include({ compared: 1, agreed: 1 });
  });

  it('waits for asynchronous adapters in compareParsers, and refuses them in compareParsersSync', async () => {
    let closed = 0;
    const later: ParserAdapter = {
      name: 'later',
      parse: (input, base) => new Promise((resolve) => setTimeout(() => resolve(ours(input, base)), 1)),
      close: () => void closed++,
    };
    const rep = await compareParsers(CASES, [later, fake('sync', (r) => r)]);
    expect(rep.adapters.map((a) => [a.name, a.components.parse.agreed])).to.deep.equal([
      ['later', 5],
      ['sync', 5],
    ]);
    expect(closed).to.equal(1);
    expect(() => compareParsersSync(CASES, [later])).to.throw(TypeError, /asynchronously/);
  });

  it('counts a rejected promise as "could not answer"', async () => {
    const rejecting: ParserAdapter = { name: 'rejecting', parse: () => Promise.reject(new Error('nope')) };
    const rep = await compareParsers(CASES.slice(0, 2), [rejecting]);
    expect(rep.adapters[0].adapterErrors).to.equal(2);
    expect(rep.adapters[0].adapterErrorMessages[0].message).to.equal('rejecting threw: Error: nope');
  });

  it('every component of the report is one of COMPONENTS', () => {
    const rep = compareParsersSync(CASES, [fake('same', (r) => r)]);
    expect(Object.keys(rep.adapters[0].components)).to.deep.equal([...COMPONENTS]);
  });
});

describe('compare: the built-in adapters', () => {
  it('url-grammar gives the getters and its validation error types', () => {
    const r = ours('https://user@exämple.org:8080/a?q=ü#f');
    expect(r).to.deep.equal({
      ok: true,
      href: 'https://user@xn--exmple-cua.org:8080/a?q=%C3%BC#f',
      origin: 'https://xn--exmple-cua.org:8080',
      protocol: 'https:',
      username: 'user',
      password: '',
      host: 'xn--exmple-cua.org:8080',
      hostname: 'xn--exmple-cua.org',
      port: '8080',
      pathname: '/a',
      search: '?q=%C3%BC',
      hash: '#f',
      errors: ['invalid-credentials'],
    });
    expect(ours('http://[::1', null)).to.deep.equal({ ok: false, errors: ['IPv6-unclosed'] });
    expect(ours('a', 'not a base')).to.deep.include({ ok: false });
  });

  it('node and whatwg-url agree with url-grammar on ordinary URLs; whatwg-url reports the same errors', () => {
    const rep = compareParsersSync(CASES, [nodeAdapter(), whatwgUrlAdapter()]);
    for (const a of rep.adapters) {
      for (const k of COMPONENTS) {
        const t = a.components[k];
        expect(t.agreed, `${a.name} ${k}`).to.equal(t.compared);
      }
    }
    expect(rep.adapters[0].components.errors.compared).to.equal(0);
    expect(rep.adapters[1].components.errors.compared).to.equal(5);
  });

  it('an adapter whose package cannot be loaded is unavailable, with the reason', () => {
    const missing = (id: string) => {
      throw new Error(`Cannot find module '${id}'\nRequire stack: ...`);
    };
    for (const name of ['whatwg-url', 'url-parse'] as const) {
      const a = builtinAdapter(name, missing);
      expect(a.name).to.equal(name);
      expect(a.unavailable).to.equal(`the package is not installed (Cannot find module '${name}'); npm install ${name} to include it`);
    }
    expect(builtinAdapter('node').unavailable).to.equal(undefined);
  });

  it('url-parse: its fields become the getters ("?" and "#" alone become ""), no scheme becomes failure', () => {
    // a stand-in with url-parse's shape, so that the mapping is tested whether or not it is installed
    class FakeUrlParse {
      href: string;
      protocol: string;
      username = '';
      password = '';
      host = 'h';
      hostname = 'h';
      port = '';
      pathname = '/';
      query = '?';
      hash = '#';
      origin = 'http://h';
      constructor(address: string, location: unknown, parser: unknown) {
        expect(parser).to.equal(false);
        if (address === 'boom') throw new TypeError('boom');
        this.href = address;
        this.protocol = address.startsWith('http:') ? 'http:' : '';
        if (typeof location === 'string') this.pathname = location;
        else expect(location).to.deep.equal({});
      }
    }
    const a = urlParseAdapter(() => FakeUrlParse);
    expect(a.parse('http://h/?#', null)).to.deep.equal({ ok: true, href: 'http://h/?#', protocol: 'http:', username: '', password: '', host: 'h', hostname: 'h', port: '', pathname: '/', search: '', hash: '', origin: 'http://h' });
    expect(a.parse('http://h/', 'http://base/')).to.deep.include({ pathname: 'http://base/' });
    expect(a.parse('relative', null)).to.deep.include({ ok: false });
    expect(a.parse('boom', null)).to.deep.equal({ ok: false, message: 'boom' });
  });

  it('url-parse itself, where it is installed', function () {
    let installed = true;
    try {
      require.resolve('url-parse');
    } catch {
      installed = false;
    }
    if (!installed) {
      console.log('      (url-parse is not installed: npm install --save-dev url-parse to run this test)');
      this.skip();
    }
    const a = urlParseAdapter();
    expect(a.parse('HTTPS://User:Pw@EXAMPLE.com:443/p?#', null)).to.deep.include({ ok: true, protocol: 'https:', hostname: 'example.com', port: '', search: '', hash: '' });
    expect(a.parse('../c', 'https://e.com/a/b')).to.deep.include({ ok: true, href: 'https://e.com/c' });
    expect(a.parse('no scheme', null)).to.deep.include({ ok: false });
  });
});

describe('compare: the JSON-lines protocol', () => {
  it('encodes a request as one line of JSON', () => {
    expect(encodeRequest(3, 'a\nb\u2028', null)).to.equal('{"id":3,"input":"a\\nb\u2028","base":null}\n');
  });

  it('decodes responses and rejects malformed ones with a message that names the problem', () => {
    const line = (s: string) => decodeResponseLine(Buffer.from(s, 'utf8'));
    expect(line('{"id":1,"ok":false}\r')).to.deep.equal({ id: 1, result: { ok: false } });
    expect(line('   ')).to.equal(null);
    expect(line('{"id":2,"ok":true,"href":"x:","protocol":"x:","extra":1}')).to.deep.equal({
      id: 2,
      result: { ok: true, href: 'x:', protocol: 'x:', username: null, password: null, host: null, hostname: null, port: null, pathname: null, search: null, hash: null },
    });
    const err = line('{"id":3,"error":"cannot"}')!.result;
    expect(err).to.be.instanceOf(AdapterError);
    expect((err as AdapterError).message).to.equal('could not answer: cannot');
    const bad: Array<[string | Buffer, RegExp]> = [
      ['nope', /^malformed response line \(not JSON\): "nope"$/],
      ['[1]', /not a JSON object/],
      ['{"ok":true}', /no integer "id"/],
      ['{"id":1.5,"ok":true}', /no integer "id"/],
      ['{"id":4}', /^malformed response for id 4 \("ok" must be true or false, not missing\)/],
      ['{"id":5,"ok":true}', /"href" must be a string when "ok" is true, not missing/],
      ['{"id":6,"ok":true,"href":"a","port":80}', /"port" must be a string or null, not number 80/],
      ['{"id":7,"ok":false,"errors":"x"}', /"errors" must be an array of strings/],
      [Buffer.from([0x7b, 0xff, 0x7d]), /not UTF-8/],
    ];
    for (const [text, message] of bad) {
      expect(() => (typeof text === 'string' ? line(text) : decodeResponseLine(text)), String(text)).to.throw(ProtocolError, message);
    }
    expect(() => toResult({ ok: true, href: 'a', errors: [1] })).to.throw(ProtocolError);
  });
});

// ---------------------------------------------------------------------------------------------
// Child processes

/** A Node adapter that behaves as its first argument says. */
const SCRIPT = String.raw`
const mode = process.argv[2];
const want = Number(process.argv[3] || 0);
const out = (s) => process.stdout.write(s + '\n');
const answer = (r) => JSON.stringify({ id: r.id, ok: true, href: r.input, pathname: r.base });
const held = [];
let n = 0;
const rl = require('node:readline').createInterface({ input: process.stdin });
rl.on('line', (line) => {
  const r = JSON.parse(line);
  n++;
  switch (mode) {
    case 'echo': out(answer(r)); break;
    case 'malformed': out(n === 2 ? 'this is not JSON' : answer(r)); break;
    case 'no-href': out(JSON.stringify({ id: r.id, ok: true })); break;
    case 'crash':
      if (n === 2) { process.stderr.write('boom: cannot go on\n'); process.exit(3); }
      out(answer(r));
      break;
    case 'silent': break;
    case 'reverse':
      held.push(r);
      if (held.length === want) for (const h of held.reverse()) out(answer(h));
      break;
    case 'wrong-id': out(JSON.stringify({ id: r.id + 1000, ok: true, href: r.input })); break;
    case 'twice': out(answer(r)); out(answer(r)); break;
    case 'error-field': out(n === 1 ? JSON.stringify({ id: r.id, error: 'cannot handle this one' }) : answer(r)); break;
    case 'partial': if (n <= 2) out(answer(r)); else setTimeout(() => out(answer(r)), 10000); break;
  }
});
rl.on('close', () => {
  if (mode === 'silent') setInterval(() => {}, 1000); // never exits
});
`;

const SMALL: CompareCase[] = [
  { input: 'a:1', base: null },
  { input: 'b:2', base: 'x:base' },
  { input: 'c:3', base: null },
  { input: 'd:4', base: null },
];

describe('compare: child processes', function () {
  let dir: string;
  let script: string;
  const open: ChildProcessAdapter[] = [];
  const node = (mode: string, options: Parameters<typeof childProcessAdapter>[3] = {}, extra: string[] = []) => {
    const a = childProcessAdapter(mode, process.execPath, [script, mode, ...extra], options);
    open.push(a);
    return a;
  };
  /** Every case through the streaming parse: the Result, or the AdapterError's message. */
  const stream = (a: ChildProcessAdapter, cases = SMALL) => Promise.all(cases.map((c) => a.parse(c.input, c.base).then((r) => r as Outcome, (e: unknown) => (e instanceof AdapterError ? e.message : `not an AdapterError: ${String(e)}`))));
  const batch = (a: ChildProcessAdapter, cases = SMALL) => a.parseAllSync(cases).map((o) => (o instanceof AdapterError ? o.message : o));
  const hrefs = (outs: Array<Outcome | string>) => outs.map((o) => (typeof o === 'string' ? o : isOk(o) ? o.href : 'failure'));

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-'));
    script = join(dir, 'adapter.js');
    writeFileSync(script, SCRIPT);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((a) => a.close()));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const mode of ['stream', 'batch'] as const) {
    const run = (a: ChildProcessAdapter, cases = SMALL) => (mode === 'stream' ? stream(a, cases) : Promise.resolve(batch(a, cases)));

    describe(mode === 'stream' ? 'streamed (childProcessAdapter.parse)' : 'in one batch (parseAllSync)', () => {
      it('a well-behaved adapter: every answer reaches the request with its id', async () => {
        const outs = await run(node('echo'));
        expect(outs[1]).to.deep.equal({ ok: true, href: 'b:2', pathname: 'x:base', protocol: null, username: null, password: null, host: null, hostname: null, port: null, search: null, hash: null });
        expect(hrefs(outs)).to.deep.equal(['a:1', 'b:2', 'c:3', 'd:4']);
      });

      it('answers out of order are matched by id', async () => {
        const outs = await run(node('reverse', {}, ['4']));
        expect(hrefs(outs)).to.deep.equal(['a:1', 'b:2', 'c:3', 'd:4']);
      });

      it('a malformed line ends the adapter: the answers before it count, the rest say why', async () => {
        const outs = await run(node('malformed'));
        expect(hrefs(outs)[0]).to.equal('a:1');
        for (const o of outs.slice(1)) expect(o).to.equal('malformed: malformed response line (not JSON): "this is not JSON"');
      });

      it('a response that breaks the rules for its fields', async () => {
        const outs = await run(node('no-href'));
        expect(outs[0]).to.match(/^no-href: malformed response for id \d+ \("href" must be a string when "ok" is true, not missing\)/);
      });

      it('a crash: the exit code and the end of standard error', async () => {
        const outs = await run(node('crash'));
        expect(hrefs(outs)[0]).to.equal('a:1');
        for (const o of outs.slice(1)) {
          expect(o).to.be.a('string').and.match(/^crash: the adapter exited with code 3 before answering 3 requests \(it had answered 1\); its standard error ends with: "boom: cannot go on"$/);
        }
      });

      it('an adapter that never answers times out instead of hanging', async () => {
        // it never says its first line: the start-up limit ends it (the per-request timeout runs once
        // it has started); which limit it was, the message says
        const outs = await run(node('silent', { requestTimeoutMs: 300, startupTimeoutMs: 300, totalTimeoutMs: 600 }));
        const expected =
          mode === 'stream'
            ? /^silent: timed out: it did not start: no first answer within the start-up limit of 300 ms$/
            : /^silent: timed out: the adapter had not answered everything within the total timeout of 600 ms \(it had answered 0\)$/;
        for (const o of outs) expect(o).to.match(expected);
      });

      it('an answer for an id that is not waiting', async () => {
        const outs = await run(node('wrong-id'));
        expect(outs[0]).to.match(/^wrong-id: a response for id \d+, which is not awaiting an answer \(never sent, or answered already\)$/);
      });

      it('two answers for one id', async () => {
        const outs = await run(node('twice'), SMALL.slice(0, 2));
        expect(hrefs(outs)[0]).to.equal('a:1');
        expect(outs[1]).to.match(/^twice: a response for id \d+, which is not awaiting an answer/);
      });

      it('{"id", "error"}: that one request could not be answered, the others are', async () => {
        const outs = await run(node('error-field'));
        expect(outs[0]).to.equal('error-field: could not answer: cannot handle this one');
        expect(hrefs(outs).slice(1)).to.deep.equal(['b:2', 'c:3', 'd:4']);
      });

      it('a command that does not exist', async () => {
        const outs = await run(childProcessAdapter('ghost', join(dir, 'no-such-command'), []));
        for (const o of outs) expect(o).to.match(/^ghost: could not start ".*no-such-command": .*ENOENT/);
      });
    });
  }

  it('streamed: the total timeout ends an adapter that answers only some requests', async () => {
    const outs = await stream(node('partial', { requestTimeoutMs: 5000, totalTimeoutMs: 1000 }));
    expect(hrefs(outs).slice(0, 2)).to.deep.equal(['a:1', 'b:2']);
    for (const o of outs.slice(2)) expect(o).to.match(/^partial: timed out: the adapter had not answered everything within the total timeout of 1000 ms \(it had answered 2\)$/);
  });

  it('streamed: at most maxInFlight requests wait at once, and all are answered', async () => {
    const cases = Array.from({ length: 40 }, (_, i) => ({ input: `x:${i}`, base: null }));
    const outs = await stream(node('reverse', { maxInFlight: 8 }, ['8']), cases.slice(0, 8));
    expect(hrefs(outs)).to.deep.equal(cases.slice(0, 8).map((c) => c.input));
    const echo = await stream(node('echo', { maxInFlight: 3 }), cases);
    expect(hrefs(echo)).to.deep.equal(cases.map((c) => c.input));
  });

  it('streamed: after close() a failed adapter starts afresh', async () => {
    const a = node('crash');
    await stream(a);
    await a.close();
    expect(hrefs(await stream(a, SMALL.slice(0, 1)))).to.deep.equal(['a:1']);
  });

  it('compareParsers and compareParsersSync count a child adapter like any other', async () => {
    const sync = compareParsersSync(SMALL, [node('echo')]);
    const async_ = await compareParsers(SMALL, [node('echo')]);
    for (const rep of [sync, async_]) {
      const a = rep.adapters[0];
      expect(a.answered).to.equal(4);
      expect(a.components.parse).to.deep.include({ compared: 4, agreed: 4 });
      // the echo adapter's href is the input as given: url-grammar agrees on all four
      expect(a.components.href).to.deep.include({ compared: 4, agreed: 4 });
    }
    const crash = compareParsersSync(SMALL, [node('crash')]).adapters[0];
    expect(crash.answered).to.equal(1);
    expect(crash.adapterErrors).to.equal(3);
    expect(crash.adapterErrorMessages).to.have.length(1);
    expect(crash.adapterErrorMessages[0]).to.deep.include({ count: 3, input: 'b:2', base: 'x:base' });
  });
});

describe('compare: the Python urllib adapter', function () {
  const hasPython = spawnSync('python3', ['--version']).status === 0;
  before(function () {
    if (!hasPython) {
      if (process.env.CI) throw new Error('python3 is missing, and CI is set: the Python adapter cannot be tested');
      console.log('      (python3 is not installed: skipping the Python adapter tests)');
      this.skip();
    }
  });
  const python = () => childProcessAdapter('python-urllib', 'python3', [PYTHON_ADAPTER]);
  const PY_CASES: CompareCase[] = [
    { input: 'HTTP://User:Pw@[::1]:8080/a?b#c', base: null },
    { input: '../x', base: 'http://h/a/b' },
    { input: 'nope', base: null },
    { input: 'http://h:99999/', base: null },
    { input: 'http://exämple.org/ü\u2028', base: null },
    { input: 'http://h/\uD800', base: null },
    { input: 'http://h/a?#', base: null },
  ];
  const EXPECTED: Array<Partial<Record<string, unknown>>> = [
    { ok: true, href: 'http://User:Pw@[::1]:8080/a?b#c', protocol: 'http:', username: 'User', password: 'Pw', host: '[::1]:8080', hostname: '[::1]', port: '8080', pathname: '/a', search: '?b', hash: '#c' },
    { ok: true, href: 'http://h/x', host: 'h', pathname: '/x', port: '', username: '', search: '' },
    { ok: false, message: 'no scheme (urlsplit split a relative reference)' },
    { ok: false, message: 'ValueError: Port out of range 0-65535' },
    { ok: true, href: 'http://exämple.org/ü\u2028', hostname: 'exämple.org', pathname: '/ü\u2028' },
    // the tool sent U+FFFD, not the lone surrogate
    { ok: true, pathname: '/\uFFFD' },
    { ok: true, href: 'http://h/a', search: '', hash: '' },
  ];

  it('streamed: maps urlsplit / urljoin to the getters', async () => {
    const a = python();
    try {
      const outs = await Promise.all(PY_CASES.map((c) => a.parse(c.input, c.base)));
      outs.forEach((o, i) => expect(o, PY_CASES[i].input).to.deep.include(EXPECTED[i]));
    } finally {
      await a.close();
    }
  });

  it('in one batch, through the engine: the same answers, and the agreement it counts', () => {
    const outs = python().parseAllSync(PY_CASES);
    outs.forEach((o, i) => expect(o, PY_CASES[i].input).to.deep.include(EXPECTED[i]));
    const rep = compareParsersSync(PY_CASES, [python()]);
    const a = rep.adapters[0];
    expect(a.answered).to.equal(7);
    expect(a.adapterErrors).to.equal(0);
    // both fail "nope" and the port 99999, and accept the other five
    expect(a.components.parse).to.deep.include({ compared: 7, agreed: 7 });
    expect(a.components.protocol).to.deep.include({ compared: 5, agreed: 5 });
    // urllib neither encodes nor applies IDNA, and drops an empty query's "?"
    expect(a.components.href.compared).to.equal(5);
    expect(a.components.href.examples.map((e) => e.input)).to.include.members(['http://exämple.org/ü\u2028', 'http://h/\uFFFD', 'http://h/a?#']);
    expect(a.components.origin.compared).to.equal(0);
    expect(a.components.errors.compared).to.equal(0);
  });

  it('streamed through compareParsers', async () => {
    const rep = await compareParsers(PY_CASES, [python()]);
    expect(rep.adapters[0].answered).to.equal(7);
    expect(rep.adapters[0].components.parse).to.deep.include({ compared: 7, agreed: 7 });
  });
});

// ---------------------------------------------------------------------------------------------
// The CLI

function fakeIO(files: Record<string, string> = {}): { io: CliIO; out: () => string; err: () => string } {
  return captureIO({ readFile: (path) => (Object.prototype.hasOwnProperty.call(files, path) ? Buffer.from(files[path], 'utf8') : readFileSync(path)) });
}

/** Whether this Node's URL keeps the spaces before "?" in an opaque path (Node 20 and 22 do; the standard and Node 24 do not). */
const NODE_KEEPS_OPAQUE_SPACES = new URL('non-special:opaque  ?hi').href === 'non-special:opaque  ?hi';

describe('compare: url-grammar compare', () => {
  const corpus = ['https://example.com/a/../b', 'http://[::1', '../c\thttps://example.com/a/b', '', 'non-special:opaque  ?hi'].join('\n') + '\n';
  const files = { 'small.txt': corpus };

  it('prints the table of agreement and the first disagreements', async () => {
    const { io, out, err } = fakeIO(files);
    const code = await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'node,whatwg-url'], io);
    expect(err()).to.equal('');
    expect(code).to.equal(0);
    const text = out();
    const lines = text.split('\n');
    expect(lines[0]).to.equal('url-grammar compare: 4 cases (4 from small.txt); reference url-grammar');
    expect(lines).to.include('agreement with url-grammar by meaning (a difference only in notation is not counted: see "notation only" below; --equivalence exact counts it) (agreed/compared; "-": not reported by that parser)');
    expect(lines.find((l) => l.startsWith('component'))).to.match(/^component\s+node\s+whatwg-url$/);
    expect(lines.find((l) => l.startsWith('answered'))).to.match(/^answered\s+4\/4\s+4\/4$/);
    expect(lines.find((l) => l.startsWith('parse'))).to.match(/^parse\s+4\/4 100%\s+4\/4 100%$/);
    expect(lines.find((l) => l.startsWith('errors'))).to.match(/^errors\s+-\s+4\/4 100%$/);
    // Node up to 22 keeps the space before "?" in an opaque path (see test/differential-node.test.ts); Node 24 does not
    if (NODE_KEEPS_OPAQUE_SPACES) {
      expect(lines.find((l) => l.startsWith('href'))).to.match(/^href\s+2\/3 66\.66%\s+3\/3 100%$/);
      expect(text).to.include(['node · href: 1 of 3 differ', '    input   "non-special:opaque  ?hi"', '    ours    "non-special:opaque %20?hi"', '    theirs  "non-special:opaque  ?hi"'].join('\n'));
    } else {
      expect(lines.find((l) => l.startsWith('href'))).to.match(/^href\s+3\/3 100%\s+3\/3 100%$/);
      expect(text).to.not.include('node · href');
    }
  });

  it('colours its report by NO_COLOR / FORCE_COLOR (io.color), not by whether it writes to a terminal', async () => {
    const ANSI = /\u001b\[/;
    const coloured = fakeIO(files);
    expect(await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'node'], { ...coloured.io, isTTY: false, color: true })).to.equal(0);
    expect(coloured.out()).to.match(ANSI);
    const plain = fakeIO(files);
    expect(await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'node'], { ...plain.io, isTTY: true, color: false })).to.equal(0);
    expect(plain.out()).to.not.match(ANSI);
  });

  it('--json gives the report for machines', async () => {
    const { io, out } = fakeIO(files);
    expect(await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'node', '--json', '--max-examples', '0'], io)).to.equal(0);
    const rep = JSON.parse(out());
    expect(rep.corpus).to.deep.equal({ cases: 4, sources: [{ name: 'small.txt', cases: 4, skipped: { tooLong: 0, invalid: 0 } }] });
    expect(rep.reference).to.equal('url-grammar');
    expect(rep.maxExamples).to.equal(0);
    expect(rep.adapters.map((a: { name: string }) => a.name)).to.deep.equal(['node']);
    expect(rep.adapters[0].components.href).to.deep.equal({ compared: 3, agreed: NODE_KEEPS_OPAQUE_SPACES ? 2 : 3, exact: NODE_KEEPS_OPAQUE_SPACES ? 2 : 3, examples: [] });
  });

  it('an unknown parser name is a usage error (exit 2)', async () => {
    const { io, err } = fakeIO(files);
    expect(await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'node,netscape'], io)).to.equal(2);
    expect(err()).to.match(/^error: unknown parser "netscape" in --against \(known: url-grammar, node, node-legacy, whatwg-url, url-parse[,;]/);
  });

  it('a corpus file that cannot be read is a usage error (exit 2)', async () => {
    const { io, err, out } = fakeIO();
    expect(await mainAsync(['compare', '--corpus', join(tmpdir(), 'no-such-corpus-file.txt'), '--against', 'node'], io)).to.equal(2);
    expect(err()).to.match(/^error: cannot read the corpus file ".*no-such-corpus-file\.txt": ENOENT/);
    expect(out()).to.equal('');
  });

  it('other bad arguments: --adapter without a command or with a taken name, --max-examples not a number', async () => {
    for (const args of [
      ['--adapter', 'x='],
      ['--adapter', 'nocommand'],
      ['--adapter', 'node=python3 a.py'],
      ['--adapter', "x=python3 'a.py"],
      ['--max-examples', 'many'],
      ['--timeout', '0'],
    ]) {
      const { io, err } = fakeIO(files);
      expect(await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'none', ...args], io), args.join(' ')).to.equal(2);
      expect(err()).to.match(/^error: /);
    }
  });

  it('--adapter runs a child process; one that cannot answer makes the exit status 1', async function () {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-cli-'));
    try {
      const crash = join(dir, 'crash.js');
      writeFileSync(crash, "process.stderr.write('no parser here\\n'); process.exit(4);\n");
      const { io, out } = fakeIO(files);
      const code = await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'none', '--adapter', `broken=${JSON.stringify(process.execPath)} ${JSON.stringify(crash)}`], io);
      expect(code).to.equal(1);
      expect(out()).to.match(/broken: could not answer 4 cases\n {2}4× broken: the adapter exited with code 4 before answering 4 requests \(it had answered 0\); its standard error ends with: "no parser here"/);
      if (spawnSync('python3', ['--version']).status === 0) {
        const py = fakeIO(files);
        expect(await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'none', '--adapter', `py=python3 ${PYTHON_ADAPTER}`, '--json'], py.io)).to.equal(0);
        const rep = JSON.parse(py.out());
        expect(rep.adapters[0]).to.deep.include({ name: 'py', answered: 4, adapterErrors: 0 });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unavailable parser asked for by name makes the exit status 1; by default it is only noted', async () => {
    let installed = true;
    try {
      require.resolve('url-parse');
    } catch {
      installed = false;
    }
    const named = fakeIO(files);
    expect(await mainAsync(['compare', '--corpus', 'small.txt', '--against', 'url-parse'], named.io)).to.equal(installed ? 0 : 1);
    if (!installed) expect(named.out()).to.include('url-parse: unavailable (the package is not installed');
  });

  it('reads WPT JSON corpora and the bundled corpus from the package root', async () => {
    expect(packageRoot()).to.equal(root);
    for (const d of DEFAULT_CORPUS) expect(() => readFileSync(join(root, d.file)), d.file).not.to.throw();
    const { io, out } = fakeIO({ 'w.json': JSON.stringify(['comment', { input: 'a', base: 'https://x/' }, { input: 'b', base: null }, { input: 7 }]) });
    expect(await mainAsync(['compare', '--corpus', 'w.json', '--against', 'none', '--json'], io)).to.equal(0);
    expect(JSON.parse(out()).corpus).to.deep.equal({ cases: 2, sources: [{ name: 'w.json', cases: 2, skipped: { tooLong: 0, invalid: 0 } }] });
  });

  it('the default corpus: the 10,000 real-world URLs, the WPT inputs and the URL-confusion inputs', async function () {
    this.timeout(120_000);
    const { io, out } = fakeIO();
    expect(await mainAsync(['compare', '--against', 'none', '--json'], io)).to.equal(0);
    const rep = JSON.parse(out());
    expect(rep.corpus.sources).to.deep.equal([
      { name: 'corpus/real-urls.txt', cases: 10_000, skipped: { tooLong: 0, invalid: 0 } },
      { name: 'corpus/urltestdata.json', cases: parseWptCorpus(readFileSync(join(CORE_ROOT, 'test/wpt/urltestdata.json'), 'utf8')).length, skipped: { tooLong: 0, invalid: 0 } },
      { name: 'corpus/confusion.jsonl', cases: readFileSync(join(root, 'corpus-src', 'confusion.jsonl'), 'utf8').trim().split('\n').length, skipped: { tooLong: 0, invalid: 0 } },
    ]);
    expect(rep.referenceErrors).to.equal(0);
  });
});

describe('compare: bad paths and option values fail before the run, and no result is lost after it', function () {
  this.timeout(60_000);
  const SLOW = join(root, 'test', 'fixtures', 'adapters', 'slow.js');
  const FAKE_BROWSER = join(root, 'test', 'fixtures', 'adapters', 'fake-browser.js');
  const cases = ['https://example.com/a/../b', 'http://[::1', '../c\thttps://example.com/a/b'].join('\n') + '\n';
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-paths-'));
    writeFileSync(join(dir, 'c.txt'), cases);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** The real files, read as the command line reads them (in pieces, through a file stream). */
  function diskIO(): { io: CliIO; out: () => string; err: () => string } {
    return captureIO({ readFile: (path) => readFileSync(path), openRead: (path) => createReadStream(path, { highWaterMark: 1 << 16 }), fileSize: (path) => statSync(path).size });
  }

  /** An adapter that leaves the file `marker` once it has answered: whether the run started. */
  const marked = (name: string, marker: string) => `${name}=${JSON.stringify(process.execPath)} ${JSON.stringify(SLOW)} 0 --ready ${JSON.stringify(marker)}`;

  it('a --report or --wpt-candidates file that cannot be created: one line, exit 2, before the run starts (nothing compared, nothing left behind)', async () => {
    const marker = join(dir, 'started');
    const corpus = join(dir, 'c.txt');
    mkdirSync(join(dir, 'folder.html'));
    writeFileSync(join(dir, 'file'), '');
    const runs: Array<[string[], RegExp]> = [
      [['--report', join(dir, 'no-such-folder', 'r.html')], /^error: cannot write the report ".*r\.html": the folder .*no-such-folder does not exist\n$/],
      [['--report', join(dir, 'ok.md'), '--report', join(dir, 'folder.html')], /^error: cannot write the report ".*folder\.html": it is a directory\n$/],
      [['--report', join(dir, 'file', 'r.md')], /^error: cannot write the report ".*r\.md": .*file is not a folder\n$/],
      [['--wpt-candidates', join(dir, 'no-such-folder', 'x.json'), '--adapter', marked('chromium', marker), '--adapter', marked('firefox', marker)], /^error: cannot write the WPT candidates ".*x\.json": the folder .*no-such-folder does not exist\n$/],
    ];
    for (const [args, message] of runs) {
      const { io, out, err } = diskIO();
      const code = await mainAsync(['compare', '--corpus', corpus, '--against', 'none', '--workers', '0', '--adapter', marked('probe', marker), ...args], io);
      expect(code, args.join(' ')).to.equal(2);
      expect(err(), args.join(' ')).to.match(message);
      expect(err()).to.not.include('written to');
      expect(out()).to.equal('');
      expect(existsSync(marker), `the run started for ${args.join(' ')}`).to.equal(false);
    }
    // the report file that could be written was only tried, not left behind empty
    expect(readdirSync(dir).sort()).to.deep.equal(['c.txt', 'file', 'folder.html']);
  });

  it('a --corpus path that is a folder or cannot be read (a socket): one line, exit 2, as for a missing file; no report file left behind', async () => {
    const socket = join(dir, 'corpus.sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      for (const [path, why] of [
        [dir, 'EISDIR'],
        [socket, 'ENXIO'],
      ]) {
        const report = join(dir, 'r.md');
        // read in pieces (a file stream, as on the command line), and read whole by an openRead that throws at once
        for (const io of [diskIO(), captureIO({ readFile: (p) => readFileSync(p), openRead: (p) => [readFileSync(p)], fileSize: (p) => statSync(p).size })]) {
          const code = await mainAsync(['compare', '--corpus', join(dir, 'c.txt'), '--corpus', path, '--against', 'node', '--report', report], io.io);
          expect(code, io.err()).to.equal(2);
          expect(io.err()).to.match(new RegExp(`^error: cannot read the corpus file ".*": ${why}[^\\n]*\\n$`));
          expect(io.out()).to.equal('');
          expect(existsSync(report), 'a report file left behind').to.equal(false);
        }
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // a readable file read in pieces still works
    const { io, out } = diskIO();
    expect(await mainAsync(['compare', '--corpus', join(dir, 'c.txt'), '--against', 'node', '--json'], io)).to.equal(0);
    expect(JSON.parse(out()).cases).to.equal(3);
  });

  it('--against that names no parser ("", commas and spaces only) is a usage error naming the option; "none" is still allowed', async () => {
    for (const value of ['', ' , ,', ',']) {
      const { io, out, err } = fakeIO();
      expect(await mainAsync(['compare', '--generate', '5', '--against', value], io), JSON.stringify(value)).to.equal(2);
      expect(err()).to.match(/^error: --against names no parser \(.*\): [^\n]*"none"\n$/);
      expect(out()).to.equal('');
    }
    const { io, out } = fakeIO();
    expect(await mainAsync(['compare', '--generate', '5', '--against', 'none', '--json'], io)).to.equal(0);
    expect(JSON.parse(out()).adapters).to.deep.equal([]);
  });

  it('a device (/dev/full) as a --report or --wpt-candidates file: refused before the run, one line, exit 2 (the safe writer writes regular files only)', async function () {
    if (!existsSync('/dev/full')) this.skip(); // Linux has /dev/full: the case runs here and in CI
    for (const [option, what] of [
      ['--report', 'the report'],
      ['--wpt-candidates', 'the WPT candidates'],
    ]) {
      const file = join(dir, option === '--report' ? 'r.html' : 'x.json');
      symlinkSync('/dev/full', file);
      const browser = (name: string, mode: string) => `${name}=${JSON.stringify(process.execPath)} ${JSON.stringify(FAKE_BROWSER)} ${mode}`;
      const { io, out, err } = diskIO();
      const code = await mainAsync(['compare', '--corpus', join(dir, 'c.txt'), '--against', 'node', '--adapter', browser('chromium', 'none'), '--adapter', browser('firefox', 'none'), option, file], io);
      expect(code, err()).to.equal(2);
      expect(err()).to.equal(`error: cannot write ${what} ${JSON.stringify(file)}: it is a character device\n`);
      expect(out()).to.equal('');
      rmSync(file);
    }
  });

  describe('a disk that fills before the end (writes to the new file fail with ENOSPC: test/support/failing-writes.js)', () => {
    let restore: (() => void) | null = null;
    afterEach(() => {
      restore?.();
      restore = null;
    });

    it('the output is still printed, one line on standard error, exit 1, no "written to"; the old report and candidates are left whole, no temporary file beside them', async () => {
      const report = join(dir, 'r.html');
      writeFileSync(report, '<p>the previous report</p>\n');
      const candidates = join(dir, 'x.json');
      writeFileSync(candidates, '[]\n');
      restore = failWrites({ mode: 'enospc' });
      const json = diskIO();
      expect(await mainAsync(['compare', '--corpus', join(dir, 'c.txt'), '--against', 'node', '--json', '--report', report], json.io), json.err()).to.equal(1);
      expect(JSON.parse(json.out())).to.deep.include({ cases: 3 });
      expect(json.err()).to.equal(`error: cannot write the report ${JSON.stringify(report)}: no space left on device\n`);
      expect(readFileSync(report, 'utf8')).to.equal('<p>the previous report</p>\n');

      const text = diskIO();
      const browser = (name: string, mode: string) => `${name}=${JSON.stringify(process.execPath)} ${JSON.stringify(FAKE_BROWSER)} ${mode}`;
      const code = await mainAsync(['compare', '--corpus', join(dir, 'c.txt'), '--against', 'none', '--workers', '0', '--adapter', browser('chromium', 'evil'), '--adapter', browser('firefox', 'none'), '--wpt-candidates', candidates], text.io);
      expect(code, text.err()).to.equal(1);
      expect(text.out()).to.match(/^url-grammar compare: 3 cases \(3 from .*c\.txt\); reference url-grammar\n/);
      expect(text.err()).to.not.include('written to');
      const errors = text.err().split('\n').filter((l) => l.startsWith('error: '));
      expect(errors).to.have.length(1);
      expect(errors[0]).to.match(/^error: cannot write the WPT candidates ".*x\.json": no space left on device \(\d+ candidates found, not written; /);
      expect(readFileSync(candidates, 'utf8')).to.equal('[]\n');
      restore();
      restore = null;
      expect(readdirSync(dir).sort()).to.deep.equal(['c.txt', 'r.html', 'x.json']);
      // and with room again: written, whole
      const again = diskIO();
      expect(await mainAsync(['compare', '--corpus', join(dir, 'c.txt'), '--against', 'node', '--report', report], again.io), again.err()).to.equal(0);
      expect(readFileSync(report, 'utf8')).to.match(/^<!DOCTYPE html>/i);
      expect(readdirSync(dir).sort()).to.deep.equal(['c.txt', 'r.html', 'x.json']);
    });
  });
});

describe('compare: corpus files and command lines', () => {
  it('one case per line, or input TAB base; empty lines skipped, CRLF accepted', () => {
    expect(parseCorpusText('a\r\n\nb\thttps://x/\r\nc\t\n')).to.deep.equal([
      { input: 'a', base: null },
      { input: 'b', base: 'https://x/' },
      { input: 'c', base: null },
    ]);
    expect(parseLinesCorpus('data:\t\tA\nhttp://h\n')).to.deep.equal([
      { input: 'data:\t\tA', base: null },
      { input: 'http://h', base: null },
    ]);
  });

  it('splits an --adapter command as a shell would for quotes and backslashes', () => {
    expect(splitCommand(`python3  "my dir/a.py" 'x y' a\\ b "q\\"q" ''`)).to.deep.equal(['python3', 'my dir/a.py', 'x y', 'a b', 'q"q', '']);
    expect(() => splitCommand('"open')).to.throw(/unterminated double quote/);
  });

  it('shows strings on one line, with invisible characters escaped', () => {
    expect(quoted('a\u2028b\u0085c\u200bd\te')).to.equal('"a\\u2028b\\u0085c\\u200bd\\te"');
  });
});

describe('compare: bounded concurrency (--workers)', function () {
  this.timeout(60_000);

  it('at most the cores less one (the thread that reads and counts): more is clamped, with a note; a bad number is refused', () => {
    const notes: string[] = [];
    const note = (t: string) => void notes.push(t);
    expect(workerCount(undefined, note, 3)).to.equal(undefined);
    expect(workerCount('0', note, 3)).to.equal(0);
    expect(workerCount('3', note, 3)).to.equal(3);
    expect(notes).to.deep.equal([]);
    expect(workerCount('1000', note, 3)).to.equal(3);
    expect(workerCount('99999999999999999999999', note, 3)).to.equal(3);
    expect(notes).to.deep.equal([
      '--workers 1000 is more than the 4 cores here can run at once (one reads and counts): using 3',
      '--workers 99999999999999999999999 is more than the 4 cores here can run at once (one reads and counts): using 3',
    ]);
    expect(() => workerCount('-1', note)).to.throw(/--workers wants a whole number \(0: none\), not "-1"/);
    expect(() => workerCount('2.5', note)).to.throw(/--workers wants a whole number/);
    expect(maxWorkers()).to.equal(Math.max(1, availableParallelism() - 1));
  });

  it('threads are started as the batches need them: one batch of two cases starts one, whatever the count; two at once start two', async () => {
    const pool = workerPool(['url-grammar'], 1000);
    try {
      const two = [
        { input: 'https://a.example/', base: null },
        { input: 'b', base: 'https://a.example/' },
      ];
      const [answers] = await pool.run(two);
      expect(answers.map((a) => (a instanceof Error ? a.message : a.href))).to.deep.equal(['https://a.example/', 'https://a.example/b']);
      expect(pool.threads()).to.equal(1);
      // one after the other: the idle thread takes the next
      await pool.run(two);
      expect(pool.threads()).to.equal(1);
      await Promise.all([pool.run(two), pool.run(two)]);
      expect(pool.threads()).to.equal(2);
    } finally {
      await pool.close();
    }
  });

  it('the command line: --workers 1000 on a corpus of two cases says it is clamped, and compares them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-compare-workers-'));
    try {
      writeFileSync(join(dir, 'c.txt'), 'https://a.example/\nb\thttps://a.example/\n');
      const { io, out, err } = captureIO({ readFile: (path) => readFileSync(path) });
      expect(await mainAsync(['compare', '--corpus', join(dir, 'c.txt'), '--against', 'whatwg-url', '--workers', '1000', '--json'], io), err()).to.equal(0);
      const max = maxWorkers();
      expect(err()).to.equal(`compare: --workers 1000 is more than the ${(max + 1).toLocaleString('en-US')} core${max + 1 === 1 ? '' : 's'} here can run at once (one reads and counts): using ${max}\n`);
      expect(JSON.parse(out())).to.deep.include({ cases: 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
