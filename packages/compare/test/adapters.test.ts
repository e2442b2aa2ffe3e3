// The out-of-process adapters of adapters/manifest.json, each driven through the JSON-lines protocol
// of docs/compare-protocol.md by a small client of this file's own (not the compare runner's):
// every adapter is started once, gets one request and must answer it before the next is sent (so it
// flushes each line), then the rest of a small corpus at once, then the end of its standard input,
// at which it must answer everything once, with the request's id, and exit 0. Its answers are
// checked against what that parser really does (found by running it, and in line with its
// documentation; adapters/README.md says why each one answers as it does), so a broken adapter
// fails here instead of vanishing from a report.
//
// An adapter whose runtime is missing (a command not on PATH, or its manifest `check` failing) is
// marked pending with the reason, unless the environment variable CI is set: CI installs every
// runtime (.ci/debian-packages, which .ci/run installs), so there a missing one is a failure.
//
// Also here: each adapter's `version` command prints what it should, the built-in parsers' versions,
// and that `compare --json` and `compare --list` carry them.

import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { URL as GrammarURL } from 'url-grammar';
import { builtinVersion, parserVersion } from '../src/compare';
import { adapterVersion, readManifest } from '../src/manifest';
import { captureIO, CORE_ROOT, mainAsync } from './support/cli';

const root = join(__dirname, '..');

interface ManifestEntry {
  name: string;
  title: string;
  language: string;
  command: string[];
  requires: { commands: string[]; debian: string[] };
  check?: string[];
  /** Builds the adapter before its first start (run.js --build-only). */
  prepare?: string[];
  version?: string[];
  install: string;
  mapping: string;
}

// what adapters/ holds before any adapter runs: running them must add nothing there (no build
// output, no Python __pycache__)
const ADAPTER_FILES = readdirSync(join(__dirname, '..', 'adapters')).sort();

const MANIFEST: ManifestEntry[] = JSON.parse(readFileSync(join(root, 'adapters', 'manifest.json'), 'utf8'));
const README = readFileSync(join(root, 'adapters', 'README.md'), 'utf8');

