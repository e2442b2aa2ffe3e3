// SARIF's artifactLocation.uri is a URI reference (RFC 3986), not a file name: a "#", "?", "%" or
// space in the name must be percent-encoded, or the name turns into a fragment or a query. Each
// log here is validated against the SARIF 2.1.0 schema, with its "uri-reference" and "uri" formats
// checked by the grammar of RFC 3986, and every uri is resolved back to the file it names.

import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv-draft-04';
import { captureIO, mainAsync } from './support/cli';
import { artifactURI, sarifReporter } from '../src/formats';
import { lintText } from '../src/lint';

// RFC 3986 §3 and §4.1, written out rule by rule (an IP-literal host is simplified to hex digits,
// ":" and "." in brackets, which is all these tests need of it).
const PCT = '%[0-9A-Fa-f]{2}';
const UNRESERVED = '[A-Za-z0-9\\-._~]';
const SUB_DELIMS = "[!$&'()*+,;=]";
const PCHAR = `(?:${UNRESERVED}|${PCT}|${SUB_DELIMS}|[:@])`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const SEGMENT_NZ_NC = `(?:${UNRESERVED}|${PCT}|${SUB_DELIMS}|@)+`;
const USERINFO = `(?:${UNRESERVED}|${PCT}|${SUB_DELIMS}|:)*`;
const HOST = `(?:\\[[0-9A-Fa-f:.]+\\]|(?:${UNRESERVED}|${PCT}|${SUB_DELIMS})*)`;
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::[0-9]*)?`;
const PATH_ABEMPTY = `(?:/${SEGMENT})*`;
const PATH_ABSOLUTE = `/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?`;
const PATH_NOSCHEME = `${SEGMENT_NZ_NC}(?:/${SEGMENT})*`;
const PATH_ROOTLESS = `${SEGMENT_NZ}(?:/${SEGMENT})*`;
const QUERY = `(?:${PCHAR}|[/?])*`;
const TAIL = `(?:\\?${QUERY})?(?:#${QUERY})?`;
const ABSOLUTE = `[A-Za-z][A-Za-z0-9+.\\-]*:(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_ROOTLESS}|)${TAIL}`;
const RELATIVE = `(?://${AUTHORITY}${PATH_ABEMPTY}|${PATH_ABSOLUTE}|${PATH_NOSCHEME}|)${TAIL}`;
const URI = new RegExp(`^${ABSOLUTE}$`);
const URI_REFERENCE = new RegExp(`^(?:${ABSOLUTE}|${RELATIVE})$`);

/** The SARIF 2.1.0 schema's validator, its URI formats checked. */
function sarifValidator() {
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  // The schema's patterns are written for non-unicode regular expressions.
  const ajv = new Ajv({ strict: false, unicodeRegExp: false, logger: false });
  ajv.addFormat('uri', URI);
  ajv.addFormat('uri-reference', URI_REFERENCE);
  return ajv.compile(schema);
}

type ArtifactLocation = { uri: string };
interface SarifResult {
  locations: Array<{ physicalLocation: { artifactLocation: ArtifactLocation } }>;
  fixes?: Array<{ artifactChanges: Array<{ artifactLocation: ArtifactLocation }> }>;
}

/** Every artifactLocation.uri of a log's results, fixes included, in order. */
function uris(log: { runs: Array<{ results: SarifResult[] }> }): string[] {
  const out: string[] = [];
  for (const r of log.runs[0].results) {
    for (const l of r.locations) out.push(l.physicalLocation.artifactLocation.uri);
    for (const f of r.fixes ?? []) for (const c of f.artifactChanges) out.push(c.artifactLocation.uri);
  }
  return out;
}

/** The path a relative reference names when it is resolved against file:///project/. */
function resolvedPath(uri: string): string {
  const url = new URL(uri, 'file:///project/');
  expect(url.protocol, uri).to.equal('file:');
  expect(url.search + url.hash, `${uri} has a query or a fragment`).to.equal('');
  return decodeURIComponent(url.pathname);
}

// The file names of the defect, and others a relative reference must take care of.
const NAMES = ['my doc#1.md', 'a%b.md', 'dir/ü.md', '?.md', 'a:b.md', 'dir/x y/[1] 100%.html', '😀.txt'];

// A finding with a fix in every kind of file.
const DOCUMENT = '[x](https://EXAMPLE.com\\a) <https://u@b.example/>\n';

describe('defects: SARIF artifactLocation.uri is a URI reference', () => {
  it('writes a relative file name as a relative reference that resolves back to it', () => {
    const diagnostics = lintText(DOCUMENT, { kind: 'markdown', fixes: true });
    expect(diagnostics.some((d) => d.fix)).to.equal(true);
    let out = '';
    const reporter = sarifReporter((s) => void (out += s), { version: '0.0.0' });
    for (const name of NAMES) for (const d of diagnostics) reporter.report(name, d);
    reporter.end({ errors: diagnostics.length * NAMES.length, filesWithErrors: NAMES.length, files: NAMES.length });
    const log = JSON.parse(out);
    const validate = sarifValidator();
    expect(validate(log), JSON.stringify(validate.errors)).to.equal(true);
    const all = uris(log);
    // Each result has one location and the fixed one a fix, both naming the file.
    expect(all).to.have.length(NAMES.length * (diagnostics.length + diagnostics.filter((d) => d.fix).length));
    const expected = NAMES.flatMap((name) => diagnostics.flatMap((d) => (d.fix ? [name, name] : [name])));
    expect(all.map(resolvedPath)).to.deep.equal(expected.map((name) => '/project/' + name));
  });

  it('names a file given by its absolute path with a file: URI (url-grammar lint --format sarif)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-defects-sarif-'));
    try {
      mkdirSync(join(dir, 'dir'));
      const paths = ['my doc#1.md', 'a%b.md', 'dir/ü.md', '?.md'].map((name) => {
        const path = join(dir, name);
        writeFileSync(path, DOCUMENT);
        return path;
      });
      const captured = captureIO({ readFile: (path) => readFileSync(path) });
      await mainAsync(['lint', '--format', 'sarif', ...paths], captured.io);
      const log = JSON.parse(captured.out());
      const validate = sarifValidator();
      expect(validate(log), JSON.stringify(validate.errors)).to.equal(true);
      const all = uris(log);
      expect(all.length).to.be.greaterThan(paths.length);
      for (const uri of all) expect(uri).to.match(/^file:\/\/\//);
      expect([...new Set(all.map((uri) => fileURLToPath(uri)))]).to.deep.equal(paths);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the validator checks the URI formats (a space or a second "#" fails)', () => {
    const log = (uri: string) => ({
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, locations: [{ physicalLocation: { artifactLocation: { uri } } }] }] }],
    });
    const validate = sarifValidator();
    expect(validate(log('my%20doc%231.md'))).to.equal(true);
    expect(validate(log('my doc.md'))).to.equal(false);
    expect(validate(log('a#b#c'))).to.equal(false);
  });

  describe('artifactURI', () => {
    it('percent-encodes what a path segment cannot hold, and keeps "/"', () => {
      expect(artifactURI('my doc#1.md', 'linux')).to.equal('my%20doc%231.md');
      expect(artifactURI('a%b.md', 'linux')).to.equal('a%25b.md');
      expect(artifactURI('dir/ü.md', 'linux')).to.equal('dir/%C3%BC.md');
      expect(artifactURI('?.md', 'linux')).to.equal('%3F.md');
      expect(artifactURI("docs/(draft) it's+1;v=2@x:y.md", 'linux')).to.equal("docs/(draft)%20it's+1;v=2@x:y.md");
      expect(artifactURI('../up/x.md', 'linux')).to.equal('../up/x.md');
    });

    it('encodes ":" in the first segment of a relative reference, where it would read as a scheme', () => {
      expect(artifactURI('a:b.md', 'linux')).to.equal('a%3Ab.md');
      expect(artifactURI('dir/a:b.md', 'linux')).to.equal('dir/a:b.md');
    });

    it('writes an absolute path as a file: URI', () => {
      expect(artifactURI('/home/me/my doc#1.md', 'linux')).to.equal('file:///home/me/my%20doc%231.md');
      expect(artifactURI('/srv/dir/ü.md', 'darwin')).to.equal('file:///srv/dir/%C3%BC.md');
    });

    it('reads "\\" as a separator on Windows only', () => {
      expect(artifactURI('docs\\a%b.md', 'win32')).to.equal('docs/a%25b.md');
      expect(artifactURI('docs\\a%b.md', 'linux')).to.equal('docs%5Ca%25b.md');
      expect(artifactURI('C:\\Users\\me\\my doc#1.md', 'win32')).to.equal('file:///C:/Users/me/my%20doc%231.md');
      expect(artifactURI('c:/x/?.md', 'win32')).to.equal('file:///c:/x/%3F.md');
      expect(artifactURI('\\\\server\\share\\dir\\ü.md', 'win32')).to.equal('file://server/share/dir/%C3%BC.md');
      expect(artifactURI('\\\\server', 'win32')).to.equal('file://server/');
    });

    it('writes a lone surrogate (a Windows file name may hold one) as U+FFFD', () => {
      expect(artifactURI('a\ud800.md', 'win32')).to.equal('a%EF%BF%BD.md');
    });
  });
});
