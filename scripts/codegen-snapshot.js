'use strict';
// Everything the matcher generator (src/grammar/codegen.ts) produces for the grammars, entry
// rules, contexts and options the code uses, as one text: run it before and after a change to the
// generator and compare the two outputs to show that the change emits the same matchers.
//
//   node scripts/codegen-snapshot.js [CHECKOUT] > snapshot.txt
//
// CHECKOUT (default: the checkout this script is in) is the one whose grammar and generator are
// read, so that an older commit checked out in a second worktree can be snapshotted by this same
// script: `git worktree add --detach ../old <commit>`, then `node scripts/codegen-snapshot.js ../old`.
//
// For each matcher it writes the generated source (generatedSource, checked equal to the source
// that generateEntry compiles) and the data that generateEntry hands to that source and that the
// source does not hold: the charset tables (CS), the fields, the rules and the separators. Both
// have to be the same for the matchers to be the same.

const path = require('path');

const ROOT = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));

require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.json') });

const { generateEntry, generatedSource } = require(path.join(ROOT, 'src', 'grammar', 'codegen'));
const { ENTRY_RULES, URL_GRAMMAR } = require(path.join(ROOT, 'grammar', 'url'));
const { STATE_OVERRIDES } = require(path.join(ROOT, 'grammar', 'overrides'));
const { HOST_GRAMMAR } = require(path.join(ROOT, 'grammar', 'host'));
const { WRITING_ENTRY_RULES, WRITING_GRAMMAR } = require(path.join(ROOT, 'grammar', 'writing'));
const { NORMALIZED_MATCHER } = require(path.join(ROOT, 'src', 'semantic', 'normalized'));

/** The special schemes other than file: the contexts of the special-base entry rule. */
const SPECIAL_BASE_SCHEMES = ['ftp', 'http', 'https', 'ws', 'wss'];

// The option sets: first those the code passes (src/parse.ts, src/semantic/normalized.ts,
// src/semantic/host.ts, the tests), then combinations no caller passes today, which reach the
// generator's flag code by other paths (flags with the segments marked, without the guard).
const URL_OPTIONS = [
  ['plain', {}],
  ['guard', { guard: true }],
  ['runs (RUNS_MATCHER)', { guard: true, unmarked: ['segment'] }],
  ['normalized (NORMALIZED_MATCHER)', NORMALIZED_MATCHER],
  ['unguarded runs', { unmarked: ['segment'] }],
  ['flags only', { flags: NORMALIZED_MATCHER.flags }],
  ['guarded flags', { guard: true, flags: NORMALIZED_MATCHER.flags }],
  ['unguarded normalized', { flags: NORMALIZED_MATCHER.flags, unmarked: ['segment'] }],
];
const PLAIN_OPTIONS = [
  ['plain', {}],
  ['guard', { guard: true }],
];

/** [label, grammar, entry rule, context, option sets] for every matcher to snapshot. */
function matchers() {
  const out = [];
  for (const kind of Object.keys(ENTRY_RULES)) {
    const rule = ENTRY_RULES[kind];
    if (kind === 'special') {
      for (const scheme of SPECIAL_BASE_SCHEMES) out.push([`url ${kind} (base ${scheme})`, URL_GRAMMAR, rule, { baseScheme: scheme }, URL_OPTIONS]);
    } else out.push([`url ${kind}`, URL_GRAMMAR, rule, {}, URL_OPTIONS]);
  }
  const overrides = [...new Set(Object.values(STATE_OVERRIDES).flatMap((byKind) => Object.values(byKind)))];
  for (const rule of overrides) out.push([`override`, URL_GRAMMAR, rule, {}, URL_OPTIONS]);
  for (const rule of ['ipv6-address', 'ipv4-address', 'ipv4-last-label', 'ends-in-a-number']) out.push(['host', HOST_GRAMMAR, rule, {}, PLAIN_OPTIONS]);
  const writing = Object.values(WRITING_ENTRY_RULES).flatMap((v) => (typeof v === 'string' ? [v] : Object.values(v)));
  for (const rule of writing) out.push(['writing', WRITING_GRAMMAR, rule, {}, PLAIN_OPTIONS]);
  return out;
}

/** The data generateEntry passes to the generated source, in a form that compares as text. */
function describeData([cs, fields, rules, separators]) {
  const charsets = cs.map((c, k) => {
    const nonAscii = c.nonAscii instanceof RegExp ? String(c.nonAscii) : c.nonAscii;
    const raise = c.raiseNonAscii === undefined ? '' : ` raiseNonAscii=${c.raiseNonAscii}`;
    return `  CS[${k}] ${c.table.constructor.name} [${Array.from(c.table).join(',')}] nonAscii=${nonAscii}${raise}`;
  });
  const seps = separators.map((s, k) => `  SEPARATORS[${k}] ${s === null ? 'null' : `[${Array.from(s).join(',')}]`}`);
  return [...charsets, `  FIELDS ${JSON.stringify(fields)}`, `  RULES ${JSON.stringify(rules)}`, ...seps].join('\n');
}

// generateEntry compiles its source with `new Function('CS', 'FIELDS', ...)`: a stand-in for the
// global Function catches that call and the arguments the compiled factory is then given.
let caught = null;
const RealFunction = Function;
const CatchingFunction = new Proxy(RealFunction, {
  construct(target, args, newTarget) {
    const made = Reflect.construct(target, args, newTarget === CatchingFunction ? target : newTarget);
    if (args[0] !== 'CS') return made;
    const source = args[args.length - 1];
    return (...data) => {
      caught = { source, data };
      return made(...data);
    };
  },
});

const lines = [];
globalThis.Function = CatchingFunction;
try {
  for (const [label, g, rule, ctx, optionSets] of matchers()) {
    for (const [optionsLabel, options] of optionSets) {
      const name = `${label} ${JSON.stringify(rule)} ${JSON.stringify(ctx)} ${optionsLabel}`;
      caught = null;
      generateEntry(g, rule, ctx, options);
      if (caught === null) throw new Error(`${name}: generateEntry compiled nothing (already cached?)`);
      const source = generatedSource(g, rule, ctx, options);
      if (source !== caught.source) throw new Error(`${name}: generatedSource differs from the source generateEntry compiled`);
      lines.push(`==== ${name}`, source, '---- data', describeData(caught.data));
    }
  }
} finally {
  globalThis.Function = RealFunction;
}
process.stdout.write(lines.join('\n') + '\n');
