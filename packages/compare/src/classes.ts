// Disagreements grouped into classes, each decided by one step of the URL Standard: for every case,
// each class looks at one part of every parser's answer (does it parse, the scheme, the host, ...),
// and when some parser's part differs from the reference's, the case counts in that class. A class
// keeps counters and its few shortest cases, with every parser's value, so its state stays the same
// size however many cases stream through. Hosts are compared by meaning (hostMeaning): hostnames
// that differ only as text count as "host spelling", and only another host as host confusion. One
// class judges each parser's answer on its own: "re-parse changes the host", where url-grammar,
// parsing that parser's href again, fails or finds another host than the parser reported.

import { parseHost, serializeHost, URL as GrammarURL } from 'url-grammar';
import { AdapterError, type Outcome, type Result } from './compare';

type Ok = Extract<Result, { ok: true }>;

export interface ClassDef {
  id: string;
  title: string;
  /** What the class holds, in a sentence, where the title alone may not say it. */
  description?: string;
  /** The url.bs step that decides it. */
  anchor: string;
  /** A disagreement of the kind the URL-confusion studies turn into SSRF or open redirects. */
  security: boolean;
  /** The value compared; null: this parser's answer says nothing about it (not compared). */
  value(r: Result): string | null;
  /** Whether two values count as the same (default: the same text). */
  same?(x: string, y: string): boolean;
  /**
   * Set for a class that judges each parser's answer on its own rather than against the
   * reference's: whether this answer is flagged (the reference's own answer is never counted).
   */
  flagged?(r: Result): boolean;
}

const SPEC = 'https://url.spec.whatwg.org/';

const whenOk = (f: (r: Ok) => string | null) => (r: Result) => (r.ok ? f(r) : null);

/**
 * A host as a resolver would take it, as one key: two hostnames with the same key name the same
 * host. The host parser of a special URL decides (ASCII lowercase, percent-decoding, IDNA, IPv4 in
 * any of its spellings, IPv6 compression), after one trailing dot is stripped (a resolver treats
 * "example.com." and "example.com" alike). An IPv6 address without its brackets (as some parsers
 * give a hostname) is read with them. A hostname the host parser rejects keys as its own text, so
 * it only matches itself; the key of such a text starts with U+0000, which no parsed host holds.
 */
export function hostMeaning(hostname: string): string {
  let h = hostname;
  if (h.length > 1 && h.endsWith('.') && !h.startsWith('[')) h = h.slice(0, -1);
  if (h.includes(':') && !h.startsWith('[')) h = `[${h}]`;
  const host = h === '' ? null : parseHost(h);
  return host === null ? `\0${hostname}` : serializeHost(host);
}

/** Whether two hostnames name the same host (see hostMeaning). */
export const sameHost = (x: string, y: string): boolean => x === y || hostMeaning(x) === hostMeaning(y);

/** The hostname url-grammar gives a href when it parses it again (null: the href does not parse). */
function reparsedHostname(href: string): string | null {
  try {
    return new GrammarURL(href).hostname;
  } catch {
    return null;
  }
}

/** What the re-parse class shows for an answer: the host it reports, and the host of its href parsed again. */
function reparseValue(r: Ok): string | null {
  if (r.hostname === null) return null;
  const again = reparsedHostname(r.href);
  return `${r.hostname} (its href parses to ${again === null ? 'a failure' : again === '' ? 'no host' : again})`;
}

/** Whether an answer's href, parsed again by url-grammar, fails or names another host than the answer reports. */
function reparseChangesHost(r: Result): boolean {
  if (!r.ok || r.hostname === null) return false;
  const again = reparsedHostname(r.href);
  return again === null || !sameHost(r.hostname, again);
}

/** The classes, in the order reports show them. */
export const CLASSES: readonly ClassDef[] = [
  { id: 'failure', title: 'one parser fails where another parses', anchor: 'concept-basic-url-parser', security: true, value: (r) => (r.ok ? 'parses' : 'fails') },
  { id: 'scheme', title: 'scheme', anchor: 'scheme-state', security: false, value: whenOk((r) => r.protocol) },
  { id: 'credentials', title: 'username and password', anchor: 'authority-state', security: false, value: whenOk((r) => (r.username === null || r.password === null ? null : `${r.username}:${r.password}`)) },
  {
    id: 'host',
    title: 'host confusion',
    description: 'another host: the hostnames still differ after case, IDNA, IPv4 and IPv6 spellings and a trailing dot are taken as a resolver would (hostMeaning)',
    anchor: 'host-parsing',
    security: true,
    value: whenOk((r) => r.hostname),
    same: sameHost,
  },
  {
    id: 'host-spelling',
    title: 'host spelling',
    description: 'the same host written another way: the hostnames differ as text only in case, IDNA (Unicode against Punycode), an IPv4 or IPv6 spelling or a trailing dot',
    anchor: 'host-parsing',
    security: false,
    value: whenOk((r) => r.hostname),
    same: (x, y) => x === y || hostMeaning(x) !== hostMeaning(y),
  },
  { id: 'port', title: 'port', anchor: 'port-state', security: false, value: whenOk((r) => r.port) },
  { id: 'path', title: 'path normalisation', anchor: 'path-state', security: false, value: whenOk((r) => r.pathname) },
  { id: 'query', title: 'query encoding', anchor: 'query-state', security: false, value: whenOk((r) => r.search) },
  { id: 'fragment', title: 'fragment encoding', anchor: 'fragment-state', security: false, value: whenOk((r) => r.hash) },
  { id: 'serialization', title: 'serialization only (href differs, every component above agrees)', anchor: 'url-serializing', security: false, value: whenOk((r) => r.href) },
  { id: 'errors', title: 'validation errors', anchor: 'validation-error', security: false, value: (r) => (r.errors ? [...r.errors].sort().join(' ') : null) },
  {
    id: 'reparse',
    title: 're-parse changes the host',
    description: "a parser's href, parsed again by url-grammar, fails or names another host than the one that parser reported for the input",
    anchor: 'url-serializing',
    security: true,
    value: whenOk(reparseValue),
    flagged: reparseChangesHost,
  },
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
  /** What the class holds, when its definition says more than the title. */
  description?: string;
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
      ...(d.description !== undefined ? { description: d.description } : {}),
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
      // A class that judges each answer on its own does not need the reference's value.
      const x = d.flagged ? null : d.value(ref);
      // serialization counts only when no earlier component class already explains the difference
      let differs = false;
      const rep = this.reports[k];
      for (let i = 1; i < outcomes.length; i++) {
        const o = outcomes[i];
        if (o instanceof AdapterError) continue;
        if (d.flagged) {
          if (!d.flagged(o)) continue;
          rep.byParser[this.names[i]]++;
          differs = true;
          continue;
        }
        const y = d.value(o);
        if (x === null || y === null || (d.same ? d.same(x, y) : x === y)) continue;
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
    if (d.id === 'serialization' || d.id === 'errors' || d.id === 'failure' || d.flagged) continue;
    const x = d.value(a);
    const y = d.value(b);
    if (x !== null && y !== null && x !== y) return false;
  }
  return true;
}
