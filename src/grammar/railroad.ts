// Railroad diagrams from the grammar's rule objects, drawn by the `railroad-diagrams` package
// (Tab Atkins Jr.'s library, pinned at 1.0.0), one diagram per rule, as the 2015 webspecs draft
// drew the URL parser (seeds/000: Sequence, Choice, Optional, ZeroOrMore, T:, N:).
//
// Each node kind maps onto one railroad shape and a non-terminal is never expanded (Chevrotain's
// approach): a reader follows the links from box to box instead.
//
//   terminal          rounded box with the literal text; ASCII case-insensitive ones dashed and
//                     blue (class rr-ci), with a tooltip
//   charset           rounded yellow box with the set's name (class rr-charset); the tooltip shows
//                     the set as a regular-expression class
//   contextTerminal   rounded purple box "‹base URL's scheme›" (class rr-context)
//   end               rounded grey box "EOF" (class rr-end)
//   sequence, choice, optional, zeroOrMore, oneOrMore
//                     the package's Sequence, Choice (first alternative on the main line: PEG
//                     order reads top to bottom), Optional, ZeroOrMore, OneOrMore
//   nonTerminal       square box with the rule's name, a link to that rule's diagram
//   lookahead, not    a dashed frame labelled "followed by" / "not followed by" around the item
//   a rule's field    a dashed frame around the whole rule, labelled "→ <field>"
//
// Version 1.0.0 of the package has no Group, no links and no classes, so the frame is built here
// from the package's own SVG element class (reached through its prototype chain, see `FakeSVG`),
// and links and classes are set on the nodes the package builds. Both rely on the pinned version.
//
// Tracing (`traceInput`) shows which rules one input went through, without touching the compiler:
// the grammar is copied so that every rule has a `field` (the compiler then reports a mark for each
// rule it matched) and every non-terminal occurrence is routed through a small rule of its own
// (so a mark also says which box of the calling rule's diagram the match came through). A rule's
// marks are its own mark, its children's marks, then an empty "close" mark, which makes the list
// of marks an exact pre-order walk of the parse tree. See `tracedGrammar` for the details.

import { specLink } from '../spec-link';
import type { ContextParam, Grammar, RecordField, Rule, Shape } from '../../grammar/vocabulary';
import { compileEntry, type CompileContext, type Mark } from './compile';
import { shapeChildren } from './analysis';

// ---- a typed view of railroad-diagrams 1.0.0 (it ships no typings) ------------------------------

/** One element of the package's SVG tree (its `FakeSVG`), with the layout the package computes. */
export interface RailroadNode {
  tagName: string;
  attrs: Record<string, string | number>;
  children: RailroadNode[] | string;
  width: number;
  up: number;
  down: number;
  needsSpace?: boolean;
  format(x: number, y: number, width: number): RailroadNode;
  addTo(parent: RailroadNode): RailroadNode;
  toString(): string;
}

interface RailroadDiagram extends RailroadNode {
  format(paddingTop?: number, paddingRight?: number, paddingBottom?: number, paddingLeft?: number): RailroadDiagram;
}

interface RailroadModule {
  Diagram(...items: RailroadNode[]): RailroadDiagram;
  Sequence(...items: RailroadNode[]): RailroadNode;
  Choice(normal: number, ...items: RailroadNode[]): RailroadNode;
  Optional(item: RailroadNode, skip?: 'skip'): RailroadNode;
  OneOrMore(item: RailroadNode, repeat?: RailroadNode): RailroadNode;
  ZeroOrMore(item: RailroadNode, repeat?: RailroadNode, skip?: 'skip'): RailroadNode;
  Terminal(text: string): RailroadNode;
  NonTerminal(text: string): RailroadNode;
  Comment(text: string): RailroadNode;
  Skip(): RailroadNode;
}

// The package is CommonJS without typings: load it through require and give it the type above.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rr = require('railroad-diagrams') as RailroadModule & { Terminal: { prototype: object }; Diagram: { INTERNAL_ALIGNMENT?: string } };

/** The package's base element class (`FakeSVG(tagName, attrs?, text?)`), which it does not export. */
const FakeSVG = (Object.getPrototypeOf(rr.Terminal.prototype) as { constructor: unknown }).constructor as (
  tagName: string,
  attrs?: Record<string, string | number>,
  text?: string,
) => RailroadNode;

const SVG_NS = 'http://www.w3.org/2000/svg';

// ---- styles -----------------------------------------------------------------------------------

/**
 * The base look of the package's diagrams (warm grey background, 3px black tracks, green boxes,
 * bold monospace labels), written here rather than read from the package's railroad-diagrams.css
 * at run time: reading a file would keep the diagrams out of browsers. The selectors are the ones
 * the package's SVG uses (text.label, text.comment).
 */
const BASE_CSS = `
svg.railroad-diagram { background-color: hsl(30,20%,95%); }
svg.railroad-diagram path { stroke-width: 3; stroke: black; fill: rgba(0,0,0,0); }
svg.railroad-diagram text { font: bold 14px monospace; text-anchor: middle; }
svg.railroad-diagram text.label { text-anchor: start; }
svg.railroad-diagram text.comment { font: italic 12px monospace; }
svg.railroad-diagram rect { stroke-width: 3; stroke: black; fill: hsl(120,100%,90%); }
`;

