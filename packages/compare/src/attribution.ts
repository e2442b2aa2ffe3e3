// The attribution bar: every value a report shows beside a parser's name must be that parser's own
// answer. verifyAttribution takes a report (compare --json, or compareStream's) and asks each
// parser it names again, with a fresh adapter, about every case the report shows it on:
//
// - each root cause's per-parser examples: the parser's whole answer (`values`) and the
//   reference's, component by component, and, judged again from those fresh answers, the same
//   root cause (its key) and the same difference;
// - each root cause's listed cases and each example's sides: every parser's value in the class;
// - the first disagreements of each component: the reference's value and the parser's;
// - the pairs' examples: each parser's answer (parses or fails, and its host).
//
// A parser that answers differently now than in the run (a flaky adapter) shows up as a problem
// too: the report would then not be reproducible, which is what the bar is for.

import { join, resolve } from 'node:path';
import { AdapterError, builtinAdapter, childProcessAdapter, gatherAsync, isBuiltinParser, urlGrammarAdapter, urlGrammarBuildAdapter, type ChildProcessAdapter, type CompareCase, type Component, type Outcome, type ParserAdapter, type Result, type Value } from './compare';
import { CLASSES, FAILS, judgeCase, type ClassReport, type ClassSide } from './classes';
import { resolveArgv, type ManifestEntry } from './manifest';
import type { Equivalence } from './meaning';
import type { PairAnswer, PairReport } from './pairs';
import type { AdapterReport } from './compare';

/** What verifyAttribution reads of a report (compare --json has all of it). */
export interface AttributedReport {
  equivalence?: Equivalence;
  /** Parsers compared as exact text whatever `equivalence` says (the url-grammar builds). */
  exact?: readonly string[];
  adapters: readonly AdapterReport[];
  classes: readonly ClassReport[];
  pairs?: readonly PairReport[];
}

export interface AttributionProblem {
  /** Where in the report: "class host, root cause KEY, example of PARSER", "pair a / b", "component hostname of PARSER". */
  where: string;
  parser: string;
  input: string;
  base: string | null;
  /** What the report shows, and what the parser answers now. */
  shown: unknown;
  answered: unknown;
}

export interface AttributionResult {
  /** Claims checked: a value (or whole answer) shown beside a parser's name, for one case. */
  checked: number;
  /** Distinct cases asked of each parser. */
  asked: Record<string, number>;
  /** Parsers named in the report that could not be asked (no adapter given): their claims are not checked. */
  unchecked: string[];
  problems: AttributionProblem[];
}

