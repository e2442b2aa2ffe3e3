// Railroad diagrams, EBNF, the grammar lint, tracing one input, and the `diagram` subcommand.

import { DOMParser, type Element as XElement } from '@xmldom/xmldom';
import { expect } from 'chai';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST_GRAMMAR } from '../grammar/host';
import { WRITING_GRAMMAR } from '../grammar/writing';
import { STATE_OVERRIDES } from '../grammar/overrides';
import { ENTRY_RULES, URL_GRAMMAR } from '../grammar/url';
import {
  charset,
  choice,
  end,
  grammarOf,
  lookahead,
  N,
  not,
  oneOrMore,
  optional,
  rule,
  sequence,
  T,
  zeroOrMore,
  type Grammar,
  type Shape,
} from '../grammar/vocabulary';
import { runCli } from './support/cli';
import { compileEntry } from '../src/grammar/compile';
import { charsetToEBNF, grammarToEBNF, shapeToEBNF } from '../src/grammar/ebnf';
import { lintGrammar } from '../src/grammar/lint';
import { grammarToHTML, grammarToSVGs, ruleToSVG, traceInput, type TraceEntry } from '../src/grammar/railroad';
import { specLink } from '../src/spec-link';

const SVG_NS = 'http://www.w3.org/2000/svg';

const HOST_ENTRY_RULES = ['ipv6-address', 'ipv4-address', 'ends-in-a-number', 'forbidden-host-code-point', 'forbidden-domain-code-point'];

/** The URL grammar's entry rules: one per kind of base URL, and one per state override (the setters). */
function urlEntryRules(): string[] {
  const entries: string[] = Object.values(ENTRY_RULES);
  for (const byKind of Object.values(STATE_OVERRIDES)) entries.push(...Object.values(byKind));
  return [...new Set(entries)];
}

const GRAMMARS: Array<[string, Grammar]> = [
  ['URL_GRAMMAR', URL_GRAMMAR],
  ['HOST_GRAMMAR', HOST_GRAMMAR],
  ['WRITING_GRAMMAR', WRITING_GRAMMAR],
];

function parseXML(text: string, mime: 'image/svg+xml' | 'text/xml' = 'image/svg+xml') {
  const parser = new DOMParser({
    onError: (level: string, message: string) => {
      throw new Error(`XML ${level}: ${message}`);
    },
  });
  return parser.parseFromString(text, mime);
}

function elements(root: XElement, tag: string): XElement[] {
  return Array.from(root.getElementsByTagName(tag));
}

/** The text of every <text> element of an SVG document. */
function svgTexts(svg: string): string[] {
  const doc = parseXML(svg);
  return elements(doc.documentElement!, 'text').map((t) => t.textContent ?? '');
}

/** What a diagram must show for `shape`: terminals' texts, charsets' labels, rule names. */
function labels(shape: Shape, out: string[] = []): string[] {
  switch (shape.kind) {
    case 'terminal':
      out.push(shape.text);
      break;
    case 'charset':
      out.push(shape.label);
      break;
    case 'nonTerminal':
      out.push(shape.name);
      break;
    case 'end':
      out.push('EOF');
      break;
    case 'contextTerminal':
      out.push("‹base URL's scheme›");
      break;
    case 'sequence':
    case 'choice':
      for (const s of shape.items) labels(s, out);
      break;
    default:
      labels(shape.item, out);
  }
  return out;
}