const GETTERS = ['protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

/** The corpus, by name. Each says what it probes. */
const CASES: Record<string, [input: string, base: string | null]> = {
  full: ['https://user:pass@example.com:8080/a/b?q=1#f', null], // every component, all agree
  relative: ['../c?x#y', 'https://u:p@example.com:8080/a/b'], // resolution against a base
  netpath: ['//other.example/p', 'https://example.com/a'], // a scheme-relative reference
  tripleSlash: ['///x', 'https://example.com/a'], // a reference that a splitter alone may reject, though the base makes it a URL
  space: ['http://a b/', null], // a host with a space
  nonAscii: ['https://exämple.org/ü?ü#ü', null], // IDNA and percent-encoding, non-ASCII over the pipe
  lf: ['http://h/a\nb', null], // an LF inside the input: escaped in JSON, never a line end
  ls: ['https://example.com/\u2028', null], // U+2028 unescaped in the request line, not a line end
  opaque: ['mailto:x@y', null], // no authority
  ipv6DefaultPort: ['http://[::1]:80/', null], // brackets kept, a default port
  dots: ['HTTP://EXAMPLE.com:0443/a/./b/../c', null], // case, a port with a leading 0, dot segments
  ipv4: ['http://0x7f.1/', null], // an IPv4 address in the URL Standard's number syntax
  bigPort: ['http://h:99999/', null], // a port out of range
  spaces: ['  http://h/x  ', null], // leading and trailing spaces
  backslash: ['http:\\\\h\\p', null], // backslashes as slashes
  fileHost: ['file://h/p', null], // a file URL with a host
  rootless: ['abc:rootless', 'abc://host/path'], // a scheme and a rootless path, against a base of that scheme
  emptyRef: ['', 'https://example.com/a/b?q#f'], // the empty reference: the base, without its fragment by the standard
  long: ['https://example.com/' + 'a'.repeat(65536), null], // a 64 KB line
};

/** What a parser did with one case: a URL with these getters (a subset), a failure, or "could not answer". */
type Success = { ok: true; [getter: string]: string | null | boolean };
type Failure = { ok: false; message?: RegExp };
type CouldNotAnswer = { error: RegExp };
type Expect = Success | Failure | CouldNotAnswer;

const FULL = {
  ok: true,
  href: 'https://user:pass@example.com:8080/a/b?q=1#f',
  protocol: 'https:',
  username: 'user',
  password: 'pass',
  host: 'example.com:8080',
  hostname: 'example.com',
  port: '8080',
  pathname: '/a/b',
  search: '?q=1',
  hash: '#f',
} as const;
const RELATIVE = { ok: true, href: 'https://u:p@example.com:8080/c?x#y', username: 'u', password: 'p', pathname: '/c', search: '?x', hash: '#y' } as const;
const NETPATH = { ok: true, href: 'https://other.example/p', hostname: 'other.example', pathname: '/p' } as const;

/**
 * Per adapter: what its parser does with some of the cases. The browsers and rust-url also answer
 * every other case as url-grammar does (they implement the same standard); see SAME_STANDARD.
 */
const EXPECTED: Record<string, Record<string, Expect>> = {
  chromium: {
    // Chromium percent-encodes a space in a host where the standard fails (a forbidden host code point)
    space: { ok: true, href: 'http://a%20b/', host: 'a%20b', hostname: 'a%20b' },
  },
  firefox: {
    space: { ok: false },
    // Firefox drops the host of a file URL, where the standard keeps it
    fileHost: { ok: true, href: 'file:///p', host: '', hostname: '', pathname: '/p' },
  },
  webkit: { space: { ok: false } },
  'python-urllib': {
    space: { ok: true, hostname: 'a b', href: 'http://a b/' }, // no host parsing
    nonAscii: { ok: true, href: 'https://exämple.org/ü?ü#ü', hostname: 'exämple.org', pathname: '/ü' }, // no IDNA, no percent-encoding
    lf: { ok: true, pathname: '/ab' }, // urlsplit removes tab and newline, as the standard does
    ipv6DefaultPort: { ok: true, port: '80', host: '[::1]:80', hostname: '[::1]' }, // no default-port elision
    bigPort: { ok: false, message: /Port out of range/ },
    backslash: { ok: true, host: '', pathname: '\\\\h\\p' }, // a backslash is not a slash
  },
  'python-rfc3986': {
    space: { ok: false, message: /host/ },
    nonAscii: { ok: false }, // RFC 3986 is ASCII only
    lf: { ok: true, pathname: '/a%0Ab' },
    dots: { ok: true, href: 'http://example.com:0443/a/c', protocol: 'http:', port: '0443' }, // normalize(): case and dot segments, the port as written
    bigPort: { ok: false, message: /port/ },
    spaces: { ok: false },
  },
  'python-yarl': {
    space: { ok: true, hostname: 'a b', href: 'http://a b/' },
    nonAscii: { ok: true, href: 'https://xn--exmple-cua.org/%C3%BC?%C3%BC#%C3%BC', hostname: 'xn--exmple-cua.org' },
    lf: { ok: true, pathname: '/ab' },
    dots: { ok: true, href: 'http://example.com:443/a/c', port: '443' },
    bigPort: { ok: false, message: /port/ },
    ipv4: { ok: true, hostname: '0x7f.1' },
  },
  'python-hyperlink': {
    space: { ok: true, hostname: 'a b' },
    nonAscii: { ok: true, hostname: 'exämple.org', pathname: '/ü' }, // the IRI as written
    lf: { ok: true, pathname: '/a\nb' }, // kept
    ipv6DefaultPort: { ok: true, href: 'http://[::1]/', port: '', host: '[::1]' }, // the default port left out of the text
    dots: { ok: true, protocol: 'HTTP:', pathname: '/a/./b/../c' },
    bigPort: { ok: true, port: '99999' },
    rootless: { ok: false, message: /NotImplementedError: absolute URI with rootless path/ }, // click() declines it
    // click("") is the base itself, its fragment kept (issue 48: the adapter gave click a URL made
    // from "", which drops it, where its README says it calls click with the input)
    emptyRef: { ok: true, href: 'https://example.com/a/b?q#f', hash: '#f' },
  },
  'go-net-url': {
    space: { ok: false, message: /invalid character " " in host name/ },
    lf: { ok: false, message: /invalid control character in URL/ },
    nonAscii: { ok: true, href: 'https://ex%C3%A4mple.org/%C3%BC?ü#%C3%BC', hostname: 'exämple.org', search: '?ü' }, // RawQuery as written
    dots: { ok: true, href: 'http://EXAMPLE.com:0443/a/./b/../c', protocol: 'http:', port: '0443' },
    bigPort: { ok: true, port: '99999' }, // Port() is not range-checked
    spaces: { ok: false, message: /first path segment in URL cannot contain colon/ },
  },
  'curl-url-api': {
    space: { ok: false, message: /Bad hostname/ },
    lf: { ok: false },
    opaque: { ok: false }, // curl needs "scheme://"
    nonAscii: { ok: true, hostname: 'xn--exmple-cua.org', pathname: '/ü', search: '?ü' }, // punycode host, the rest as written
    ipv4: { ok: true, href: 'http://127.0.0.1/', hostname: '127.0.0.1' },
    dots: { ok: true, href: 'http://EXAMPLE.com:443/a/c', port: '443' },
    bigPort: { ok: false, message: /Port number/ },
    fileHost: { ok: false, message: /Bad file:\/\/ URL/ }, // only an empty host or localhost
  },
  'java-uri': {
    space: { ok: false, message: /Illegal character in authority/ },
    lf: { ok: false, message: /Illegal character in path/ },
    ipv4: { ok: true, href: 'http://0x7f.1/', hostname: null, host: null }, // "0x7f.1" is no RFC 2396 hostname: a registry-based authority
    opaque: { ok: true, pathname: 'x@y', search: null },
    dots: { ok: true, protocol: 'HTTP:', port: '443', pathname: '/a/./b/../c' },
    bigPort: { ok: true, port: '99999' },
  },
  'ruby-uri': {
    space: { ok: false, message: /InvalidURIError/ },
    nonAscii: { ok: false, message: /ascii only/ },
    ipv6DefaultPort: { ok: true, href: 'http://[::1]/', port: '', hostname: '[::1]' },
    dots: { ok: true, href: 'http://EXAMPLE.com:443/a/./b/../c', port: '443' },
    bigPort: { ok: true, port: '99999' },
  },
  'perl-uri': {
    space: { ok: true, href: 'http://a%20b/', hostname: 'a%20b' }, // URI escapes what RFC 3986 does not allow
    nonAscii: { ok: true, href: 'https://xn--exmple-cua.org/%C3%BC?%C3%BC#%C3%BC' },
    lf: { ok: true, pathname: '/a%0Ab' },
    ls: { ok: true, href: 'https://example.com/' }, // URI->new trims white space, U+2028 included
    spaces: { ok: true, href: 'http://h/x' },
    opaque: { ok: true, pathname: 'x@y', search: null },
    fileHost: { ok: true, href: 'file://h/p', hostname: 'h', pathname: '/p' }, // URI::file has no userinfo()
  },
  'python-urllib3': {
    space: { ok: true, hostname: 'a b', href: 'http://a b/' }, // no check of the host's characters
    nonAscii: { ok: true, href: 'https://xn--exmple-cua.org/%C3%BC?%C3%BC#%C3%BC', hostname: 'xn--exmple-cua.org' }, // http(s): IDNA and percent-encoding
    lf: { ok: true, pathname: '/a%0Ab' }, // percent-encoded, not removed
    opaque: { ok: true, href: 'mailto:///x@y', pathname: '/x@y' }, // Url.url always writes "scheme://", and the path gets a "/"
    ipv6DefaultPort: { ok: true, href: 'http://[::1]:80/', hostname: '[::1]', port: '80' },
    dots: { ok: true, href: 'http://example.com:443/a/c', protocol: 'http:', port: '443' }, // http: host lowercased, dot segments removed, the port an integer
    ipv4: { ok: true, hostname: '0x7f.1' },
    bigPort: { ok: false, message: /LocationParseError/ },
    spaces: { ok: false, message: /no scheme/ }, // a scheme only at the very start: "  http://h/x  " is read as a host
    backslash: { ok: true, href: 'http:///%5C%5Ch%5Cp', host: '', pathname: '/%5C%5Ch%5Cp' }, // the authority ends at a backslash
    // urllib3 cannot resolve against a base
    relative: { error: /no reference resolution/ },
    netpath: { error: /no reference resolution/ },
    tripleSlash: { error: /no reference resolution/ },
    // but an input with a scheme of its own ignores the base (RFC 3986 5.2.2), and is answered
    rootless: { ok: true, href: 'abc:///rootless', protocol: 'abc:', pathname: '/rootless' },
  },
  'java-url': {
    space: { ok: true, href: 'http://a b/', hostname: 'a b' }, // URL only splits
    nonAscii: { ok: true, href: 'https://exämple.org/ü?ü#ü', hostname: 'exämple.org', pathname: '/ü', search: '?ü', hash: '#ü' },
    lf: { ok: true, pathname: '/a\nb' },
    ls: { ok: true, pathname: '/\u2028' },
    dots: { ok: true, href: 'http://EXAMPLE.com:0443/a/./b/../c', protocol: 'http:', hostname: 'EXAMPLE.com', port: '443' }, // getPort() is an int; href keeps what was written
    ipv4: { ok: true, hostname: '0x7f.1' },
    bigPort: { ok: true, port: '99999' },
    spaces: { ok: true, href: 'http://h/x' }, // leading and trailing spaces stripped
    backslash: { ok: true, href: 'http:\\\\h\\p', host: '', pathname: '\\\\h\\p' },
    ipv6DefaultPort: { ok: true, href: 'http://[::1]:80/', hostname: '[::1]', port: '80' },
    tripleSlash: { ok: true, href: 'https:/x', host: '', pathname: '/x' }, // an empty authority against the base
    rootless: { ok: false, message: /unknown protocol: abc/ }, // no handler for the scheme
  },
  'rust-url': {
    // the url crate 2.3.1 departs from the standard here ("https://x/"): a known rust-url failure
    tripleSlash: { ok: false, message: /empty host/ },
    space: { ok: false, message: /invalid domain character/ },
    ipv4: { ok: true, href: 'http://127.0.0.1/', hostname: '127.0.0.1', origin: 'http://127.0.0.1' },
    fileHost: { ok: true, href: 'file://h/p', hostname: 'h', origin: 'null' },
  },
  'php-parse-url': {
    space: { ok: true, hostname: 'a b', href: 'http://a b/' },
    lf: { ok: true, pathname: '/a_b' }, // parse_url replaces control characters with "_"
    dots: { ok: true, protocol: 'HTTP:', port: '443', pathname: '/a/./b/../c' },
    bigPort: { ok: false },
    relative: { error: /no reference resolution/ }, // PHP cannot resolve against a base
    netpath: { error: /no reference resolution/ },
    // parse_url returns false for "///x", which says nothing of the URL the base would make of it
    tripleSlash: { error: /no reference resolution/ },
  },
};

/**
 * The parsers that implement the URL Standard (the browser engines and rust-url): they answer every
 * case that EXPECTED does not list for them as url-grammar does.
 */
const SAME_STANDARD = new Set(['chromium', 'firefox', 'webkit', 'rust-url']);

/** What each adapter's version command prints on its first line. */
const VERSIONS: Record<string, RegExp> = {
  chromium: /^Chromium \d+\.\d+\.\d+\.\d+\b/,
  firefox: /^Mozilla Firefox \d+\.\d+/,
  webkit: /^WebKitGTK 2\.\d+\.\d+$/,
  'python-urllib': /^Python 3\.\d+\.\d+/,
  'python-rfc3986': /^rfc3986 \d+\.\d+\.\d+ \(Python 3\.\d+\.\d+\)$/,
  'python-yarl': /^yarl \d+\.\d+\.\d+ \(Python 3\.\d+\.\d+\)$/,
  'python-hyperlink': /^hyperlink \d+\.\d+\.\d+ \(Python 3\.\d+\.\d+\)$/,
  'python-urllib3': /^urllib3 \d+\.\d+\.\d+ \(Python 3\.\d+\.\d+\)$/,
  'go-net-url': /^go1\.\d+/,
  'curl-url-api': /^libcurl \d+\.\d+\.\d+$/,
  'java-uri': /^(openjdk|java) \d+/,
  'java-url': /^(openjdk|java) \d+/,
  'ruby-uri': /^Ruby \d+\.\d+\.\d+, URI \d+\.\d+/,
  'perl-uri': /^Perl v5\.\d+\.\d+, URI \d+\.\d+$/,
  'php-parse-url': /^PHP \d+\.\d+\.\d+/,
  'rust-url': /^url 2\.\d+\.\d+ \(rustc \d+\.\d+\.\d+\)$/,
};

function onPath(command: string): boolean {
  const candidates = command.includes('/') ? [command] : (process.env.PATH ?? '').split(delimiter).map((d) => join(d || '.', command));
  return candidates.some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** Why the adapter cannot run here, or null when it can. */
function unavailable(a: ManifestEntry): string | null {
  const missing = a.requires.commands.filter((c) => !onPath(c));
  if (missing.length > 0) return `${missing.join(', ')} not on PATH (${a.install})`;
  if (a.check) {
    const r = spawnSync(a.check[0], a.check.slice(1), { cwd: root, timeout: 20_000, stdio: 'ignore' });
    if (r.status !== 0) return `its check \`${a.check.join(' ')}\` failed (${a.install})`;
  }
  return null;
}

interface Run {
  /** whether the first response came while only the first request had been sent */
  firstAlone: boolean;
  /** every response line, parsed */
  responses: Record<string, unknown>[];
  /** lines that were not JSON objects */
  malformed: string[];
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/**
 * Starts the adapter, sends requests[0] and waits for its answer, then sends the rest and closes
 * standard input, and collects everything until the process exits.
 */
function drive(a: ManifestEntry, requests: { id: number; input: string; base: string | null }[], timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(a.command[0], a.command.slice(1), { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    const run: Run = { firstAlone: false, responses: [], malformed: [], exitCode: null, signal: null, stderr: '' };
    let pending = Buffer.alloc(0);
    let sentRest = false;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${a.name}: no end after ${timeoutMs} ms (${run.responses.length} responses; stderr: ${run.stderr.slice(-500)})`));
    }, timeoutMs);
    const sendRest = () => {
      if (sentRest) return;
      sentRest = true;
      child.stdin.end(requests.slice(1).map((r) => JSON.stringify(r) + '\n').join(''));
    };
    child.stdin.on('error', () => {}); // an adapter that exits early shows in exitCode and responses
    child.stderr.on('data', (d: Buffer) => (run.stderr = (run.stderr + d.toString('utf8')).slice(-4000)));
    child.stdout.on('data', (d: Buffer) => {
      pending = Buffer.concat([pending, d]);
      let nl: number;
      while ((nl = pending.indexOf(0x0a)) >= 0) {
        const bytes = pending.subarray(0, nl);
        pending = pending.subarray(nl + 1);
        let text: string;
        try {
          text = decoder.decode(bytes).replace(/\r$/, '');
        } catch {
          run.malformed.push(`not UTF-8: ${bytes.toString('latin1').slice(0, 200)}`);
          continue;
        }
        if (text.trim() === '') continue;
        try {
          const value = JSON.parse(text);
          if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
          run.responses.push(value);
          if (!sentRest && value.id === requests[0].id) {
            run.firstAlone = true;
            sendRest();
          }
        } catch {
          run.malformed.push(text.slice(0, 200));
        }
      }
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`${a.name}: could not start ${a.command.join(' ')}: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      run.exitCode = code;
      run.signal = signal;
      if (pending.length > 0) run.malformed.push(`an unterminated last line: ${pending.toString('utf8').slice(0, 200)}`);
      resolve(run);
    });
    child.stdin.write(JSON.stringify(requests[0]) + '\n');
    // a browser may need a while to start, Go a while to build on first use; past that the
    // adapter is not answering as it reads, which the firstAlone check reports
    setTimeout(sendRest, Math.min(60_000, timeoutMs / 2)).unref();
  });
}

function ok(r: Record<string, unknown>): r is Record<string, unknown> & { ok: true } {
  return r.ok === true;
}

describe('adapters: the manifest', () => {
  it('lists each adapter once, with a valid name, a command, requirements and a mapping section in adapters/README.md', () => {
    expect(MANIFEST.length).to.be.greaterThan(10);
    const names = MANIFEST.map((a) => a.name);
    expect(new Set(names).size).to.equal(names.length);
    for (const a of MANIFEST) {
      expect(a.name, a.name).to.match(/^[A-Za-z0-9._-]+$/);
      expect(a.title, a.name).to.be.a('string').and.not.empty;
      expect(a.language, a.name).to.be.a('string').and.not.empty;
      expect(a.command, a.name).to.be.an('array').that.is.not.empty;
      for (const w of a.command) expect(w, a.name).to.be.a('string');
      expect(a.requires.commands, a.name).to.be.an('array').that.is.not.empty;
      expect(a.requires.debian, a.name).to.be.an('array').that.is.not.empty;
      if (a.check !== undefined) expect(a.check, a.name).to.be.an('array').that.is.not.empty;
      expect(a.version, `${a.name}: a version command`).to.be.an('array').that.is.not.empty;
      for (const w of a.version!) expect(w, a.name).to.be.a('string');
      expect(a.install, a.name).to.be.a('string').and.not.empty;
      const [file, anchor] = a.mapping.split('#');
      expect(file, a.name).to.equal('adapters/README.md');
      expect(README, `adapters/README.md has a section "## ${anchor}"`).to.match(new RegExp(`^## ${anchor.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
      // paths in the command are relative to the package root, and exist
      for (const w of a.command.slice(1)) if (w.startsWith('adapters/')) expect(() => readFileSync(join(root, w)), w).not.to.throw();
    }
  });

  it('has expectations in this file for every adapter it lists, and none for an adapter it does not', () => {
    expect(Object.keys(EXPECTED).sort()).to.deep.equal(MANIFEST.map((a) => a.name).sort());
    expect(Object.keys(VERSIONS).sort()).to.deep.equal(MANIFEST.map((a) => a.name).sort());
  });

  it(".ci/run installs every Debian package an adapter requires (the list it reads, .ci/debian-packages)", () => {
    const list = readFileSync(join(CORE_ROOT, '.ci', 'debian-packages'), 'utf8');
    const listed = new Set(list.split('\n').flatMap((l) => l.replace(/#.*/, '').trim().split(/\s+/)).filter(Boolean));
    for (const a of MANIFEST) for (const p of a.requires.debian) expect(listed.has(p), `${a.name} needs ${p}`).to.equal(true);
  });
});

describe('adapters: versions', function () {
  this.timeout(120_000);
  const entries = readManifest(join(root, 'adapters', 'manifest.json'));

  for (const a of MANIFEST) {
    it(`${a.name}: its version command prints ${VERSIONS[a.name]} @adapters`, function () {
      const why = unavailable(a);
      if (why) {
        if (process.env.CI) throw new Error(`${a.name} cannot run: ${why}; CI installs it (.ci/run)`);
        console.warn(`\n  pending: the ${a.name} adapter cannot run here: ${why}\n`);
        this.skip();
      }
      const entry = entries.find((e) => e.name === a.name)!;
      expect(adapterVersion(entry, root), `${entry.version?.join(' ')}`).to.match(VERSIONS[a.name]);
    });
  }

  it("the built-in parsers': their package's version, or Node's (with its Ada for node)", () => {
    expect(builtinVersion('node')).to.equal(`Node ${process.versions.node}, ada ${process.versions.ada}`);
    expect(builtinVersion('node')).to.match(/^Node \d+\.\d+\.\d+, ada \d+\.\d+/);
    expect(builtinVersion('node-legacy')).to.equal(`Node ${process.versions.node} (url.parse)`);
    for (const p of ['url-grammar', 'whatwg-url', 'url-parse'] as const) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const pkg = require(`${p}/package.json`) as { version: string };
      expect(builtinVersion(p), p).to.equal(`${p} ${pkg.version}`);
    }
    // an adapter's own version counts before a built-in's of the same name, and is null when it has none
    expect(parserVersion('node')).to.equal(builtinVersion('node'));
    expect(parserVersion('x', [{ name: 'x', version: 'x 1', parse: () => ({ ok: false }) }])).to.equal('x 1');
    expect(parserVersion('node', [{ name: 'node', parse: () => ({ ok: false }) }])).to.equal(null);
    expect(parserVersion('unknown')).to.equal(null);
  });

  it('adapterVersion: the first line that is not blank, trimmed; null without a command, or when it fails or prints nothing', () => {
    const entry = (version: string[] | null) => ({ name: 'v', title: 'v', language: 'v', command: ['node'], requires: { commands: [], debian: [] }, check: null, version, install: '', mapping: '' });
    expect(adapterVersion(entry(['node', '-e', "console.log('\\n   \\n  thing 1.2.3  \\nmore')"]), root)).to.equal('thing 1.2.3');
    expect(adapterVersion(entry(['node', '-e', "console.log('x'.repeat(500))"]), root)).to.equal('x'.repeat(200));
    expect(adapterVersion(entry(null), root)).to.equal(null);
    expect(adapterVersion(entry(['node', '-e', "console.log('1.0'); process.exit(3)"]), root)).to.equal(null);
    expect(adapterVersion(entry(['node', '-e', "console.error('only on stderr')"]), root)).to.equal(null);
    expect(adapterVersion(entry(['url-grammar-test-no-such-command']), root)).to.equal(null);
    expect(adapterVersion(entry(['node', '-e', 'setTimeout(() => {}, 10000)']), root, 300)).to.equal(null);
  });

  it('compare --json gives every adapters[] entry its version (null when unknown), and --list shows them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-adapter-versions-'));
    try {
      const manifest = join(dir, 'manifest.json');
      const entry = (name: string, version?: string[]) => ({
        name,
        title: name,
        language: 'JavaScript',
        command: ['node', 'test/fixtures/adapters/wrong.js'],
        requires: { commands: ['node'], debian: [] },
        ...(version ? { version } : {}),
        install: 'nothing',
        mapping: 'test/fixtures/adapters/wrong.js',
      });
      // "absent" cannot run here: its version command (which would leave a file) is never run
      const ran = join(dir, 'version-ran');
      const absent = { ...entry('absent', ['node', '-e', `require('fs').writeFileSync(${JSON.stringify(ran)}, ''); console.log('absent 1')`]), requires: { commands: ['url-grammar-test-no-such-command'], debian: [] } };
      writeFileSync(manifest, JSON.stringify([entry('versioned', ['node', '-e', "console.log('\\nwrong-on-purpose 1.2.3\\nsecond line')"]), entry('unversioned'), entry('broken-version', ['node', '-e', 'process.exit(3)']), absent]));
      const corpus = join(dir, 'corpus.txt');
      writeFileSync(corpus, 'https://example.com/\nhttps://evil.example/x\n');
      const io = () =>
        captureIO({
          readFile: (path) => readFileSync(path),
          openRead: (path) => [readFileSync(path)],
          fileSize: (path) => readFileSync(path).length,
        });
      const run = io();
      expect(await mainAsync(['compare', '--corpus', corpus, '--manifest', manifest, '--against', 'node,whatwg-url,versioned,unversioned,broken-version', '--json', '--workers', '0'], run.io), run.err()).to.equal(0);
      const report = JSON.parse(run.out()) as { adapters: Array<{ name: string; version: string | null; answered: number }> };
      expect(Object.fromEntries(report.adapters.map((a) => [a.name, a.version]))).to.deep.equal({
        node: builtinVersion('node'),
        'whatwg-url': builtinVersion('whatwg-url'),
        versioned: 'wrong-on-purpose 1.2.3',
        unversioned: null,
        'broken-version': null,
      });
      for (const a of report.adapters) expect(a.answered, a.name).to.equal(2);

      const list = io();
      expect(await mainAsync(['compare', '--list', '--manifest', manifest], list.io), list.err()).to.equal(0);
      const text = list.out();
      const versions = text.slice(text.indexOf('\nversions:\n'));
      expect(versions).to.match(/^ {2}versioned\s+wrong-on-purpose 1\.2\.3$/m);
      expect(versions).to.match(/^ {2}unversioned\s+unknown$/m);
      expect(versions).to.match(/^ {2}broken-version\s+unknown$/m);
      expect(versions).to.match(/^ {2}absent\s+-$/m);
      expect(() => accessSync(ran), 'the version command of an unavailable adapter ran').to.throw();
      expect(versions).to.include(`  ${'node'.padEnd('broken-version'.length)}  ${builtinVersion('node')}\n`);
      expect(versions).to.match(/^ {2}url-grammar\s+url-grammar \d+\.\d+\.\d+/m);
      // the table above is unchanged: each parser's row still starts with its name
      expect(text.split('\n').filter((l) => l.startsWith('versioned ')), 'rows of versioned').to.have.length(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('adapters: run.js builds into the cache directory, never into the package @adapters', function () {
  this.timeout(240_000);
  // A fresh cache for the C adapter (gcc takes a second) and the Rust one. For Rust, the fresh cache
  // starts with the dependencies cargo compiled into the usual cache (the url crate and its
  // dependencies from Debian's packaged sources, 30 s here; built there first if need be, once for
  // the run, as the rust-url tests below use it), without its record of the rustc it ran: the
  // program itself is built and linked in the fresh cache. Go is built in a fresh cache only on a
  // machine that never ran it (a fresh Go build cache compiles half the standard library, 20 s
  // here), so for Go this checks the usual cache directory.
  for (const [name, fresh] of [['curl-url-api', true], ['go-net-url', false], ['rust-url', true]] as const) {
    it(`${name}: ${fresh ? 'a first start builds under $XDG_CACHE_HOME/url-grammar/adapters, a second reuses it' : 'the program is under the cache directory, and reused'}`, function () {
      const adapter = MANIFEST.find((a) => a.name === name)!;
      const why = unavailable(adapter);
      if (why) {
        if (process.env.CI) throw new Error(`${name} cannot run: ${why}; CI installs it (.ci/run)`);
        console.warn(`\n  pending: ${name} cannot be built here: ${why}\n`);
        this.skip();
      }
      const tmp = mkdtempSync(join(tmpdir(), 'url-grammar-adapters-'));
      const cache = fresh ? tmp : process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
      const before = readdirSync(join(root, 'adapters')).sort();
      try {
        if (name === 'rust-url') {
          const usual = spawnSync('node', ['adapters/run.js', name, '--build-only'], { cwd: root, encoding: 'utf8', timeout: 170_000 });
          expect(usual.status, usual.stderr).to.equal(0);
          const target = (home: string) => join(home, 'url-grammar', 'adapters', 'cargo-target');
          cpSync(target(process.env.XDG_CACHE_HOME || join(homedir(), '.cache')), target(tmp), { recursive: true });
          rmSync(join(target(tmp), '.rustc_info.json'), { force: true });
        }
        const env = { ...process.env, XDG_CACHE_HOME: cache };
        const build = () => spawnSync('node', ['adapters/run.js', name, '--build-only'], { cwd: root, env, encoding: 'utf8', timeout: 100_000 });
        const first = build();
        expect(first.status, first.stderr).to.equal(0);
        const program = first.stdout.trim();
        expect(program.startsWith(join(cache, 'url-grammar', 'adapters', `${name}-`)), program).to.equal(true);
        accessSync(program, constants.X_OK);
        const second = build();
        expect(second.stdout.trim()).to.equal(program);
        expect(readdirSync(join(root, 'adapters')).sort(), 'files in adapters/').to.deep.equal(before);
        // and the built program answers
        const r = spawnSync(program, [], { input: JSON.stringify({ id: 1, input: 'https://example.com/', base: null }) + '\n', encoding: 'utf8' });
        expect(r.status).to.equal(0);
        expect(JSON.parse(r.stdout)).to.include({ id: 1, ok: true, href: 'https://example.com/' });
        if (name === 'rust-url') {
          // built by Debian's rustc (/usr/bin/rustc), not a rustup toolchain earlier on PATH: cargo
          // records the compiler it ran in its target folder, which is in the cache too
          const debian = spawnSync('/usr/bin/rustc', ['-vV'], { encoding: 'utf8' }).stdout.match(/^release: (.+)$/m)![1];
          const info = JSON.parse(readFileSync(join(cache, 'url-grammar', 'adapters', 'cargo-target', '.rustc_info.json'), 'utf8')) as { outputs: Record<string, { stdout: string }> };
          const releases = Object.values(info.outputs).flatMap((o) => [...o.stdout.matchAll(/^release: (.+)$/gm)].map((m) => m[1]));
          expect(releases, 'the rustc versions cargo asked for').to.not.be.empty;
          expect(new Set(releases), 'every rustc cargo ran').to.deep.equal(new Set([debian]));
          // and it says what it was built with
          const version = spawnSync('node', ['adapters/run.js', name, '--version'], { cwd: root, env, encoding: 'utf8' });
          expect(version.stdout.trim()).to.match(new RegExp(`^url 2\\.\\d+\\.\\d+ \\(rustc ${debian.replace(/\./g, '\\.')}\\)$`));
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    });
  }
});

const FIRST_ID = 2 ** 33 + 5; // above 32 bits: the id is copied, never squeezed into an int32
const names = Object.keys(CASES);
const REQUESTS = names.map((name, k) => ({ id: FIRST_ID + 7 * k, input: CASES[name][0], base: CASES[name][1] }));

for (const adapter of MANIFEST) {
  describe(`adapters: ${adapter.name} (${adapter.title}) @adapters`, function () {
    this.timeout(180_000);
    let run: Run;
    const byId = new Map<number, Record<string, unknown>[]>();
    const answer = (name: string): Record<string, unknown> => {
      const list = byId.get(REQUESTS[names.indexOf(name)].id) ?? [];
      expect(list, `one answer to ${JSON.stringify(CASES[name])}`).to.have.length(1);
      return list[0];
    };

    before(async function () {
      const why = unavailable(adapter);
      if (why) {
        if (process.env.CI) throw new Error(`${adapter.name} cannot run: ${why}; CI installs it (.ci/run)`);
        console.warn(`\n  pending: the ${adapter.name} adapter cannot run here: ${why}\n`);
        this.skip();
      }
      if (adapter.prepare) {
        // a build on first use (Go, C, Rust) is not part of the protocol: done before the clock starts
        const built = spawnSync(adapter.prepare[0], adapter.prepare.slice(1), { cwd: root, encoding: 'utf8', timeout: 170_000 });
        expect(built.status, `${adapter.prepare.join(' ')}: ${built.stderr}`).to.equal(0);
      }
      run = await drive(adapter, REQUESTS, 150_000);
      for (const r of run.responses) {
        const id = r.id as number;
        byId.set(id, [...(byId.get(id) ?? []), r]);
      }
    });

    it('answers the first request before the next is sent (it reads, answers and flushes line by line)', () => {
      expect(run.firstAlone, `no answer to the first request while it was the only one sent (is standard output flushed after each line?); stderr: ${run.stderr.slice(-500)}`).to.equal(true);
    });

    it('answers every request exactly once with its id, writes only well-formed lines, and exits 0 at the end of its input', () => {
      expect(run.malformed, 'malformed lines').to.deep.equal([]);
      expect(run.signal, `stderr: ${run.stderr.slice(-500)}`).to.equal(null);
      expect(run.exitCode, `stderr: ${run.stderr.slice(-500)}`).to.equal(0);
      for (const r of REQUESTS) expect(byId.get(r.id)?.length ?? 0, `answers to id ${r.id}`).to.equal(1);
      expect(run.responses).to.have.length(REQUESTS.length);
    });

    it('keeps to the protocol in every response (ok or error; getters strings or null)', () => {
      for (const r of run.responses) {
        if ('error' in r) {
          expect(r.error, JSON.stringify(r)).to.be.a('string');
          continue;
        }
        expect(r.ok, JSON.stringify(r)).to.be.a('boolean');
        if (!ok(r)) continue;
        expect(r.href, JSON.stringify(r)).to.be.a('string');
        for (const g of [...GETTERS, 'origin']) if (r[g] !== undefined && r[g] !== null) expect(r[g], `${g} in ${JSON.stringify(r).slice(0, 300)}`).to.be.a('string');
      }
    });

    it('answers a 64 KB input whole', () => {
      const r = answer('long');
      expect(r.ok).to.equal(true);
      expect(r.href).to.equal(CASES.long[0]);
    });

    it('parses a URL with every component, and resolves against a base', () => {
      const full = answer('full');
      for (const [k, v] of Object.entries(FULL)) expect(full[k], k).to.equal(v);
      for (const [name, want] of [['relative', RELATIVE], ['netpath', NETPATH]] as const) {
        if (EXPECTED[adapter.name][name]) continue; // this parser's own answer is checked below
        const got = answer(name);
        for (const [k, v] of Object.entries(want)) expect(got[k], `${name}: ${k}`).to.equal(v);
      }
    });

    for (const [name, want] of Object.entries(EXPECTED[adapter.name] ?? {})) {
      it(`${name}: ${JSON.stringify(CASES[name][0])}${CASES[name][1] ? ` against ${CASES[name][1]}` : ''} -> ${!('ok' in want) ? 'could not answer' : want.ok ? 'a URL' : 'failure'}`, () => {
        const got = answer(name);
        if (!('ok' in want)) {
          expect(got.error, JSON.stringify(got)).to.match((want as CouldNotAnswer).error);
          return;
        }
        expect(got.ok, JSON.stringify(got)).to.equal(want.ok);
        if (!want.ok) {
          const { message } = want as Failure;
          if (message) expect(got.message).to.match(message);
          return;
        }
        for (const [k, v] of Object.entries(want)) expect(got[k], `${k} in ${JSON.stringify(got)}`).to.equal(v);
      });
    }

    if (adapter.name === 'python-hyperlink') {
      it('calls what its README says: its answers are those of URL.from_text(input), or URL.from_text(base).click(input), called directly', () => {
        // the parser itself, through Python (not the adapter): the href of each case, or the exception's name
        const script = [
          'import hyperlink, json, sys',
          'out = []',
          'for input, base in json.load(sys.stdin):',
          '    try:',
          '        u = hyperlink.URL.from_text(input) if base is None else hyperlink.URL.from_text(base).click(input)',
          '        out.append(u.to_text(with_password=True) if u.scheme else None)',
          '    except Exception as e:',
          '        out.append(None)',
          'print(json.dumps(out))',
        ].join('\n');
        const cases = names.filter((n) => n !== 'long').map((n) => CASES[n]);
        const r = spawnSync(adapter.command[0], ['-B', '-c', script], { input: JSON.stringify(cases), encoding: 'utf8', timeout: 60_000 });
        expect(r.status, r.stderr).to.equal(0);
        const direct = JSON.parse(r.stdout) as Array<string | null>;
        names.filter((n) => n !== 'long').forEach((n, i) => {
          const got = answer(n);
          expect(got.ok ? got.href : null, `${n}: ${JSON.stringify(CASES[n])}`).to.equal(direct[i]);
        });
      });
    }

    if (SAME_STANDARD.has(adapter.name)) {
      it('answers every other case as url-grammar does (same standard)', () => {
        for (const name of names) {
          if (EXPECTED[adapter.name][name]) continue;
          const [input, base] = CASES[name];
          const got = answer(name);
          const mine = GrammarURL.parse(input, base ?? undefined);
          expect(got.ok, name).to.equal(mine !== null);
          if (mine === null) continue;
          expect(got.href, name).to.equal(mine.href);
          // a file URL's origin is left to the implementation (url.bs, origin: "left as an exercise
          // to the reader"): Chromium and WebKit say "file://", url-grammar (and rust-url) an opaque "null"
          if (mine.protocol !== 'file:') expect(got.origin, name).to.equal(mine.origin);
          for (const g of GETTERS) expect(got[g], `${name}: ${g}`).to.equal(mine[g]);
        }
      });
    }
  });
}

describe('adapters: after every adapter ran @adapters', () => {
  it('adapters/ holds the same files as before (nothing built or cached into the package)', () => {
    expect(readdirSync(join(root, 'adapters')).sort()).to.deep.equal(ADAPTER_FILES);
  });
});