const GETTERS = ['href', 'origin', 'protocol', 'username', 'password', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'] as const;

const caseId = (input: string, base: string | null) => `${input}\u0000${base ?? '\u0001'}`;

function isChild(a: ParserAdapter): a is ChildProcessAdapter {
  return typeof (a as Partial<ChildProcessAdapter>).parseBatch === 'function';
}

/** Whether a shown answer is the fresh one: success or failure, every getter (origin where both give it), the validation errors. */
function sameAnswer(shown: Result, fresh: Result): boolean {
  if (shown.ok !== fresh.ok) return false;
  if (shown.ok && fresh.ok) {
    for (const g of GETTERS) {
      const x = shown[g] ?? null;
      const y = fresh[g] ?? null;
      if (g === 'origin' && (x === null || y === null)) continue;
      if (x !== y) return false;
    }
    // `again` is there only where the run re-parsed the parser's href (compareStream's selfReparse)
    if (shown.again !== undefined && shown.again !== fresh.again) return false;
  }
  const e = (r: Result) => JSON.stringify(r.errors ?? null);
  return e(shown) === e(fresh);
}

/** A class's value of an answer as the report writes it: whether it fails, else its value (null: not given). */
function classValue(classId: string, o: Result): { fails: boolean; value: string | null } {
  const d = CLASSES.find((c) => c.id === classId);
  if (!o.ok) return { fails: true, value: null };
  const v = !d ? null : d.notation ? o.href : d.value(o);
  return v === FAILS ? { fails: true, value: null } : { fails: false, value: v };
}

/** A component's value as the first disagreements show it (./compare's countCase). */
function componentValue(k: Component, o: Result): Value | undefined {
  if (k === 'parse') return o.ok ? o.href : null;
  if (k === 'errors') return o.errors ?? undefined;
  return o.ok ? ((o as Record<string, unknown>)[k] as string | null) : undefined;
}

/** A pair example's answer from a fresh one (./pairs). */
function pairAnswer(r: Result): PairAnswer {
  if (r.ok) return { ok: true, host: r.hostname };
  return r.message !== undefined ? { ok: false, host: null, message: r.message } : { ok: false, host: null };
}

/**
 * Checks every value `report` shows beside a parser's name against that parser's answer now:
 * `adapters` gives a fresh adapter by name (url-grammar, the reference, is built in); they are
 * asked in one batch each, and closed at the end.
 */
export async function verifyAttribution(report: AttributedReport, adapters: (name: string) => ParserAdapter | null): Promise<AttributionResult> {
  const equivalence = report.equivalence ?? 'meaning';
  // every case each parser is shown on, asked once
  const wanted = new Map<string, Map<string, CompareCase>>();
  const want = (parser: string, input: string, base: string | null) => {
    let m = wanted.get(parser);
    if (!m) wanted.set(parser, (m = new Map()));
    m.set(caseId(input, base), { input, base });
  };
  const reference = 'url-grammar';
  for (const c of report.classes) {
    for (const rc of c.rootCauses) {
      for (const e of rc.examples) {
        want(e.parser, e.input, e.base);
        want(reference, e.input, e.base);
      }
      for (const s of rc.example.sides) for (const p of s.parsers) want(p, rc.example.input, rc.example.base);
      for (const k of rc.caseList) {
        want(reference, k.input, k.base);
        for (const p of k.parsers) want(p, k.input, k.base);
      }
    }
    for (const e of c.examples) for (const s of e.sides) for (const p of s.parsers) want(p, e.input, e.base);
  }
  for (const a of report.adapters) {
    for (const t of Object.values(a.components)) {
      for (const e of t.examples) {
        want(a.name, e.input, e.base);
        want(reference, e.input, e.base);
      }
    }
  }
  for (const p of report.pairs ?? []) {
    for (const e of p.examples) {
      want(p.a, e.input, e.base);
      want(p.b, e.input, e.base);
    }
  }

  const answers = new Map<string, Map<string, Outcome>>();
  const asked: Record<string, number> = {};
  const unchecked: string[] = [];
  const opened: ParserAdapter[] = [];
  try {
    await Promise.all(
      [...wanted].map(async ([name, cases]) => {
        const adapter = name === reference ? urlGrammarAdapter() : adapters(name);
        if (adapter === null || adapter.unavailable !== undefined) {
          unchecked.push(name);
          return;
        }
        opened.push(adapter);
        const list = [...cases.values()];
        const outs = await (isChild(adapter) ? adapter.parseBatch(list) : gatherAsync(adapter, list));
        // the self re-parse class shows `again`: the host the parser's own href names when it is given it
        const hrefs = list.flatMap((c, i) => {
          const o = outs[i];
          return !(o instanceof AdapterError) && o.ok && o.hostname !== null && (c.base !== null || o.href !== c.input) ? [{ input: o.href, base: null }] : [];
        });
        const again = hrefs.length === 0 ? [] : await (isChild(adapter) ? adapter.parseBatch(hrefs) : gatherAsync(adapter, hrefs));
        const byHref = new Map(hrefs.map((h, i) => [h.input, again[i]]));
        const m = new Map<string, Outcome>();
        list.forEach((c, i) => {
          let o = outs[i];
          if (!(o instanceof AdapterError) && o.ok) {
            const a = byHref.get(o.href);
            if (a !== undefined && !(a instanceof AdapterError) && (c.base !== null || o.href !== c.input)) o = { ...o, again: a.ok ? a.hostname : null };
          }
          m.set(caseId(c.input, c.base), o);
        });
        answers.set(name, m);
        asked[name] = list.length;
      }),
    );
  } finally {
    await Promise.all(opened.map(async (a) => a.close?.()));
  }

  const problems: AttributionProblem[] = [];
  let checked = 0;
  const fresh = (parser: string, input: string, base: string | null): Outcome | undefined => answers.get(parser)?.get(caseId(input, base));
  /** One claim: `ok` says whether what is shown is what the parser answers now. */
  const claim = (where: string, parser: string, input: string, base: string | null, shown: unknown, check: (o: Result) => { ok: boolean; answered: unknown }) => {
    const o = fresh(parser, input, base);
    if (o === undefined) return;
    checked++;
    if (o instanceof AdapterError) {
      problems.push({ where, parser, input, base, shown, answered: `could not answer: ${o.message}` });
      return;
    }
    const r = check(o);
    if (!r.ok) problems.push({ where, parser, input, base, shown, answered: r.answered });
  };
  const sideCheck = (classId: string, where: string, input: string, base: string | null, sides: readonly ClassSide[]) => {
    for (const s of sides) {
      if (s.noAnswer) continue;
      for (const p of s.parsers) {
        claim(where, p, input, base, s.fails ? '(fails)' : s.value, (o) => {
          const v = classValue(classId, o);
          return { ok: v.fails === !!s.fails && v.value === s.value, answered: v.fails ? '(fails)' : v.value };
        });
      }
    }
  };

  for (const c of report.classes) {
    for (const rc of c.rootCauses) {
      const at = `class ${c.id}, root cause ${JSON.stringify(rc.key)}`;
      const named = rc.parsers.map((p) => p.name);
      const exampled = rc.examples.map((e) => e.parser);
      if (JSON.stringify(named) !== JSON.stringify(exampled)) problems.push({ where: `${at}: the parsers named and the parsers of its examples`, parser: rc.parser, input: rc.example.input, base: rc.example.base, shown: named, answered: exampled });
      for (const e of rc.examples) {
        const where = `${at}, example of ${e.parser}`;
        claim(`${where} (the reference's values)`, reference, e.input, e.base, e.reference, (o) => ({ ok: sameAnswer(e.reference, o), answered: o }));
        claim(where, e.parser, e.input, e.base, e.values, (o) => ({ ok: sameAnswer(e.values, o), answered: o }));
        // judged again from the fresh answers: the same root cause, the same difference
        const ref = fresh(reference, e.input, e.base);
        claim(`${where} (its root cause, judged again)`, e.parser, e.input, e.base, { key: rc.key, difference: e.difference }, (o) => {
          if (ref === undefined || ref instanceof AdapterError) return { ok: false, answered: 'the reference could not answer' };
          const j = judgeCase(c.id, e.input, e.base, ref, o, report.exact?.includes(e.parser) ? 'exact' : equivalence);
          return { ok: j !== null && j.key === rc.key && j.difference.reference === e.difference.reference && j.difference.parser === e.difference.parser, answered: j };
        });
      }
      sideCheck(c.id, `${at}, its shortest case`, rc.example.input, rc.example.base, rc.example.sides);
      for (const k of rc.caseList) {
        k.parsers.forEach((p, i) => {
          // a listed value is null where the parser fails (a parser on a root cause gives the class's value)
          claim(`${at}, listed case`, p, k.input, k.base, k.values[i], (o) => {
            const v = classValue(c.id, o);
            return { ok: (v.fails ? null : v.value) === k.values[i], answered: v.fails ? null : v.value };
          });
        });
      }
    }
    for (const e of c.examples) sideCheck(c.id, `class ${c.id}, example`, e.input, e.base, e.sides);
  }
  for (const a of report.adapters) {
    for (const [k, t] of Object.entries(a.components) as Array<[Component, AdapterReport['components'][Component]]>) {
      for (const e of t.examples) {
        const where = `component ${k} of ${a.name}`;
        claim(where, a.name, e.input, e.base, e.theirs, (o) => {
          const v = componentValue(k, o);
          return { ok: JSON.stringify(v ?? null) === JSON.stringify(e.theirs), answered: v ?? null };
        });
        claim(`${where} (the reference's value)`, reference, e.input, e.base, e.ours, (o) => {
          const v = componentValue(k, o);
          return { ok: JSON.stringify(v ?? null) === JSON.stringify(e.ours), answered: v ?? null };
        });
      }
    }
  }
  for (const p of report.pairs ?? []) {
    for (const e of p.examples) {
      for (const [name, shown] of [
        [p.a, e.a],
        [p.b, e.b],
      ] as const) {
        claim(`pair ${p.a} / ${p.b}`, name, e.input, e.base, shown, (o) => {
          const now = pairAnswer(o);
          return { ok: now.ok === shown.ok && now.host === shown.host && (shown.message === undefined || now.message === shown.message), answered: now };
        });
      }
    }
  }
  return { checked, asked, unchecked: unchecked.sort(), problems };
}

export interface FreshAdapterOptions {
  /** The adapters manifest's entries (readManifest), for the parsers named from it. */
  manifest?: readonly ManifestEntry[];
  /** The package root: the manifest's commands run there. Default: this package's. */
  root?: string;
  /** Other adapters by name: their command line (argv), as --adapter NAME=COMMAND gives it. */
  commands?: Readonly<Record<string, readonly string[]>>;
  requestTimeoutMs?: number;
  startupTimeoutMs?: number;
}

/**
 * A fresh adapter for a parser named in a report, as `compare` would start it: a built-in parser,
 * a url-grammar build ("build:DIR"), an entry of the manifest, or a command given by name; null for
 * a name none of them knows.
 */
export function freshAdapter(name: string, options: FreshAdapterOptions = {}): ParserAdapter | null {
  if (isBuiltinParser(name)) return builtinAdapter(name);
  if (name.startsWith('build:')) return urlGrammarBuildAdapter(name, resolve(name.slice('build:'.length)));
  const timeouts = { requestTimeoutMs: options.requestTimeoutMs, startupTimeoutMs: options.startupTimeoutMs };
  const command = options.commands?.[name];
  if (command && command.length > 0) return childProcessAdapter(name, command[0], command.slice(1), timeouts);
  const entry = options.manifest?.find((e) => e.name === name);
  if (!entry) return null;
  const root = options.root ?? join(__dirname, '..');
  const [cmd, ...args] = resolveArgv(entry.command);
  const prepare = entry.prepare ? resolveArgv(entry.prepare) : null;
  return childProcessAdapter(name, cmd, args, { ...timeouts, cwd: root, ...(prepare ? { prepare: { command: prepare[0], args: prepare.slice(1) } } : {}) });
}