/**
 * What this renderer adds to the package's stylesheet (no "<" or "&": it is embedded in SVG as is).
 * The package sizes boxes at 8px per character; common monospace fonts at its 14px are wider than
 * that, so long labels overflowed their boxes: 13px fits.
 */
const EXTRA_CSS = `
svg.railroad-diagram text { font: bold 13px monospace; }
svg.railroad-diagram g.rr-ci > rect { fill: hsl(200,100%,92%); stroke-dasharray: 6 3; }
svg.railroad-diagram g.rr-charset > rect { fill: hsl(50,100%,86%); }
svg.railroad-diagram g.rr-context > rect { fill: hsl(280,60%,92%); }
svg.railroad-diagram g.rr-end > rect { fill: hsl(0,0%,86%); }
svg.railroad-diagram .rr-undefined > rect { fill: hsl(0,100%,85%); stroke: hsl(0,80%,40%); }
svg.railroad-diagram a > rect { fill: hsl(120,100%,90%); }
svg.railroad-diagram a:hover > rect, svg.railroad-diagram a:focus > rect { fill: hsl(120,60%,72%); }
svg.railroad-diagram rect.rr-frame { fill: none; stroke-width: 1.5; stroke: hsl(0,0%,45%); stroke-dasharray: 4 3; }
svg.railroad-diagram g.rr-field > rect.rr-frame { stroke: hsl(210,60%,40%); }
svg.railroad-diagram text.rr-frame-label { font: italic 12px monospace; text-anchor: start; }
svg.railroad-diagram .rr-matched > rect { fill: hsl(45,100%,68%); stroke: hsl(20,90%,35%); }
svg.railroad-diagram text.rr-note { font: italic 12px monospace; text-anchor: start; fill: hsl(20,90%,30%); }
svg.railroad-diagram.rr-on path, svg.railroad-diagram .rr-on path, svg.railroad-diagram path.rr-on { stroke: hsl(20,90%,45%); stroke-width: 4; }
svg.railroad-diagram .rr-on > rect { stroke: hsl(20,90%,40%); }
svg.railroad-diagram.rr-off path, svg.railroad-diagram .rr-off path, svg.railroad-diagram path.rr-off { stroke: black; stroke-width: 3; }
svg.railroad-diagram .rr-off > rect { stroke: black; }
svg.railroad-diagram :not(.rr-off) > .rr-off { opacity: 0.3; }
svg.railroad-diagram.rr-off { opacity: 0.6; }
`;

/** The stylesheet the diagrams need: the base look and this renderer's additions. */
export function diagramCSS(): string {
  return `${BASE_CSS.trim()}\n${EXTRA_CSS.trim()}\n`;
}

// ---- shapes -> railroad nodes -------------------------------------------------------------------

const CONTEXT_LABELS: Record<ContextParam, string> = {
  baseScheme: "base URL's scheme",
};