describe('railroad diagrams', () => {
  for (const [gname, grammar] of GRAMMARS) {
    describe(`every rule of ${gname}`, () => {
      for (const r of Object.values(grammar)) {
        it(`${r.name}: an SVG document with each of its terminals`, () => {
          const svg = ruleToSVG(grammar, r.name);
          const doc = parseXML(svg);
          const root = doc.documentElement!;
          expect(root.localName).to.equal('svg');
          expect(root.namespaceURI).to.equal(SVG_NS);
          expect(Number(root.getAttribute('width'))).to.be.greaterThan(0);
          expect(elements(root, 'style')).to.have.length(1);
          const texts = svgTexts(svg);
          for (const label of labels(r.shape)) expect(texts, label).to.include(label);
          if (r.field) expect(texts).to.include(`→ ${r.field}`);
          // without the stylesheet, for a page that has it
          const bare = parseXML(ruleToSVG(grammar, r.name, { standalone: false })).documentElement!;
          expect(elements(bare, 'style')).to.have.length(0);
        });
      }
    });
  }

  it('maps node kinds onto shapes and never expands a non-terminal', () => {
    const g = grammarOf(
      rule('top', 'x', 'top', sequence(T('ab'), T('cd', true), charset('digit', '0-9'), N('inner'), lookahead('x'), not('y'), end()), 'host'),
      rule('inner', 'y', 'inner', oneOrMore(T('deep'))),
    );
    const svg = ruleToSVG(g, 'top');
    const doc = parseXML(svg);
    const texts = svgTexts(svg);
    expect(texts).to.include.members(['ab', 'cd', 'digit', 'inner', 'x', 'y', 'EOF', 'followed by', 'not followed by', '→ host']);
    expect(texts).not.to.include('deep');
    const classes = elements(doc.documentElement!, 'g').map((e) => e.getAttribute('class') ?? '');
    expect(classes).to.include.members(['rr-ci', 'rr-charset', 'rr-end', 'rr-lookahead', 'rr-not', 'rr-field']);
    // the non-terminal box links to the rule's own file by default
    const links = elements(doc.documentElement!, 'a').map((a) => a.getAttribute('href'));
    expect(links).to.deep.equal(['inner.svg']);
    expect(ruleToSVG(g, 'top', { link: () => null })).not.to.contain('<a ');
    expect(() => ruleToSVG(g, 'nope')).to.throw(/no rule named "nope"/);
  });

  it('marks a non-terminal that names no rule', () => {
    const g = grammarOf(rule('a', 'x', 'a', sequence('x', N('missing'))));
    const doc = parseXML(ruleToSVG(g, 'a'));
    const bad = elements(doc.documentElement!, 'g').filter((e) => /rr-undefined/.test(e.getAttribute('class') ?? ''));
    expect(bad).to.have.length(1);
    expect(elements(doc.documentElement!, 'a')).to.have.length(0);
  });

  it('grammarToSVGs has one diagram per rule, in the grammar order', () => {
    const svgs = grammarToSVGs(HOST_GRAMMAR);
    expect([...svgs.keys()]).to.deep.equal(Object.keys(HOST_GRAMMAR));
    for (const svg of svgs.values()) expect(svg.startsWith('<svg')).to.equal(true);
  });

  describe('the HTML page', () => {
    const html = grammarToHTML([
      { title: 'URL grammar', grammar: URL_GRAMMAR },
      { title: 'Host grammar', grammar: HOST_GRAMMAR },
    ]);
    const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));

    it('has every rule, with its name, summary, spec link and diagram', () => {
      for (const grammar of [URL_GRAMMAR, HOST_GRAMMAR]) {
        for (const r of Object.values(grammar)) {
          expect(ids.has(`rule-${r.name}`), r.name).to.equal(true);
          expect(html).to.contain(`<h3><a href="#rule-${r.name}">${r.name}</a></h3>`);
          expect(html).to.contain(`href="${specLink(r.spec)}"`);
        }
      }
      const svgCount = (html.match(/<svg /g) ?? []).length;
      expect(svgCount).to.equal(Object.keys(URL_GRAMMAR).length + Object.keys(HOST_GRAMMAR).length);
    });

    it('is self-contained, and every link inside it has its target', () => {
      expect(html).not.to.match(/<script|<link rel="stylesheet"|src=/);
      expect(html).to.contain('svg.railroad-diagram path'); // the package's stylesheet, inline
      for (const m of html.matchAll(/href="#([^"]*)"/g)) expect(ids.has(m[1]), m[1]).to.equal(true);
      // a non-terminal box links to its rule's section
      expect(html).to.contain('<a href="#rule-special-host">');
    });

    it('notes the case-insensitive literals as the 2015 draft did', () => {
      expect(html).to.match(/"<code>https<\/code>", "<code>http<\/code>", .* are to be matched ASCII case-insensitively/);
    });

    it('keeps the ids of two grammars apart', () => {
      const g = grammarOf(rule('a', 'x', 'a', N('b')), rule('b', 'x', 'b', T('b')));
      const page = grammarToHTML([
        { title: 'One', grammar: g },
        { title: 'Two', grammar: g },
      ]);
      expect(page).to.contain('id="rule-a"');
      expect(page).to.contain('id="rule-two-a"');
      expect(page).to.contain('<a href="#rule-two-b">');
    });
  });
});

