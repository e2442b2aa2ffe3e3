// Disagreements grouped into classes, each decided by one step of the URL Standard: for every case,
// each class looks at one part of every parser's answer (does it parse, the scheme, the host, ...),
// and when some parser's part differs from the reference's, the case counts in that class. A class
// keeps counters and its few shortest cases, with every parser's value, so its state stays the same
// size however many cases stream through.

import { AdapterError, type Outcome, type Result } from './compare';

type Ok = Extract<Result, { ok: true }>;

export interface ClassDef {
  id: string;
  title: string;
  /** The url.bs step that decides it. */
  anchor: string;
  /** A disagreement of the kind the URL-confusion studies turn into SSRF or open redirects. */
  security: boolean;
  /** The value compared; null: this parser's answer says nothing about it (not compared). */
  value(r: Result): string | null;
}

const SPEC = 'https://url.spec.whatwg.org/';

const whenOk = (f: (r: Ok) => string | null) => (r: Result) => (r.ok ? f(r) : null);

/** The classes, in the order reports show them. */
export const CLASSES: readonly ClassDef[] = [
  { id: 'failure', title: 'one parser fails where another parses', anchor: 'concept-basic-url-parser', security: true, value: (r) => (r.ok ? 'parses' : 'fails') },
  { id: 'scheme', title: 'scheme', anchor: 'scheme-state', security: false, value: whenOk((r) => r.protocol) },
  { id: 'credentials', title: 'username and password', anchor: 'authority-state', security: false, value: whenOk((r) => (r.username === null || r.password === null ? null : `${r.username}:${r.password}`)) },
  { id: 'host', title: 'host', anchor: 'host-parsing', security: true, value: whenOk((r) => r.hostname) },
  { id: 'port', title: 'port', anchor: 'port-state', security: false, value: whenOk((r) => r.port) },
  { id: 'path', title: 'path normalisation', anchor: 'path-state', security: false, value: whenOk((r) => r.pathname) },
  { id: 'query', title: 'query encoding', anchor: 'query-state', security: false, value: whenOk((r) => r.search) },
  { id: 'fragment', title: 'fragment encoding', anchor: 'fragment-state', security: false, value: whenOk((r) => r.hash) },
  { id: 'serialization', title: 'serialization only (href differs, every component above agrees)', anchor: 'url-serializing', security: false, value: whenOk((r) => r.href) },
  { id: 'errors', title: 'validation errors', anchor: 'validation-error', security: false, value: (r) => (r.errors ? [...r.errors].sort().join(' ') : null) },
];

export const specLink = (anchor: string) => `${SPEC}#${anchor}`;

export interface ClassSide {
  /** The value; null: not given (the parser does not report it) or, with noAnswer, no answer at all. */
  value: string | null;
  parsers: string[];
  /** The parsers of this side could not answer the case (an AdapterError). */
  noAnswer?: true;
}

export interface ClassExample {
  input: string;
  base: string | null;
  /** Every parser's value, grouped: the reference's side first. null value: could not answer. */
  sides: ClassSide[];
}

export interface ClassReport {
  id: string;
  title: string;
  link: string;
  security: boolean;
  /** Cases in which at least one parser differs from the reference in this class. */
  cases: number;
  /** For each parser other than the reference: cases in which it differs. */
  byParser: Record<string, number>;
  /** The shortest such cases (by input length, then base length, then code units). */
  examples: ClassExample[];
}

function shorter(a: { input: string; base: string | null }, b: { input: string; base: string | null }): number {
  return a.input.length - b.input.length || (a.base?.length ?? 0) - (b.base?.length ?? 0) || (a.input < b.input ? -1 : a.input > b.input ? 1 : 0);
}

/** Bounded state for every class: counters and the `keep` shortest examples each. */
export class ClassTally {
  readonly reports: ClassReport[];

  constructor(
    private readonly names: readonly string[],
    private readonly keep = 3,
  ) {
    this.reports = CLASSES.map((d) => ({
      id: d.id,
      title: d.title,
      link: specLink(d.anchor),
      security: d.security,
      cases: 0,
      byParser: Object.fromEntries(names.slice(1).map((n) => [n, 0])),
      examples: [],
    }));
  }

  /** Counts one case: `outcomes[i]` is parser `names[i]`'s answer, the reference first. */
  add(input: string, base: string | null, outcomes: readonly Outcome[]): void {
    const ref = outcomes[0];
    if (ref instanceof AdapterError) return;
    CLASSES.forEach((d, k) => {
      const x = d.value(ref);
      // serialization counts only when no earlier component class already explains the difference
      let differs = false;
      const rep = this.reports[k];
      for (let i = 1; i < outcomes.length; i++) {
        const o = outcomes[i];
        if (o instanceof AdapterError) continue;
        const y = d.value(o);
        if (x === null || y === null || x === y) continue;
        if (d.id === 'serialization' && !sameComponents(ref, o)) continue;
        rep.byParser[this.names[i]]++;
        differs = true;
      }
      if (!differs) return;
      rep.cases++;
      if (rep.examples.length === this.keep && shorter({ input, base }, rep.examples[this.keep - 1]) >= 0) return;
      const sides: ClassSide[] = [];
      outcomes.forEach((o, i) => {
        const noAnswer = o instanceof AdapterError;
        const v = noAnswer ? null : d.value(o);
        const side = sides.find((s) => s.value === v && !!s.noAnswer === noAnswer);
        if (side) side.parsers.push(this.names[i]);
        else sides.push(noAnswer ? { value: null, parsers: [this.names[i]], noAnswer: true } : { value: v, parsers: [this.names[i]] });
      });
      const ex: ClassExample = { input, base, sides };
      rep.examples.push(ex);
      rep.examples.sort(shorter);
      if (rep.examples.length > this.keep) rep.examples.length = this.keep;
    });
  }
}

function sameComponents(a: Result, b: Result): boolean {
  if (!a.ok || !b.ok) return false;
  for (const d of CLASSES) {
    if (d.id === 'serialization' || d.id === 'errors' || d.id === 'failure') continue;
    const x = d.value(a);
    const y = d.value(b);
    if (x !== null && y !== null && x !== y) return false;
  }
  return true;
}