/** Control characters and spaces as visible escapes, so every terminal has a readable label. */
function visible(text: string): string {
  return text.replace(/[\u0000-\u0020\u007f-\u009f]/g, (c) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Adds a tooltip (`<title>`) to a node once the package has laid it out. */
function withTitle(node: RailroadNode, title: string): RailroadNode {
  const format = node.format;
  node.format = function (x: number, y: number, width: number): RailroadNode {
    format.call(node, x, y, width);
    (node.children as RailroadNode[]).unshift(FakeSVG('title', {}, title));
    return node;
  };
  return node;
}

function addClass(node: RailroadNode, cls: string): RailroadNode {
  const old = node.attrs.class;
  node.attrs.class = old ? `${old} ${cls}` : cls;
  return node;
}

function path(x: number, y: number, length: number): RailroadNode {
  return FakeSVG('path', { d: `M${x} ${y}h${length}` });
}

/** The gaps left and right of an item laid out narrower than its slot (the package's own rule). */
function gaps(outer: number, inner: number): [number, number] {
  const diff = outer - inner;
  switch (rr.Diagram.INTERNAL_ALIGNMENT) {
    case 'left':
      return [0, diff];
    case 'right':
      return [diff, 0];
    default:
      return [diff / 2, diff / 2];
  }
}

const FRAME_PAD = 10;
const FRAME_LABEL = 14;

/**
 * A labelled dashed frame around `item` (the package's later versions call this a Group). The
 * track runs straight through it; the label sits in the frame's top-left corner.
 */
function frame(item: RailroadNode, label: string, cls: string): RailroadNode {
  const g = FakeSVG('g', { class: cls });
  const inner = item.width + (item.needsSpace ? 20 : 0);
  const labelWidth = label.length * 7.5 + 10;
  g.width = Math.max(inner, labelWidth) + 2 * FRAME_PAD;
  g.up = item.up + FRAME_PAD + FRAME_LABEL;
  g.down = item.down + FRAME_PAD;
  g.needsSpace = true;
  g.format = (x: number, y: number, width: number): RailroadNode => {
    const [left, right] = gaps(width, g.width);
    path(x, y, left).addTo(g);
    path(x + left + g.width, y, right).addTo(g);
    const x0 = x + left;
    const top = y - g.up;
    FakeSVG('rect', { x: x0, y: top + 2, width: g.width, height: g.up + g.down - 4, rx: 10, ry: 10, class: 'rr-frame' }).addTo(g);
    FakeSVG('text', { x: x0 + 8, y: top + 15, class: 'rr-frame-label' }, label).addTo(g);
    let ix = x0 + (g.width - inner) / 2;
    path(x0, y, ix - x0).addTo(g);
    if (item.needsSpace) {
      path(ix, y, 10).addTo(g);
      ix += 10;
    }
    item.format(ix, y, item.width).addTo(g);
    ix += item.width;
    if (item.needsSpace) {
      path(ix, y, 10).addTo(g);
      ix += 10;
    }
    path(ix, y, x0 + g.width - ix).addTo(g);
    return g;
  };
  return g;
}

/** The text of each match of a box, for its tooltip. */
interface BoxMatch {
  start: number;
  end: number;
  text: string;
}

interface BuildState {
  grammar: Grammar;
  /** Numbers the non-terminal occurrences of the rule in pre-order (as `rewrite` does). */
  counter: number;
  link: (rule: string) => string | null;
  /** Matches of each non-terminal occurrence, by its number. */
  matched: Map<number, BoxMatch[]>;
  /** The way one input went through this rule (tracePath), to draw along the lines. */
  way?: RuleWay;
}

/** tracePath's findings for one rule. */
interface RuleWay {
  on: ReadonlySet<Shape>;
  skipped: ReadonlySet<Shape>;
  repeated: ReadonlySet<Shape>;
}

const hasClass = (node: RailroadNode, cls: string): boolean => ` ${String(node.attrs.class ?? '')} `.includes(` ${cls} `);

/**
 * Marks `node` (built for `shape`) as on the way taken (rr-on) or not (rr-off). For the package's
 * Choice and OneOrMore, whose connecting lines are drawn beside each branch (a line in, the
 * branch, a line out, in that order among the node's children), each branch's lines get the
 * branch's mark once the node is laid out; `ways` are the branches.
 */
function markWay(node: RailroadNode, on: boolean, ways: RailroadNode[] = []): RailroadNode {
  addClass(node, on ? 'rr-on' : 'rr-off');
  if (ways.length === 0) return node;
  const format = node.format;
  node.format = function (x: number, y: number, width: number): RailroadNode {
    format.call(node, x, y, width);
    const kids = node.children as RailroadNode[];
    for (const way of ways) {
      const i = kids.indexOf(way);
      if (i < 0) continue;
      const cls = hasClass(way, 'rr-on') ? 'rr-on' : 'rr-off';
      for (const j of [i - 1, i + 1]) if (kids[j]?.tagName === 'path') addClass(kids[j], cls);
    }
    return node;
  };
  return node;
}

/** The package's Choice and OneOrMore keep their branches in these fields. */
type Branching = RailroadNode & { items?: RailroadNode[]; item?: RailroadNode; rep?: RailroadNode };

/** `build`, then the way marks when a path is drawn. */
function buildWay(shape: Shape, st: BuildState): RailroadNode {
  const node = build(shape, st) as Branching;
  const way = st.way;
  if (!way) return node;
  const on = way.on.has(shape);
  switch (shape.kind) {
    case 'choice':
      return markWay(node, on, node.items ?? []);
    case 'oneOrMore':
      markWay(node.rep!, way.repeated.has(shape));
      return markWay(node, on, [node.item!, node.rep!]);
    case 'optional':
    case 'zeroOrMore': {
      // the package draws both as Choice(1, Skip, item): the skip line is on when the empty way was taken
      const [skip, item] = node.items ?? [];
      if (skip) markWay(skip, way.skipped.has(shape));
      if (shape.kind === 'zeroOrMore' && item) {
        const loop = item as Branching;
        markWay(loop.rep!, way.repeated.has(shape));
        markWay(loop, way.on.has(shape.item), [loop.item!, loop.rep!]);
      }
      return markWay(node, on, [skip, item].filter((n): n is RailroadNode => n !== undefined));
    }
    default:
      return markWay(node, on);
  }
}

function describeMatches(matches: BoxMatch[]): string {
  const shown = matches.slice(0, 5).map((m) => `${JSON.stringify(m.text)} at [${m.start}, ${m.end})`);
  if (matches.length > shown.length) shown.push(`and ${matches.length - shown.length} more`);
  return `matched ${shown.join(', ')}`;
}

function build(shape: Shape, st: BuildState): RailroadNode {
  switch (shape.kind) {
    case 'terminal': {
      const node = rr.Terminal(visible(shape.text));
      if (!shape.caseInsensitive) return node;
      return withTitle(addClass(node, 'rr-ci'), `${JSON.stringify(shape.text)}, ASCII case-insensitive`);
    }
    case 'charset':
      return withTitle(addClass(rr.Terminal(shape.label), 'rr-charset'), `one code point: [${shape.negated ? '^' : ''}${shape.set}]`);
    case 'contextTerminal': {
      const node = addClass(rr.Terminal(`‹${CONTEXT_LABELS[shape.param]}›`), 'rr-context');
      if (shape.caseInsensitive) addClass(node, 'rr-ci');
      return withTitle(node, `the ${CONTEXT_LABELS[shape.param]}, from the parse context${shape.caseInsensitive ? ', ASCII case-insensitive' : ''}`);
    }
    case 'end':
      return withTitle(addClass(rr.Terminal('EOF'), 'rr-end'), 'the end of the input');
    case 'sequence':
      return shape.items.length === 0 ? rr.Skip() : rr.Sequence(...shape.items.map((s) => buildWay(s, st)));
    case 'choice':
      return shape.items.length === 0 ? rr.Skip() : rr.Choice(0, ...shape.items.map((s) => buildWay(s, st)));
    case 'optional':
      return rr.Optional(buildWay(shape.item, st));
    case 'zeroOrMore':
      return rr.ZeroOrMore(buildWay(shape.item, st));
    case 'oneOrMore':
      return rr.OneOrMore(buildWay(shape.item, st));
    case 'lookahead':
      return frame(buildWay(shape.item, st), 'followed by', 'rr-lookahead');
    case 'not':
      return frame(buildWay(shape.item, st), 'not followed by', 'rr-not');
    case 'nonTerminal': {
      const index = st.counter++;
      const node = rr.NonTerminal(shape.name);
      const target = Object.prototype.hasOwnProperty.call(st.grammar, shape.name) ? st.grammar[shape.name] : undefined;
      const tips: string[] = [];
      if (!target) {
        addClass(node, 'rr-undefined');
        tips.push(`${shape.name}: no such rule`);
      } else {
        tips.push(`${shape.name}: ${target.summary}`);
        const href = st.link(shape.name);
        if (href !== null) {
          node.tagName = 'a';
          node.attrs.href = href;
        }
      }
      const matches = st.matched.get(index);
      if (matches) {
        addClass(node, 'rr-matched');
        tips.push(describeMatches(matches));
      }
      return withTitle(node, tips.join('\n'));
    }
  }
}

// ---- diagrams ---------------------------------------------------------------------------------

export interface RuleToSVGOptions {
  /** A trace from `traceInput`: the boxes the input went through are marked (class rr-matched). */
  highlight?: readonly TraceEntry[];
  /**
   * Where a non-terminal box links to, or null for no link. The default links to `<rule>.svg`
   * beside this one (what the CLI writes); the HTML page links to the rule's section.
   */
  link?: (rule: string) => string | null;
  /** Embed the stylesheet in the SVG (default true): false when the page that holds it has it. */
  standalone?: boolean;
  /**
   * A path from `tracePath`: the lines and boxes of the way the input went are drawn in colour
   * (class rr-on), the alternatives it did not take dimmed (rr-off).
   */
  path?: TracePath;
}

function lookupRule(grammar: Grammar, name: string): Rule {
  const r = Object.prototype.hasOwnProperty.call(grammar, name) ? grammar[name] : undefined;
  if (!r) throw new Error(`railroad: no rule named ${JSON.stringify(name)}`);
  return r;
}

/** One rule as an SVG document (a string starting with `<svg`). */
export function ruleToSVG(grammar: Grammar, ruleName: string, options: RuleToSVGOptions = {}): string {
  const r = lookupRule(grammar, ruleName);
  const link = options.link ?? ((name: string) => `${encodeURIComponent(name)}.svg`);

  // Which boxes of this rule the trace went through, and what this rule matched.
  const matched = new Map<number, BoxMatch[]>();
  const own: BoxMatch[] = [];
  if (options.highlight) {
    const trace = options.highlight;
    const ownIndex = new Set<number>();
    trace.forEach((e, i) => {
      if (e.rule === ruleName) {
        ownIndex.add(i);
        own.push({ start: e.start, end: e.end, text: e.text });
      }
    });
    for (const e of trace) {
      if (e.via === undefined || !ownIndex.has(e.parent)) continue;
      let list = matched.get(e.via);
      if (!list) matched.set(e.via, (list = []));
      list.push({ start: e.start, end: e.end, text: e.text });
    }
  }

  const path = options.path;
  const empty: ReadonlySet<Shape> = new Set();
  const way: RuleWay | undefined = path && {
    on: path.on.get(ruleName) ?? empty,
    skipped: path.skipped.get(ruleName) ?? empty,
    repeated: path.repeated.get(ruleName) ?? empty,
  };
  let body = buildWay(r.shape, { grammar, counter: 0, link, matched, way });
  if (r.field) body = frame(body, `→ ${r.field}`, 'rr-field');
  const diagram = rr.Diagram(body);
  diagram.attrs.xmlns = SVG_NS;
  if (options.highlight) addClass(diagram, 'rr-traced');
  if (path) addClass(diagram, path.rules.has(ruleName) ? 'rr-on' : 'rr-off');
  diagram.format();
  const children = diagram.children as RailroadNode[];
  children.unshift(FakeSVG('title', {}, `${r.name}: ${r.summary}`));
  if (options.highlight) {
    const note = own.length ? `${r.name}: ${describeMatches(own)}` : `${r.name}: not matched`;
    children.push(FakeSVG('text', { x: 10, y: 14, class: 'rr-note' }, note));
    // widen the diagram when the note is wider than the track
    const needed = note.length * 7 + 20;
    if (needed > Number(diagram.attrs.width)) {
      diagram.attrs.width = needed;
      diagram.attrs.viewBox = `0 0 ${needed} ${diagram.attrs.height}`;
    }
  }
  let svg = diagram.toString();
  if (options.standalone !== false) {
    const css = diagramCSS();
    if (/[<&]/.test(css)) throw new Error('railroad: the stylesheet cannot be embedded as it is');
    svg = svg.replace(/^<svg[^>]*>\n?/, (open) => `${open}<style>\n${css}</style>\n`);
  }
  return svg;
}

/** Every rule of `grammar` as an SVG document, by rule name, in the grammar's order. */
export function grammarToSVGs(grammar: Grammar, options: RuleToSVGOptions = {}): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of Object.keys(grammar)) out.set(name, ruleToSVG(grammar, name, options));
  return out;
}