describe('EBNF', () => {
  for (const [gname, grammar] of GRAMMARS) {
    it(`${gname}: every rule is defined exactly once`, () => {
      const text = grammarToEBNF(grammar);
      for (const name of Object.keys(grammar)) {
        const defs = text.match(new RegExp(`^${name.replace(/[-]/g, '\\-')} ::= `, 'gm')) ?? [];
        expect(defs, name).to.have.length(1);
      }
      expect(text.match(/^\S+ ::= /gm)).to.have.length(Object.keys(grammar).length);
    });
  }

  it('parenthesises by precedence', () => {
    const cases: Array<[Shape, string]> = [
      [sequence('a', 'b'), '"a" "b"'],
      [choice('a', 'b'), '"a" | "b"'],
      [zeroOrMore(sequence('a', 'b')), '( "a" "b" )*'],
      [oneOrMore(choice('a', 'b')), '( "a" | "b" )+'],
      [sequence(choice('a', 'b'), 'c'), '( "a" | "b" ) "c"'],
      [choice(sequence('a', 'b'), 'c'), '"a" "b" | "c"'],
      [sequence('a', sequence('b', 'c')), '"a" "b" "c"'],
      [optional(optional('a')), '( "a"? )?'],
      [not(zeroOrMore('a')), '!( "a"* )'],
      [lookahead(sequence('a', 'b')), '&( "a" "b" )'],
      [zeroOrMore(not('a')), '( !"a" )*'],
      [sequence(not('a'), 'b'), '!"a" "b"'],
      [optional(N('x')), 'x?'],
      [sequence(T('0x', true), end()), '%i"0x" EOF'],
      [T('say "hi"'), `'say "hi"'`],
      [T('a\tb'), '"a" #x9 "b"'],
      [zeroOrMore(charset('ASCII digit', '0-9')), '[0-9]* /* ASCII digit */'],
      [charset('not "/" or "\\"', '/\\\\', true), '[^/#x5C] /* not "/" or "\\" */'],
      [oneOrMore(sequence(charset('d', '0-9'), 'x')), '( [0-9] /* d */ "x" )+'],
    ];
    for (const [shape, text] of cases) expect(shapeToEBNF(shape), text).to.equal(text);
  });

  it('writes each charset as a class with the same members', () => {
    const sets: Array<[string, boolean]> = [];
    const collect = (s: Shape): void => {
      if (s.kind === 'charset') sets.push([s.set, !!s.negated]);
      else if (s.kind === 'sequence' || s.kind === 'choice') s.items.forEach(collect);
      else if ('item' in s) collect(s.item);
    };
    for (const [, g] of GRAMMARS) for (const r of Object.values(g)) collect(r.shape);
    expect(sets.length).to.be.greaterThan(10);
    for (const [set, negated] of sets) {
      const w3c = charsetToEBNF(set, negated);
      if (w3c === '[#x0-#x10FFFF]') {
        expect(set).to.equal('');
        continue;
      }
      // back to a regular expression: #xN -> \uNNNN; every other member is a literal that needs no escape
      const back = new RegExp(w3c.replace(/#x([0-9A-F]+)/g, (_, h: string) => `\\u${h.padStart(4, '0')}`));
      const original = new RegExp(`[${negated ? '^' : ''}${set}]`);
      for (let c = 0; c < 0x3000; c++) {
        const ch = String.fromCharCode(c);
        if (back.test(ch) !== original.test(ch)) throw new Error(`${w3c} and [${set}] differ at U+${c.toString(16)}`);
      }
    }
  });
});

describe('grammar lint', () => {
  it('finds no problem in URL_GRAMMAR, given its entry rules', () => {
    expect(lintGrammar(URL_GRAMMAR, urlEntryRules())).to.deep.equal([]);
  });

  it('finds no problem in HOST_GRAMMAR, given its entry rules', () => {
    expect(lintGrammar(HOST_GRAMMAR, HOST_ENTRY_RULES)).to.deep.equal([]);
  });

  const lint = (entries: string[] | undefined, ...rules: Parameters<typeof grammarOf>) => lintGrammar(grammarOf(...rules), entries);

  it('a non-terminal that names no rule, and an entry rule that is not one', () => {
    const problems = lint(['a', 'zz'], rule('a', 'x', 'a', sequence('x', N('b'))));
    expect(problems).to.deep.equal(['rule "a": refers to "b", which is not a rule of the grammar', 'entry rule "zz" is not a rule of the grammar']);
  });

  it('an unused rule, only when entry rules are given', () => {
    const rules = [rule('a', 'x', 'a', sequence('x', N('b'))), rule('b', 'x', 'b', T('b')), rule('c', 'x', 'c', T('c')), rule('d', 'x', 'd', lookahead(N('c')))];
    expect(lint(['a'], ...rules)).to.deep.equal(['rule "c" is unused: no entry rule reaches it', 'rule "d" is unused: no entry rule reaches it']);
    expect(lint(['a', 'd'], ...rules)).to.deep.equal([]);
    expect(lint(undefined, ...rules)).to.deep.equal([]);
  });

  it('a repetition over something that can match the empty string', () => {
    const problems = lint(
      undefined,
      rule('a', 'x', 'a', zeroOrMore(optional('x'))),
      rule('b', 'x', 'b', oneOrMore(N('e'))),
      rule('e', 'x', 'e', sequence(zeroOrMore('y'), lookahead('z'))),
      rule('fine', 'x', 'fine', zeroOrMore(sequence(optional('x'), 'y'))),
    );
    expect(problems).to.deep.equal([
      'rule "a": zeroOrMore over something that can match the empty string: "x"?',
      'rule "b": oneOrMore over something that can match the empty string: e',
    ]);
  });

  it('an alternative hidden by an earlier one', () => {
    const problems = lint(
      undefined,
      rule('prefix', 'x', 's', choice('http', 'https')),
      rule('ci', 'x', 's', choice(T('http', true), sequence(T('HTTPS'), ':'))),
      rule('always', 'x', 's', choice(optional('a'), 'b')),
      rule('via-rule', 'x', 's', choice(N('http'), N('https-colon'))),
      rule('http', 'x', 's', T('http')),
      rule('https-colon', 'x', 's', sequence('https', lookahead(':'))),
      rule('charset', 'x', 's', choice(charset('digit', '0-9'), '7')),
    );
    expect(problems).to.have.length(5);
    expect(problems[0]).to.equal('rule "prefix": alternative 2 of a choice ("https") is never taken: alternative 1 ("http") succeeds on every input it could match');
    expect(problems[1]).to.match(/^rule "ci": alternative 2 /);
    expect(problems[2]).to.equal('rule "always": alternative 2 of a choice ("b") is never taken: alternative 1 ("a"?) always succeeds');
    expect(problems[3]).to.match(/^rule "via-rule": alternative 2 /);
    expect(problems[4]).to.match(/^rule "charset": alternative 2 /);
  });

  it('no false alarm for alternatives that can be taken', () => {
    const problems = lint(
      undefined,
      rule('longest-first', 'x', 's', choice('https', 'http')),
      rule('case', 'x', 's', choice(T('http'), T('HTTPS', true))),
      rule('lookahead', 'x', 's', choice(sequence('a', lookahead('b')), 'ac')),
      rule('last-empty', 'x', 's', choice('a', optional('b'))),
      rule('negated', 'x', 's', choice(charset('not a', 'a', true), 'a')),
      rule('longer-first', 'x', 's', choice(sequence(T('0x', true), zeroOrMore(charset('hex', '0-9a-f'))), oneOrMore(charset('digit', '0-9')))),
    );
    expect(problems).to.deep.equal([]);
  });

  it('left recursion, directly or through other rules', () => {
    const problems = lint(
      undefined,
      rule('a', 'x', 'a', sequence(optional('x'), N('a'), 'y')),
      rule('b', 'x', 'b', choice('z', N('c'))),
      rule('c', 'x', 'c', sequence(lookahead('q'), N('b'))),
      rule('right', 'x', 'right', sequence('x', optional(N('right')))),
    );
    expect(problems).to.deep.equal([
      'rule "a" is left-recursive: a -> a without consuming input',
      'rule "b" is left-recursive: b -> c -> b without consuming input',
    ]);
  });

  it('a charset that is not a valid class body', () => {
    expect(lint(undefined, rule('a', 'x', 'a', charset('backwards', 'z-a')))[0]).to.match(/^rule "a": the charset "backwards" is not a valid class body/);
  });
});

describe('tracing one input', () => {
  const show = (t: TraceEntry[]) => t.map((e) => `${'  '.repeat(e.depth)}${e.rule} [${e.start},${e.end}) ${e.text}`);

  it('lists the rules "https://example.com/a" goes through, as a tree', () => {
    const trace = traceInput(URL_GRAMMAR, ENTRY_RULES.none, 'https://example.com/a');
    expect(show(trace)).to.deep.equal([
      'url [0,21) https://example.com/a',
      '  special-scheme [0,5) https',
      '  special-url-rest [6,21) //example.com/a',
      '    special-slashes [6,8) //',
      '    special-authority [8,19) example.com',
      '      special-host [8,19) example.com',
      '    special-path-start [19,21) /a',
      '      separator [19,20) /',
      '      special-path [20,21) a',
      '        special-segment [20,21) a',
    ]);
    expect(trace[0].parent).to.equal(-1);
    expect(trace[0].via).to.equal(undefined);
    expect(trace[1]).to.include({ parent: 0, via: 2 }); // the url rule's third non-terminal box
  });

  it('marks the boxes of each rule the input went through', () => {
    const trace = traceInput(URL_GRAMMAR, ENTRY_RULES.none, 'https://example.com/a');
    const matchedBoxes = (name: string) => {
      const doc = parseXML(ruleToSVG(URL_GRAMMAR, name, { highlight: trace }));
      return elements(doc.documentElement!, 'a')
        .filter((e) => /\brr-matched\b/.test(e.getAttribute('class') ?? ''))
        .map((e) => elements(e, 'text')[0].textContent);
    };
    expect(matchedBoxes('url')).to.deep.equal(['special-scheme', 'special-url-rest']);
    expect(matchedBoxes('special-url-rest')).to.deep.equal(['special-slashes', 'special-authority', 'special-path-start']);
    expect(matchedBoxes('special-authority')).to.deep.equal(['special-host']);
    expect(matchedBoxes('special-path-start')).to.deep.equal(['separator', 'special-path']);
    expect(matchedBoxes('scheme')).to.deep.equal([]);
    const url = svgTexts(ruleToSVG(URL_GRAMMAR, 'url', { highlight: trace }));
    expect(url).to.include('url: matched "https://example.com/a" at [0, 21)');
    expect(svgTexts(ruleToSVG(URL_GRAMMAR, 'scheme', { highlight: trace }))).to.include('scheme: not matched');
    const titles = elements(parseXML(ruleToSVG(URL_GRAMMAR, 'special-authority', { highlight: trace })).documentElement!, 'title').map((t) => t.textContent);
    expect(titles).to.include(`special-host: ${URL_GRAMMAR['special-host'].summary}\nmatched "example.com" at [8, 19)`);
  });

  it('tells apart two boxes of the same rule', () => {
    // file-slashes is separator separator: both boxes matched, each once
    const trace = traceInput(URL_GRAMMAR, ENTRY_RULES.none, 'file:/\\h/p');
    const slashes = trace.findIndex((e) => e.rule === 'file-slashes');
    const kids = trace.filter((e) => e.parent === slashes);
    expect(kids.map((e) => [e.rule, e.via, e.text])).to.deep.equal([
      ['separator', 0, '/'],
      ['separator', 1, '\\'],
    ]);
  });

  it('works on the host grammar, and with a context', () => {
    const trace = traceInput(HOST_GRAMMAR, 'ipv6-address', '1::2');
    expect(trace.filter((e) => e.rule === 'ipv6-piece').map((e) => e.text)).to.deep.equal(['1', '2']);
    expect(trace.filter((e) => e.rule === 'ipv6-compress')).to.have.length(1);
    const relative = traceInput(URL_GRAMMAR, ENTRY_RULES.special, 'HTTP:x', { baseScheme: 'http' });
    expect(relative.map((e) => e.rule)).to.include('same-scheme-as-base');
    expect(traceInput(URL_GRAMMAR, ENTRY_RULES.none, 'no scheme')).to.deep.equal([]);
  });

  it('agrees with the compiled grammar on every record mark (WPT inputs)', () => {
    const data = JSON.parse(readFileSync(join(__dirname, 'wpt', 'urltestdata.json'), 'utf8')) as Array<string | { input: string }>;
    const inputs = data.filter((c): c is { input: string } => typeof c === 'object').map((c) => c.input);
    const contexts: Array<[string, { baseScheme?: string }]> = [
      [ENTRY_RULES.none, {}],
      [ENTRY_RULES.special, { baseScheme: 'http' }],
      [ENTRY_RULES.file, {}],
      [ENTRY_RULES.other, {}],
      [ENTRY_RULES.opaque, {}],
    ];
    let compared = 0;
    for (const [entry, ctx] of contexts) {
      const parser = compileEntry(URL_GRAMMAR, entry, ctx);
      for (const input of inputs) {
        const match = parser(input);
        const trace = traceInput(URL_GRAMMAR, entry, input, ctx);
        if (!match) {
          expect(trace, input).to.deep.equal([]);
          continue;
        }
        expect(trace[0]).to.include({ rule: entry, start: 0, end: match.end });
        const fromTrace = trace.filter((e) => URL_GRAMMAR[e.rule].field).map((e) => ({ field: URL_GRAMMAR[e.rule].field, start: e.start, end: e.end }));
        expect(fromTrace, `${entry} ${JSON.stringify(input)}`).to.deep.equal(match.marks);
        compared++;
      }
    }
    expect(compared).to.be.greaterThan(1000);
  });
});

describe('cli: diagram', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'url-grammar-diagram-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const run = (argv: string[]) => runCli(argv);

  it('writes one SVG per rule', () => {
    const r = run(['diagram', '--out', dir]);
    expect(r.code).to.equal(0);
    const files = readdirSync(dir).sort();
    expect(files).to.deep.equal(Object.keys(URL_GRAMMAR).map((n) => `${n}.svg`).sort());
    for (const f of files) expect(parseXML(readFileSync(join(dir, f), 'utf8')).documentElement!.localName).to.equal('svg');
    expect(r.out).to.equal(`wrote ${files.length} SVG files to ${dir}\n`);
  });

  it('writes only the named rule, of the named grammar', () => {
    expect(run(['diagram', 'ipv6-piece', '--grammar', 'host', '--out', dir]).code).to.equal(0);
    expect(readdirSync(dir)).to.deep.equal(['ipv6-piece.svg']);
  });

  it('writes the HTML page', () => {
    expect(run(['diagram', '--format', 'html', '--out', join(dir, 'site')]).code).to.equal(0);
    const html = readFileSync(join(dir, 'site', 'index.html'), 'utf8');
    for (const name of Object.keys(URL_GRAMMAR)) expect(html).to.contain(`id="rule-${name}"`);
  });

  it('prints EBNF, or writes it with --out', () => {
    const r = run(['diagram', '--format', 'ebnf', '--grammar', 'host']);
    expect(r.code).to.equal(0);
    expect(r.out).to.equal(grammarToEBNF(HOST_GRAMMAR));
    const one = run(['diagram', 'scheme', '--format', 'ebnf']);
    expect(one.out).to.match(/^scheme ::= /m);
    expect(one.out.match(/ ::= /g)).to.have.length(1);
    expect(run(['diagram', '--format', 'ebnf', '--out', dir]).code).to.equal(0);
    expect(readFileSync(join(dir, 'url.ebnf'), 'utf8')).to.equal(grammarToEBNF(URL_GRAMMAR));
  });

  it('exits 2 with a one-line message for a bad format, rule or grammar, or a missing --out', () => {
    const cases: Array<[string[], RegExp]> = [
      [['diagram', '--format', 'pdf', '--out', dir], /^error: unknown format "pdf"/],
      [['diagram', 'no-such-rule', '--out', dir], /^error: unknown rule "no-such-rule" in the url grammar/],
      [['diagram', '--grammar', 'mail', '--out', dir], /^error: unknown grammar "mail"/],
      [['diagram', 'ipv6-piece', '--out', dir], /^error: unknown rule "ipv6-piece"/],
      [['diagram'], /^error: --out <dir> is needed for --format svg/],
    ];
    for (const [argv, message] of cases) {
      const r = run(argv);
      expect(r.code, argv.join(' ')).to.equal(2);
      expect(r.err).to.match(message);
      expect(r.err.trimEnd().split('\n')).to.have.length(1);
      expect(r.out).to.equal('');
    }
    expect(readdirSync(dir)).to.deep.equal([]);
  });
});
