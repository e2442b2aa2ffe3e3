// The railroad vocabulary the grammar is written in (the shapes of the 2015 webspecs draft:
// Sequence, Choice, Optional, ZeroOrMore, T: terminal, N: non-terminal), plus the few PEG
// operators the standard needs (lookahead, not, end of input).
//
// Everything here builds plain data. Nothing in grammar/ parses: src/grammar/compile.ts turns
// these objects into parsers, src/grammar/railroad.ts into diagrams, src/grammar/ebnf.ts into text.

/** The components of the intermediate record a rule can produce (see src/record.ts). */
export type RecordField =
  | 'scheme'
  | 'slashes'
  | 'userinfo'
  | 'host'
  | 'port'
  | 'segment'
  | 'opaquePath'
  | 'query'
  | 'fragment'
  // host grammar (run on a host string, not on a whole URL)
  | 'ipv6Piece'
  | 'ipv6Compress'
  | 'ipv4Part'
  | 'ipv4HexDigits'
  | 'ipv4OctalDigits'
  | 'ipv4DecimalDigits'
  | 'ipv6Ipv4';

export type Shape =
  /** A literal string; `caseInsensitive` means ASCII case-insensitive. */
  | { kind: 'terminal'; text: string; caseInsensitive?: boolean }
  /**
   * One code point from a set, written as the body of a regular-expression character class
   * (`set`), with the name the standard gives it (`label`). `negated` takes the complement.
   */
  | { kind: 'charset'; label: string; set: string; negated?: boolean }
  /** A literal that the compile context supplies (for instance the base URL's scheme). */
  | { kind: 'contextTerminal'; param: ContextParam; caseInsensitive?: boolean }
  | { kind: 'sequence'; items: Shape[] }
  /** Ordered choice: the first alternative that matches wins (PEG). */
  | { kind: 'choice'; items: Shape[] }
  | { kind: 'optional'; item: Shape }
  | { kind: 'zeroOrMore'; item: Shape }
  | { kind: 'oneOrMore'; item: Shape }
  | { kind: 'nonTerminal'; name: string }
  /** Succeeds without consuming when `item` would match here. */
  | { kind: 'lookahead'; item: Shape }
  /** Succeeds without consuming when `item` would not match here. */
  | { kind: 'not'; item: Shape }
  /** The end of the input. */
  | { kind: 'end' };

export type ContextParam = 'baseScheme';

export interface Rule {
  /** The rule's name, as other rules refer to it and as the diagrams label it. */
  name: string;
  /** The anchor in the URL Standard (url.bs) of the step or state this rule re-expresses. */
  spec: string;
  /** One line on what the rule matches. */
  summary: string;
  shape: Shape;
  /** When set, each match of this rule becomes that component of the intermediate record. */
  field?: RecordField;
}

export type Grammar = Readonly<Record<string, Rule>>;

// ---- builders -------------------------------------------------------------------------------

type Item = Shape | string;

const lift = (item: Item): Shape => (typeof item === 'string' ? terminal(item) : item);

export const terminal = (text: string, caseInsensitive = false): Shape =>
  caseInsensitive ? { kind: 'terminal', text, caseInsensitive } : { kind: 'terminal', text };

/** A code-point set; `set` is a regular-expression class body such as `A-Za-z`. */
export const charset = (label: string, set: string, negated = false): Shape =>
  negated ? { kind: 'charset', label, set, negated } : { kind: 'charset', label, set };

export const contextTerminal = (param: ContextParam, caseInsensitive = false): Shape => ({
  kind: 'contextTerminal',
  param,
  caseInsensitive,
});

export const sequence = (...items: Item[]): Shape => ({ kind: 'sequence', items: items.map(lift) });
export const choice = (...items: Item[]): Shape => ({ kind: 'choice', items: items.map(lift) });
export const optional = (item: Item): Shape => ({ kind: 'optional', item: lift(item) });
export const zeroOrMore = (item: Item): Shape => ({ kind: 'zeroOrMore', item: lift(item) });
export const oneOrMore = (item: Item): Shape => ({ kind: 'oneOrMore', item: lift(item) });
export const nonTerminal = (name: string): Shape => ({ kind: 'nonTerminal', name });
export const lookahead = (item: Item): Shape => ({ kind: 'lookahead', item: lift(item) });
export const not = (item: Item): Shape => ({ kind: 'not', item: lift(item) });
export const end = (): Shape => ({ kind: 'end' });

/** Shorthand for `nonTerminal`. */
export const N = nonTerminal;
/** Shorthand for `terminal`. */
export const T = terminal;

export const rule = (
  name: string,
  spec: string,
  summary: string,
  shape: Shape,
  field?: RecordField,
): Rule => (field ? { name, spec, summary, shape, field } : { name, spec, summary, shape });

/** Collects rules into a grammar keyed by name; a repeated name is a mistake in the grammar. */
export function grammarOf(...rules: Rule[]): Grammar {
  const out: Record<string, Rule> = {};
  for (const r of rules) {
    if (out[r.name]) throw new Error(`grammar: rule "${r.name}" is defined twice`);
    out[r.name] = r;
  }
  return Object.freeze(out);
}
