// What the parser did: parseWithDiagnostics(input, { changes: true }) gives the semantic pass's own
// record of each change a step makes (src/semantic/changes.ts). Each change names a state of the
// basic URL parser (or none, before the state machine) and an algorithm of url.bs, has its span in
// the input (none for a component taken from the base URL) with the text the input has there, and
// an input whose href differs from it has at least one change. Over every WPT urltestdata input and
// inputs the grammar generates.

import { expect } from 'chai';
import fc from 'fast-check';
import { parseWithDiagnostics, URL_PARSER_STATES, type ParserChange } from '../src/index';
import { urlString, urlWithBase } from '@url-grammar/compare/arbitraries';
import { wptInputs } from './support/entry-points';

const STEPS = new Set(['concept-basic-url-parser', 'concept-host-parser', 'concept-domain-to-ascii', 'concept-ipv4-parser', 'ipv4-number-parser', 'concept-ipv6-parser', 'concept-opaque-host-parser', 'concept-ipv4-serializer', 'concept-ipv6-serializer', 'concept-url-serializer']);

const changesOf = (input: string, base?: string) => parseWithDiagnostics(input, { baseURL: base, changes: true });

/** What is wrong with the changes of `input` against `base`, or null. */
function problem(input: string, base?: string): string | null {
  const d = changesOf(input, base);
  if (d.url === null) return null;
  const where = `${JSON.stringify(input)}${base === undefined ? '' : ` against ${JSON.stringify(base)}`}`;
  for (const c of d.changes!) {
    if (c.state !== null && !(c.state in URL_PARSER_STATES)) return `${where}: no such state ${c.state}`;
    if (!STEPS.has(c.step)) return `${where}: no such step ${c.step}`;
    if (c.kind === 'from-base' || (c.kind === 'shortened' && c.start === -1)) {
      if (base === undefined || c.start !== -1) return `${where}: ${JSON.stringify(c)} from no base`;
      continue;
    }
    if (!(c.start >= 0 && c.start <= c.end && c.end <= input.length)) return `${where}: span of ${JSON.stringify(c)}`;
    // the text the input has there (less the tabs and newlines that preprocessing removed)
    // (the parser reads the input as a scalar value string: a lone surrogate is U+FFFD)
    const usv = input.toWellFormed();
    const there = usv.slice(c.start, c.end).replace(/[\t\n\r]/g, '');
    const said = c.kind === 'removed' && c.state === null && /tab or newline|C0 control/.test(c.detail ?? '') ? usv.slice(c.start, c.end) : c.from;
    if (c.kind !== 'shortened' && c.kind !== 'rewritten' && c.kind !== 'added' && said !== there && said !== usv.slice(c.start, c.end)) return `${where}: ${JSON.stringify(c)} says the input has ${JSON.stringify(said)} where it has ${JSON.stringify(there)}`;
  }
  const href = new (require('../src/index').URL)(input, base).href as string;
  if (base === undefined && href !== input && d.changes!.length === 0) return `${where}: the href is ${JSON.stringify(href)}, and no change is recorded`;
  return null;
}

const line = (c: ParserChange) => `${c.kind} ${c.state} ${c.step} [${c.start}, ${c.end}) ${JSON.stringify(c.from)} -> ${JSON.stringify(c.to)}${c.detail ? ` (${c.detail})` : ''}`;

describe('what the parser did (the pass\'s record of its changes)', function () {
  this.timeout(300_000);

  it('is not recorded unless asked for', () => {
    expect(parseWithDiagnostics('HTTP://a/')).to.not.have.property('changes');
  });

  it('names the components taken from the base, and a ".." that removes nothing', () => {
    expect(changesOf('../../../c', 'http://h/a/b').changes!.map(line)).to.deep.equal([
      'from-base relative concept-basic-url-parser [-1, -1) "" -> "http" (scheme)',
      'from-base relative concept-basic-url-parser [-1, -1) "" -> "h" (host)',
      'from-base relative concept-basic-url-parser [-1, -1) "" -> "/a" (path)',
      'shortened relative concept-basic-url-parser [-1, -1) "b" -> "" (the base URL\'s last segment)',
      'shortened path concept-basic-url-parser [0, 2) "a" -> ""',
      'shortened path concept-basic-url-parser [3, 5) "" -> "" (nothing left to remove)',
      'shortened path concept-basic-url-parser [6, 8) "" -> "" (nothing left to remove)',
    ]);
    expect(changesOf('?x', 'http://u:p@h:81/a?q').changes!.map((c) => c.detail)).to.deep.equal(['scheme', 'username', 'password', 'host', 'port', 'path', 'query']);
  });

  it('covers what a step changed: a percent-encoded letter of a domain, lower-cased', () => {
    expect(changesOf('http://ex%41mple.COM/').changes!.map(line)).to.deep.equal([
      'percent-decoded host concept-host-parser [9, 12) "%41" -> "A"',
      'lower-cased host concept-domain-to-ascii [9, 12) "%41" -> "a"',
      'lower-cased host concept-domain-to-ascii [17, 20) "COM" -> "com"',
    ]);
  });

  it('says the steps of a host that ends in a number, and of the serializer', () => {
    expect(changesOf('https://\uff11.\uff12.\uff13.\uff14/').changes!.map(line)).to.deep.equal(['rewritten host concept-domain-to-ascii [8, 15) "\uff11.\uff12.\uff13.\uff14" -> "1.2.3.4" (domain to ASCII)']);
    expect(changesOf('http://0x7f.1/').changes!.map(line)).to.deep.equal([
      'rewritten host ipv4-number-parser [7, 11) "0x7f" -> "127" (a hexadecimal IPv4 number)',
      'rewritten host concept-ipv4-parser [7, 13) "0x7f.1" -> "127.0.0.1" (an IPv4 address)',
    ]);
    // each part as written (its case too), in octal as well; a host with a percent-encoded byte
    // is not the input's code unit for code unit, and gets the address's record only
    expect(changesOf('http://0X7F.010.1.1/').changes!.filter((c) => c.step === 'ipv4-number-parser').map(line)).to.deep.equal([
      'rewritten host ipv4-number-parser [7, 11) "0X7F" -> "127" (a hexadecimal IPv4 number)',
      'rewritten host ipv4-number-parser [12, 15) "010" -> "8" (an octal IPv4 number)',
    ]);
    expect(changesOf('http://%30x7f.1/').changes!.filter((c) => c.step === 'ipv4-number-parser')).to.deep.equal([]);
    expect(changesOf('foo:/.//x').changes!.map(line)).to.deep.equal([
      'removed path concept-basic-url-parser [5, 6) "." -> "" (a single-dot segment)',
      'added null concept-url-serializer [4, 4) "" -> "/." (before a path that would read as an authority)',
    ]);
  });

  it('on every WPT urltestdata input: real states and steps, spans of the input, a change wherever the href differs from it', () => {
    const found = wptInputs()
      .map(({ input, base }) => problem(input, base))
      .filter((p) => p !== null);
    expect(found).to.deep.equal([]);
  });

  it('on inputs the grammar generates, with and without a base (2,000 each)', () => {
    fc.assert(
      fc.property(urlString, (input) => {
        expect(problem(input)).to.equal(null);
      }),
      { seed: 4646, numRuns: 2000 },
    );
    fc.assert(
      fc.property(urlWithBase, ({ input, base }) => {
        expect(problem(input, base)).to.equal(null);
      }),
      { seed: 4646, numRuns: 2000 },
    );
  });
});
