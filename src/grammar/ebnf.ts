// The grammar as EBNF text, from the same rule objects the compiler and the diagrams use.
//
// The notation is the W3C one (https://www.w3.org/TR/xml/#sec-notation): `name ::= expression`,
// "..." and '...' strings, `[...]` and `[^...]` character classes with #xN for code points,
// `A?`, `A*`, `A+`, `A B`, `A | B`, `( ... )`, `/* comments */`. It needs a few additions, which
// the header of the output spells out: `&A` and `!A` (PEG lookahead and negative lookahead),
// `EOF` (the end of the input), `%i"..."` (an ASCII case-insensitive string, as in RFC 7405) and
// `<...>` (a string the parse context supplies). Choice is ordered, as everywhere in the grammar.

import { specLink } from '../spec-link';
import type { ContextParam, Grammar, Rule, Shape } from '../../grammar/vocabulary';

// ---- code-point sets ----------------------------------------------------------------------------

/** An inclusive range of UTF-16 code units. */
export type CodeRange = [number, number];

const SIMPLE_ESCAPES: Record<string, number> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d, '0': 0x00 };

/**
 * The members of a charset's `set` (the body of a regular-expression character class, as the
 * compiler uses it: no `u` flag, so members are UTF-16 code units), as ranges. Throws on what a
 * grammar has no use for (class escapes such as \d or \w).
 */
export function charsetRanges(set: string): CodeRange[] {
  const ranges: CodeRange[] = [];
  let i = 0;
  const atom = (): number => {
    const c = set[i];
    if (c !== '\\') {
      i++;
      return c.charCodeAt(0);
    }
    const e = set[i + 1];
    if (e === undefined) throw new Error(`charset: a trailing "\\" in ${JSON.stringify(set)}`);
    if (e === 'u' && /^[0-9A-Fa-f]{4}$/.test(set.slice(i + 2, i + 6))) {
      i += 6;
      return parseInt(set.slice(i - 4, i), 16);
    }
    if (e === 'x' && /^[0-9A-Fa-f]{2}$/.test(set.slice(i + 2, i + 4))) {
      i += 4;
      return parseInt(set.slice(i - 2, i), 16);
    }
    if (e in SIMPLE_ESCAPES) {
      i += 2;
      return SIMPLE_ESCAPES[e];
    }
    if (/[A-Za-z0-9]/.test(e)) throw new Error(`charset: the escape "\\${e}" is not supported in ${JSON.stringify(set)}`);
    i += 2;
    return e.charCodeAt(0);
  };
  while (i < set.length) {
    const lo = atom();
    if (set[i] === '-' && i + 1 < set.length) {
      i++;
      const hi = atom();
      if (hi < lo) throw new Error(`charset: the range is out of order in ${JSON.stringify(set)}`);
      ranges.push([lo, hi]);
    } else {
      ranges.push([lo, lo]);
    }
  }
  return ranges;
}