// ---- the HTML page ----------------------------------------------------------------------------

export interface GrammarSection {
  title: string;
  grammar: Grammar;
  /** Only these rules (default: all of them, in the grammar's order). */
  rules?: readonly string[];
  /** A trace from `traceInput` on this grammar, to mark on its diagrams. */
  highlight?: readonly TraceEntry[];
  /** A path from `tracePath` on this grammar, to draw along the diagrams' lines. */
  path?: TracePath;
}

const SPEC = 'https://url.spec.whatwg.org/';

function escapeHTML(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'grammar';
}

/** The non-terminals a shape names, in order of first appearance. */
function referencedRules(shape: Shape, out: Set<string> = new Set()): Set<string> {
  if (shape.kind === 'nonTerminal') out.add(shape.name);
  for (const s of shapeChildren(shape)) referencedRules(s, out);
  return out;
}

/** The case-insensitive literals of a shape, for the note under its diagram (as seed 000 has). */
function caseInsensitiveTerminals(shape: Shape, out: string[] = []): string[] {
  if (shape.kind === 'terminal' && shape.caseInsensitive && !out.includes(shape.text)) out.push(shape.text);
  for (const s of shapeChildren(shape)) caseInsensitiveTerminals(s, out);
  return out;
}

const PAGE_CSS = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 70em; padding: 0 1em 4em; color: #222; }
h1 { margin-top: 1em; }
h2 { border-bottom: 2px solid #ccc; margin-top: 2.5em; }
h3 { font-family: monospace; font-size: 1.15em; margin: 0 0 0.3em; }
nav .toc { font-weight: bold; margin: 1.2em 0 0; }
nav ol { columns: 3 14em; font-family: monospace; font-size: 0.9em; }
section.rule { border-top: 1px solid #e4e4e4; padding: 1em 0; }
section.rule:target { background: hsl(50,100%,96%); }
.diagram { overflow-x: auto; }
.meta, .refs { color: #555; font-size: 0.9em; margin: 0.2em 0; }
.note { font-style: italic; }
.legend span { display: inline-block; padding: 0 0.5em; margin: 0 0.3em 0.3em 0; border: 2px solid #000; font: bold 13px monospace; }
.legend .t { border-radius: 8px; background: hsl(120,100%,90%); }
.legend .ci { border-radius: 8px; border-style: dashed; background: hsl(200,100%,92%); }
.legend .cs { border-radius: 8px; background: hsl(50,100%,86%); }
.legend .cx { border-radius: 8px; background: hsl(280,60%,92%); }
.legend .end { border-radius: 8px; background: hsl(0,0%,86%); }
.legend .nt { background: hsl(120,100%,90%); }
.legend .fr { border: 1.5px dashed #777; border-radius: 8px; font-style: italic; font-weight: normal; }
.legend .m { background: hsl(45,100%,68%); }
`;

/**
 * One self-contained HTML page with every rule of `grammars`: its name, summary, spec link and
 * diagram, in the style of the 2015 draft (seed 000). Non-terminal boxes link to the rule's
 * section on the page. Nothing is loaded from elsewhere: the stylesheets are inline, and there is
 * no script.
 */
export function grammarToHTML(grammars: readonly GrammarSection[], options: { title?: string } = {}): string {
  const title = options.title ?? 'url-grammar: railroad diagrams';
  // Section ids: "rule-<name>", unless an earlier grammar on the page has a rule of that name.
  const taken = new Set<string>();
  const ids = grammars.map((section) => {
    const map = new Map<string, string>();
    const prefix = slug(section.title);
    for (const name of section.rules ?? Object.keys(section.grammar)) {
      let id = `rule-${slug(name)}`;
      if (taken.has(id)) id = `rule-${prefix}-${slug(name)}`;
      for (let n = 2; taken.has(id); n++) id = `rule-${prefix}-${slug(name)}-${n}`;
      taken.add(id);
      map.set(name, id);
    }
    return map;
  });

  const grammarIds = grammars.map((section) => {
    let id = `grammar-${slug(section.title)}`;
    for (let n = 2; taken.has(id); n++) id = `grammar-${slug(section.title)}-${n}`;
    taken.add(id);
    return id;
  });

  const out: string[] = [];
  out.push(
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHTML(title)}</title>`,
    '<link rel="icon" href="data:,">',
    `<style>\n${diagramCSS()}${PAGE_CSS.trim()}\n</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHTML(title)}</h1>`,
    `<p>The <a href="${SPEC}">URL Standard</a> as a grammar: one railroad diagram per rule, drawn from the same rule objects the parser is compiled from. A choice is ordered (the first alternative that matches wins); a square box is another rule (follow its link).</p>`,
    '<p class="legend"><span class="t">literal</span><span class="ci">ASCII case-insensitive</span><span class="cs">code-point set</span><span class="cx">‹from the parse context›</span><span class="end">EOF</span><span class="nt">rule</span><span class="fr">followed by / not followed by / → record field</span>' +
      (grammars.some((g) => g.highlight) ? '<span class="m">matched by the traced input</span>' : '') +
      '</p>',
  );

  out.push('<nav>');
  grammars.forEach((section, gi) => {
    out.push(`<p class="toc"><a href="#${escapeHTML(grammarIds[gi])}">${escapeHTML(section.title)}</a></p>`, '<ol>');
    for (const [name, id] of ids[gi]) out.push(`<li><a href="#${escapeHTML(id)}">${escapeHTML(name)}</a></li>`);
    out.push('</ol>');
  });
  out.push('</nav>');

  grammars.forEach((section, gi) => {
    const idOf = ids[gi];
    const usedBy = new Map<string, string[]>();
    for (const r of Object.values(section.grammar)) {
      for (const n of referencedRules(r.shape)) {
        let list = usedBy.get(n);
        if (!list) usedBy.set(n, (list = []));
        list.push(r.name);
      }
    }
    const link = (name: string): string | null => {
      const id = idOf.get(name);
      return id === undefined ? null : `#${id}`;
    };
    out.push(`<section class="grammar"><h2 id="${escapeHTML(grammarIds[gi])}">${escapeHTML(section.title)}</h2>`);
    for (const name of idOf.keys()) {
      const r = lookupRule(section.grammar, name);
      const id = idOf.get(name)!;
      out.push(`<section class="rule" id="${escapeHTML(id)}">`);
      out.push(`<h3><a href="#${escapeHTML(id)}">${escapeHTML(r.name)}</a></h3>`);
      out.push(`<p class="summary">${escapeHTML(r.summary)}</p>`);
      const meta = [`spec: <a href="${escapeHTML(specLink(r.spec))}">#${escapeHTML(r.spec)}</a>`];
      if (r.field) meta.push(`each match becomes the record's <code>${escapeHTML(r.field)}</code>`);
      out.push(`<p class="meta">${meta.join(' · ')}</p>`);
      out.push(`<div class="diagram">${ruleToSVG(section.grammar, name, { link, standalone: false, highlight: section.highlight, path: section.path })}</div>`);
      const ci = caseInsensitiveTerminals(r.shape);
      if (ci.length) {
        const list = ci.map((t) => `"<code>${escapeHTML(t)}</code>"`).join(', ');
        out.push(`<p class="note">${list} ${ci.length === 1 ? 'is' : 'are'} to be matched ASCII case-insensitively.</p>`);
      }
      const users = usedBy.get(name);
      if (users?.length) {
        const links = users.map((u) => {
          const href = link(u);
          return href ? `<a href="${escapeHTML(href)}">${escapeHTML(u)}</a>` : escapeHTML(u);
        });
        out.push(`<p class="refs">used by: ${links.join(', ')}</p>`);
      }
      out.push('</section>');
    }
    out.push('</section>');
  });
  out.push('</body>', '</html>', '');
  return out.join('\n');
}

// ---- tracing one input ------------------------------------------------------------------------

/** One rule that matched while parsing the traced input. */
export interface TraceEntry {
  rule: string;
  /** [start, end) of the match in the input. */
  start: number;
  end: number;
  text: string;
  /** 0 for the entry rule, 1 for the rules it called directly, and so on. */
  depth: number;
  /** The index in the trace of the rule whose diagram this match came through (-1 for the entry rule). */
  parent: number;
  /**
   * Which non-terminal box of the parent rule's diagram the match came through: the number of the
   * occurrence, counting the parent's non-terminals in pre-order from 0 (undefined for the entry rule).
   */
  via?: number;
}

const TRACE = 'trace:';
const USE = 'use:';
const CLOSE = 'close';
const CLOSE_RULE = '\u0000close';

function useRuleName(rule: string, index: number): string {
  return `\u0000use\u0000${rule}\u0000${index}`;
}

/** The field the compiler will report for a traced rule: a rule name, not a record field. */
const traceField = (field: string): RecordField => field as RecordField;

const tracedCache = new WeakMap<Grammar, Grammar>();

/**
 * A copy of `g` that reports every rule it matches. For each rule R:
 *  - R gets the field "trace:R" (so the compiler emits a mark for each match of R), and its shape
 *    is followed by the rule CLOSE, which matches the empty string and marks "close": R's marks
 *    are then [R, ...R's children..., close], an exact bracketing of the parse tree;
 *  - the k-th non-terminal occurrence in R's shape (pre-order), N(T), becomes N(use R k), a rule
 *    with the field "use:k" whose shape is N(T): its mark, right before T's own, says which box.
 * Every addition matches exactly what the original does (an empty match, or the same non-terminal),
 * so the copy matches the same input the same way; marks inside lookahead and not are dropped by
 * the compiler, as for any field.
 */
function tracedGrammar(g: Grammar): Grammar {
  const hit = tracedCache.get(g);
  if (hit) return hit;
  const out: Record<string, Rule> = {};
  for (const r of Object.values(g)) {
    let counter = 0;
    const rewrite = (shape: Shape): Shape => {
      switch (shape.kind) {
        case 'sequence':
        case 'choice':
          return { kind: shape.kind, items: shape.items.map(rewrite) };
        case 'optional':
        case 'zeroOrMore':
        case 'oneOrMore':
        case 'lookahead':
        case 'not':
          return { kind: shape.kind, item: rewrite(shape.item) };
        case 'nonTerminal': {
          const index = counter++;
          const name = useRuleName(r.name, index);
          out[name] = { name, spec: r.spec, summary: `${r.name} → ${shape.name}`, shape, field: traceField(`${USE}${index}`) };
          return { kind: 'nonTerminal', name };
        }
        default:
          return shape;
      }
    };
    const shape: Shape = { kind: 'sequence', items: [rewrite(r.shape), { kind: 'nonTerminal', name: CLOSE_RULE }] };
    out[r.name] = { name: r.name, spec: r.spec, summary: r.summary, shape, field: traceField(`${TRACE}${r.name}`) };
  }
  out[CLOSE_RULE] = { name: CLOSE_RULE, spec: '', summary: 'the end of a traced rule', shape: { kind: 'sequence', items: [] }, field: traceField(CLOSE) };
  const traced = Object.freeze(out);
  tracedCache.set(g, traced);
  return traced;
}

/** Turns the traced grammar's marks back into the rules that matched. */
function entriesOf(input: string, marks: readonly Mark[]): TraceEntry[] {
  const entries: TraceEntry[] = [];
  const open: number[] = [];
  let via: number | undefined;
  for (const m of marks) {
    const field = m.field as string;
    if (field.startsWith(USE)) {
      via = Number(field.slice(USE.length));
    } else if (field === CLOSE) {
      open.pop();
    } else if (field.startsWith(TRACE)) {
      const entry: TraceEntry = {
        rule: field.slice(TRACE.length),
        start: m.start,
        end: m.end,
        text: input.slice(m.start, m.end),
        depth: open.length,
        parent: open.length ? open[open.length - 1] : -1,
      };
      if (via !== undefined) entry.via = via;
      via = undefined;
      open.push(entries.length);
      entries.push(entry);
    }
  }
  return entries;
}

/**
 * Which rules matched where when `entryRule` of `grammar` parses `input` (in pre-order: a rule
 * before the rules it called; the entry rule first). Empty when the entry rule does not match.
 * The input is taken as it is: the URL parser's preprocessing (trimming, removing tabs and
 * newlines) is not applied here.
 */
export function traceInput(grammar: Grammar, entryRule: string, input: string, ctx: CompileContext = {}): TraceEntry[] {
  lookupRule(grammar, entryRule);
  const match = compileEntry(tracedGrammar(grammar), entryRule, ctx)(input);
  return match ? entriesOf(input, match.marks) : [];
}

// ---- the path one input took through each diagram -------------------------------------------

/**
 * Which parts of each rule's diagram one input went through, for drawing its path along the
 * lines: per rule, the shapes on the path (`on`), the optional and zero-or-more shapes whose empty
 * way was taken at least once (`skipped`), and the repetitions that went round more than once
 * (`repeated`). Shapes are the grammar's own objects.
 */
export interface TracePath {
  /** The rules that matched on the input's path. */
  rules: Set<string>;
  on: Map<string, Set<Shape>>;
  skipped: Map<string, Set<Shape>>;
  repeated: Map<string, Set<Shape>>;
  /** How far the entry rule matched, or -1 when it did not. */
  end: number;
}

const FAIL = -1;

/**
 * The path `input` takes through `grammar` from `entryRule` (the input as it is, as `traceInput`
 * takes it). A small PEG interpreter over the rule objects, with the compiler's semantics
 * (ordered choice, greedy repetition, ASCII case-insensitive literals, code-unit sets), memoised
 * per rule and position so that no rule is matched twice at one place; a second pass walks only
 * the successful parse and records which way it went. The tests check that the rules it finds
 * are exactly `traceInput`'s.
 */
export function tracePath(grammar: Grammar, entryRule: string, input: string, ctx: CompileContext = {}): TracePath {
  lookupRule(grammar, entryRule);
  const memo = new Map<string, Map<number, number>>();
  const charsets = new Map<Shape, RegExp>();

  const literalAt = (text: string, ci: boolean, pos: number): number => {
    if (pos + text.length > input.length) return FAIL;
    for (let i = 0; i < text.length; i++) {
      const a = text[i];
      const b = input[pos + i];
      if (a === b) continue;
      if (ci && /[a-z]/i.test(a) && /[a-z]/i.test(b) && a.toLowerCase() === b.toLowerCase()) continue;
      return FAIL;
    }
    return pos + text.length;
  };

  const ruleAt = (name: string, pos: number): number => {
    let byPos = memo.get(name);
    if (!byPos) memo.set(name, (byPos = new Map()));
    const hit = byPos.get(pos);
    if (hit !== undefined) return hit;
    byPos.set(pos, FAIL); // a rule that reaches itself at the same place does not match (no left recursion)
    const target = Object.prototype.hasOwnProperty.call(grammar, name) ? grammar[name] : undefined;
    const end = target ? matchAt(target.shape, pos) : FAIL;
    byPos.set(pos, end);
    return end;
  };

  /** Where `shape` ends when matched at `pos`, or FAIL. */
  function matchAt(shape: Shape, pos: number): number {
    switch (shape.kind) {
      case 'terminal':
        return literalAt(shape.text, !!shape.caseInsensitive, pos);
      case 'contextTerminal': {
        const value = ctx[shape.param];
        return value === undefined ? FAIL : literalAt(value, !!shape.caseInsensitive, pos);
      }
      case 'charset': {
        let re = charsets.get(shape);
        if (!re) charsets.set(shape, (re = new RegExp(shape.negated ? `[^${shape.set}]` : `[${shape.set}]`, 'y')));
        re.lastIndex = pos;
        return re.test(input) ? pos + 1 : FAIL;
      }
      case 'end':
        return pos === input.length ? pos : FAIL;
      case 'sequence': {
        let p = pos;
        for (const item of shape.items) {
          p = matchAt(item, p);
          if (p === FAIL) return FAIL;
        }
        return p;
      }
      case 'choice':
        for (const item of shape.items) {
          const p = matchAt(item, pos);
          if (p !== FAIL) return p;
        }
        return FAIL;
      case 'optional': {
        const p = matchAt(shape.item, pos);
        return p === FAIL ? pos : p;
      }
      case 'zeroOrMore':
      case 'oneOrMore': {
        let p = pos;
        let count = 0;
        for (;;) {
          const next = matchAt(shape.item, p);
          if (next === FAIL || next === p) break;
          p = next;
          count++;
        }
        return shape.kind === 'oneOrMore' && count === 0 ? FAIL : p;
      }
      case 'lookahead':
        return matchAt(shape.item, pos) === FAIL ? FAIL : pos;
      case 'not':
        return matchAt(shape.item, pos) === FAIL ? pos : FAIL;
      case 'nonTerminal':
        return ruleAt(shape.name, pos);
    }
  }

  const result: TracePath = { rules: new Set(), on: new Map(), skipped: new Map(), repeated: new Map(), end: FAIL };
  const setOf = (map: Map<string, Set<Shape>>, rule: string): Set<Shape> => {
    let s = map.get(rule);
    if (!s) map.set(rule, (s = new Set()));
    return s;
  };
  const walked = new Set<string>();

  /**
   * Walks a successful match of `shape` at `pos` inside rule `rule`, recording the way it went.
   * Inside a lookahead (`descend` false) the way is drawn in this rule but not followed into the
   * rules it names: the compiled grammar keeps no match from a lookahead either.
   */
  function walk(shape: Shape, pos: number, rule: string, descend = true): void {
    setOf(result.on, rule).add(shape);
    switch (shape.kind) {
      case 'sequence': {
        let p = pos;
        for (const item of shape.items) {
          walk(item, p, rule, descend);
          p = matchAt(item, p);
        }
        return;
      }
      case 'choice':
        for (const item of shape.items) {
          if (matchAt(item, pos) !== FAIL) return walk(item, pos, rule, descend);
        }
        return;
      case 'optional':
        if (matchAt(shape.item, pos) === FAIL) setOf(result.skipped, rule).add(shape);
        else walk(shape.item, pos, rule, descend);
        return;
      case 'zeroOrMore':
      case 'oneOrMore': {
        let p = pos;
        let count = 0;
        for (;;) {
          const next = matchAt(shape.item, p);
          if (next === FAIL || next === p) break;
          walk(shape.item, p, rule, descend);
          p = next;
          count++;
        }
        if (count === 0) setOf(result.skipped, rule).add(shape);
        if (count > 1) setOf(result.repeated, rule).add(shape);
        return;
      }
      case 'lookahead':
        walk(shape.item, pos, rule, false);
        return;
      case 'nonTerminal':
        if (descend) walkRule(shape.name, pos);
        return;
      default:
        // terminals, sets, end; and `not`, whose item did not match
        return;
    }
  }

  function walkRule(name: string, pos: number): void {
    const key = `${name}\u0000${pos}`;
    if (walked.has(key)) return;
    walked.add(key);
    result.rules.add(name);
    walk(grammar[name].shape, pos, name);
  }

  result.end = ruleAt(entryRule, 0);
  if (result.end !== FAIL) walkRule(entryRule, 0);
  return result;
}
