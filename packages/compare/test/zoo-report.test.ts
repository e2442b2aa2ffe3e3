// The committed zoo report (docs/zoo/REPORT.*, issue 48) is what the current code makes: its JSON
// (REPORT.json.gz, what --json prints) holds the run's answers and provenance, and the Markdown and
// HTML reports are made from it alone (reportFromJson), so rendering the committed JSON with the
// current renderers must give the committed Markdown byte for byte (the HTML page, 22 MB, is not
// kept: scripts/zoo-html.js makes it from the JSON). When the reports' format moves
// on (a renderer, or what the JSON holds) and the committed report does not, this fails, saying how
// to make it again; no browser or adapter runs here. The JSON's shape is compared with a small run's
// made now, so a member the JSON gained is found too, and its format number with REPORT_FORMAT.

import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { captureIO, mainAsync } from './support/cli';
import { htmlReport, markdownReport, reportFromJson, type CompareJson } from '../src/report';
import { REPORT_FORMAT } from '../src/provenance';

const ZOO = join(__dirname, '..', 'docs', 'zoo');
const AGAIN = 'the committed zoo report is not what the current code makes: make it again with the command in packages/compare/docs/zoo/README.md';

/**
 * Every path of members in a JSON value ("classes[].rootCauses[].caseList[].input"): arrays as
 * their elements', and the maps keyed by parser names (byParser, failures) as "*".
 */
function paths(v: unknown, at = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) paths(x, `${at}[]`, out);
  else if (v !== null && typeof v === 'object') {
    const map = /(^|\.)(byParser|failures)$/.test(at);
    for (const [k, x] of Object.entries(v)) {
      const p = `${at}${at === '' ? '' : '.'}${map ? '*' : k}`;
      out.add(p);
      paths(x, p, out);
    }
  }
  return out;
}

describe('the committed zoo report (docs/zoo)', function () {
  this.timeout(120_000);
  let json: CompareJson;
  before(() => {
    json = JSON.parse(gunzipSync(readFileSync(join(ZOO, 'REPORT.json.gz'))).toString('utf8')) as CompareJson;
  });

  it('is of the current format, and says the command that made it', () => {
    expect(json.provenance, AGAIN).to.not.equal(undefined);
    expect(json.provenance!.format, AGAIN).to.equal(REPORT_FORMAT);
    const command = json.provenance!.command;
    expect(command).to.match(/^url-grammar compare --against all /);
    for (const f of ['REPORT.json.gz', 'REPORT.md', 'REPORT.html']) expect(command).to.include(`--report packages/compare/docs/zoo/${f}`);
    // the README gives the same command
    expect(readFileSync(join(ZOO, 'README.md'), 'utf8')).to.include(command.replace(/^url-grammar /, 'npx url-grammar '));
  });

  it('its Markdown is the current renderer\'s output on its JSON, byte for byte; its HTML page is made from it (scripts/zoo-html.js)', () => {
    const doc = reportFromJson(json);
    expect(markdownReport(doc) === readFileSync(join(ZOO, 'REPORT.md'), 'utf8'), `REPORT.md: ${AGAIN}`).to.equal(true);
    // the page, not kept in the repository (22 MB), holds the provenance and a list of cases per root cause
    const html = htmlReport(doc);
    expect(html).to.include(json.provenance!.corpus.sha256);
    expect((html.match(/<details/g) ?? []).length).to.be.greaterThan(json.classes.length);
  });

  it('its JSON has every member a run of the current code writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'url-grammar-zoo-shape-'));
    try {
      // a few inputs on which the built-in parsers differ in many ways (failures, hosts, re-parse)
      const corpus = join(dir, 'c.txt');
      writeFileSync(corpus, ['http://a b/', 'HTTP://EXAMPLE.com:80/a/../b', 'http://good.com\\@evil.com/', 'https://example.com/%2e%2e/x', 'javascript:alert(1)', 'http://[::1]:8080/?q#f', '//x\thttp://base/'].join('\n') + '\n');
      const { io, out, err } = captureIO({ readFile: (p) => readFileSync(p), openRead: (p) => [readFileSync(p)], fileSize: (p) => readFileSync(p).length });
      expect(await mainAsync(['compare', '--corpus', corpus, '--against', 'node,node-legacy,url-parse', '--workers', '0', '--json'], io), err()).to.equal(0);
      const committed = paths(json);
      const missing = [...paths(JSON.parse(out()))].filter((p) => !committed.has(p));
      expect(missing, AGAIN).to.deep.equal([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