/** Code points written as themselves inside a W3C character class; all others are #xN. */
const CLASS_LITERAL = /^[A-Za-z0-9!"$%&'()*+,./:;<=>?@_`{|}~]$/;

function classMember(code: number): string {
  const c = String.fromCharCode(code);
  return CLASS_LITERAL.test(c) ? c : `#x${code.toString(16).toUpperCase()}`;
}

/** A charset as a W3C character class. */
export function charsetToEBNF(set: string, negated = false): string {
  const ranges = charsetRanges(set);
  if (ranges.length === 0) return negated ? '[#x0-#x10FFFF]' : '[^#x0-#x10FFFF]';
  const body = ranges.map(([lo, hi]) => (lo === hi ? classMember(lo) : `${classMember(lo)}-${classMember(hi)}`)).join('');
  return `[${negated ? '^' : ''}${body}]`;
}

// ---- shapes -> expressions ----------------------------------------------------------------------

// Precedence, loosest first. An operand that binds more loosely than its operator needs is put in
// parentheses.
const CHOICE = 0;
const SEQUENCE = 1;
const PREFIX = 2; // &A !A
const POSTFIX = 3; // A? A* A+
const PRIMARY = 4;

interface Expr {
  text: string;
  prec: number;
  /** A comment that belongs after the expression (a charset's label). */
  comment?: string;
}

const CONTEXT_NAMES: Record<ContextParam, string> = {
  baseScheme: "base URL's scheme",
};

function comment(text: string): string {
  return `/* ${text.replace(/\*\//g, '* /')} */`;
}

function render(e: Expr): string {
  return e.comment ? `${e.text} ${e.comment}` : e.text;
}

function operand(e: Expr, min: number): string {
  return e.prec >= min ? render(e) : `( ${render(e)} )`;
}

function quote(text: string): string {
  return text.includes('"') ? `'${text}'` : `"${text}"`;
}

/** A literal: runs of printable text as strings, other code points as #xN, in sequence. */
function literal(text: string, caseInsensitive: boolean): Expr {
  const parts: string[] = [];
  const prefix = caseInsensitive ? '%i' : '';
  for (const piece of text.match(/[\u0020-\u007e\u00a0-\uffff]+|[^\u0020-\u007e\u00a0-\uffff]/g) ?? []) {
    if (/^[^\u0020-\u007e\u00a0-\uffff]$/.test(piece)) {
      parts.push(`#x${piece.charCodeAt(0).toString(16).toUpperCase()}`);
    } else if (piece.includes('"') && piece.includes("'")) {
      // split so that each string can be quoted
      for (const q of piece.match(/[^"]+|"+/g)!) parts.push(prefix + quote(q));
    } else {
      parts.push(prefix + quote(piece));
    }
  }
  if (parts.length === 0) return { text: '""', prec: PRIMARY };
  return { text: parts.join(' '), prec: parts.length === 1 ? PRIMARY : SEQUENCE };
}

function postfix(item: Expr, op: string): Expr {
  if (item.prec >= PRIMARY) return { text: item.text + op, prec: POSTFIX, comment: item.comment };
  return { text: `( ${render(item)} )${op}`, prec: POSTFIX };
}

/** A shape as an EBNF expression (ordered choice; see the header of `grammarToEBNF`). */
export function shapeToEBNF(shape: Shape): string {
  return render(expr(shape));
}

function expr(shape: Shape): Expr {
  switch (shape.kind) {
    case 'terminal':
      return literal(shape.text, !!shape.caseInsensitive);
    case 'charset':
      return { text: charsetToEBNF(shape.set, !!shape.negated), prec: PRIMARY, comment: comment(shape.label) };
    case 'contextTerminal':
      return { text: `${shape.caseInsensitive ? '%i' : ''}<${CONTEXT_NAMES[shape.param]}>`, prec: PRIMARY };
    case 'end':
      return { text: 'EOF', prec: PRIMARY };
    case 'nonTerminal':
      return { text: shape.name, prec: PRIMARY };
    case 'sequence':
      if (shape.items.length === 0) return { text: '()', prec: PRIMARY };
      if (shape.items.length === 1) return expr(shape.items[0]);
      // A nested sequence needs no parentheses; a choice inside one does.
      return { text: shape.items.map((s) => operand(expr(s), SEQUENCE)).join(' '), prec: SEQUENCE };
    case 'choice':
      if (shape.items.length === 0) return { text: '[^#x0-#x10FFFF]', prec: PRIMARY, comment: comment('an empty choice: nothing') };
      if (shape.items.length === 1) return expr(shape.items[0]);
      return { text: shape.items.map((s) => operand(expr(s), CHOICE)).join(' | '), prec: CHOICE };
    case 'optional':
      return postfix(expr(shape.item), '?');
    case 'zeroOrMore':
      return postfix(expr(shape.item), '*');
    case 'oneOrMore':
      return postfix(expr(shape.item), '+');
    case 'lookahead':
      return { text: `&${operand(expr(shape.item), PRIMARY)}`, prec: PREFIX };
    case 'not':
      return { text: `!${operand(expr(shape.item), PRIMARY)}`, prec: PREFIX };
  }
}

// ---- rules -> text ----------------------------------------------------------------------------

const HEADER = [
  '/* W3C-style EBNF (https://www.w3.org/TR/xml/#sec-notation), generated from the rule objects.',
  '   Choice is ordered: the first alternative that matches wins (PEG), and repetition is greedy.',
  '   Additions to the W3C notation: &A matches where A would match, without consuming;',
  '   !A matches where A would not match, without consuming; EOF is the end of the input;',
  '   %i"..." is an ASCII case-insensitive string; <...> is a string the parse context supplies. */',
];

/** One rule: a comment with its summary, spec anchor and record field, then its definition. */
export function ruleToEBNF(r: Rule): string {
  const about = [r.summary, specLink(r.spec)];
  const text = about.join(' ') + (r.field ? `; record field: ${r.field}` : '');
  return `${comment(text)}\n${r.name} ::= ${shapeToEBNF(r.shape)}`;
}

/** The grammar (or only `rules` of it) as EBNF text, one definition per rule, in the grammar's order. */
export function grammarToEBNF(grammar: Grammar, options: { rules?: readonly string[]; header?: boolean } = {}): string {
  const names = options.rules ?? Object.keys(grammar);
  const parts = options.header === false ? [] : [HEADER.join('\n')];
  for (const name of names) {
    const r = Object.prototype.hasOwnProperty.call(grammar, name) ? grammar[name] : undefined;
    if (!r) throw new Error(`ebnf: no rule named ${JSON.stringify(name)}`);
    parts.push(ruleToEBNF(r));
  }
  return parts.join('\n\n') + '\n';
}
