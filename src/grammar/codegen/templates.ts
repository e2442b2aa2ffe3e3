// The text of the generated code that does not depend on the grammar: the module around the
// matcher's functions (its variables, `scan`, `match`), each function's head, the loops that take
// a run of code units, and the one helper the generated code calls at run time (`saturated`).
// They are kept apart from the emitter because they are about how V8 runs the result (why a loop
// hands over to a regular expression, why every function starts with `input = '' + input`), not
// about the grammar; changing one changes every matcher the same way.

/**
 * How many code units of a run the generated loop takes before it hands the rest to the run's
 * sticky expression. A call of an expression costs more than the loop over a usual component, so
 * only long runs gain by it: with 16, the usual host, path and query of a real-world URL paid
 * for one or more calls that the loop would have beaten.
 */
export const RUN_LOOP = 256;

/** A run's non-ASCII code units in a character class: all from U+0080 up, less the surrogates when guarded. */
export function highRange(guard: boolean): string {
  return guard ? '\\x80-\\uD7FF\\uE000-\\uFFFF' : '\\x80-\\uFFFF';
}

/** Whether a non-ASCII code unit `c` is in a set whose non-ASCII part is all (true) or nothing (false): a guarded matcher takes no surrogate. */
export function highTest(guard: boolean, nonAscii: boolean): string {
  return guard && nonAscii ? '(c < 0xd800 || c > 0xdfff)' : String(nonAscii);
}

/**
 * A run of the code units of charset `t` (`test` takes one and advances nothing), with no flags:
 * a loop over the first RUN_LOOP, then, when the run goes on, the sticky expression R`k` of the
 * same set. `high` says whether a non-ASCII `c` is in the set.
 */
export function plainRun(test: string, t: number, k: number, high: string): string {
  const short = `while (q < len && ((c = CCA.call(input, q)) < 128 ? T${t}[c] === 1 : ${high})) q++;`;
  return `if (len - q <= ${RUN_LOOP}) ${short} else for (;;) { const q0 = q + ${RUN_LOOP}; while (q < q0 && ${test}) q++; if (q < q0) break; R${k}.lastIndex = q; R${k}.test(input); q = R${k}.lastIndex; }`;
}

// ---- flagged runs (GenerateOptions.flags) ---------------------------------------------------
// The three templates below serve only runs inside fields with flags (see flags.ts).

/**
 * A flagged run that ends within RUN_LOOP code units of the input's end (the usual component),
 * taken to its end with no expression: `T${t}` has 1 for a member raising nothing and 1 | bits
 * for one raising bits (0 for none), `high` says whether a non-ASCII `c` is a member and
 * `raiseHigh` is what one raises. The inner loop takes the members that raise nothing with one
 * test each; the one it stops at is then taken with its bits, or ends the run.
 *
 * Both forms test `q < len` against the input's own length, so V8 can drop the bounds check of
 * each read; the bounded loops that hand long runs to the expression cannot.
 */
export function flaggedShortRun(t: number, high: string, raiseHigh: number, partStart: { bits: number; x: number } | null = null): string {
  const takeHigh = raiseHigh !== 0 ? `{ fa |= ${raiseHigh}; q++; }` : 'q++;';
  // In a run of parts (separatedRunBody, which starts at p), the part-start bits of a code unit
  // that neither starts the run nor follows a separator (T`x`) are dropped.
  const drop = partStart === null ? '' : `if ((u & ${partStart.bits}) !== 0 && q !== p && T${partStart.x}[CCA.call(input, q - 1)] !== 1) u &= ${~partStart.bits}; `;
  return (
    `for (;;) { while (q < len && (c = CCA.call(input, q)) < 128 && T${t}[c] === 1) q++; if (q === len) break; ` +
    `if (c < 128) { u = T${t}[c]; if (u === 0) break; ${drop}fa |= u; q++; } else if (${high}) ${takeHigh} else break; }`
  );
}

/**
 * A run whose expression R`k` takes only some of the code units `test` takes (those raising no
 * flag): the loop takes `span` code units, then the expression as far as it goes, and so on.
 * When the expression stopped short (code units raising flags are frequent), the loop's next
 * stretch is doubled, up to 1024, so that a run dense with them is not a call every RUN_LOOP
 * code units; a long stretch for the expression brings it back to RUN_LOOP.
 */
export function runWithBackoff(test: string, k: number, saturating: string, short: string): string {
  return (
    `if (len - q <= ${RUN_LOOP}) ${short} else ` +
    `{ let span = ${RUN_LOOP}, re = R${k}, raised = 0; for (;;) { const q0 = q + span; while (q < q0 && ${test}) q++; if (q < q0) break; ` +
    `if ((fa | fl) !== raised) { raised = fa | fl; re = saturated(${saturating}, raised); } ` +
    `re.lastIndex = q; re.test(input); const r = re.lastIndex; ` +
    `span = r - q >= span ? ${RUN_LOOP} : span < 1024 ? span * 2 : 1024; q = r; } }`
  );
}

/**
 * Given to every generated matcher (as `saturated`). A flag once raised stays raised, so in a
 * run, a code unit whose flags are all raised already changes nothing but the position: the
 * expression of a run can take those too. This makes (once per run, in the run's own `cache`,
 * and set of raised flags) the expression of the run's code units (see runClass) whose bits are
 * all in `raised`. A run dense with a flagged code unit (the dots of a path of dot segments) is
 * then crossed by the expression after the first one.
 */
export function saturated(cache: Map<number, RegExp>, table: ArrayLike<number>, high: string, highBits: number, raised: number): RegExp {
  let re = cache.get(raised);
  if (re === undefined) {
    const cls = runClass(table, high, highBits, raised);
    re = new RegExp(cls === '' ? '(?:)' : `[${cls}]*`, 'y');
    cache.set(raised, re);
  }
  return re;
}

// ---- every run ------------------------------------------------------------------------------

/**
 * The inside of a character class (ASCII code units as \xNN escapes, then `high`) for the code
 * units of a run whose table is `table` (values 1 | the bits each raises, 0 when not in the run)
 * and whose non-ASCII range `high` (empty when it has none) raises `highBits`: those whose bits
 * are all in `raised`. With `raised` 0, the code units that raise nothing.
 */
export function runClass(table: ArrayLike<number>, high: string, highBits: number, raised: number): string {
  const taken = (c: number) => table[c] !== 0 && (table[c] & ~1 & ~raised) === 0;
  const hex = (c: number) => `\\x${c.toString(16).padStart(2, '0')}`;
  let cls = '';
  // three or more code units in a row as a range: the same class, in a fraction of the text
  for (let c = 0; c < 128; c++) {
    if (!taken(c)) continue;
    let last = c;
    while (last < 127 && taken(last + 1)) last++;
    cls += last - c >= 2 ? `${hex(c)}-${hex(last)}` : last > c ? hex(c) + hex(last) : hex(c);
    c = last;
  }
  if (high !== '' && (highBits & ~raised) === 0) cls += high;
  return cls;
}

// ---- the module -----------------------------------------------------------------------------

/**
 * A generated function `name(input, p)`: its body `text`, with the locals every body may use
 * (`c`, `u`, `k`) and its `temps` temporaries t0, t1, ... declared.
 */
export function functionSource(name: string, temps: number, comment: string, text: string): string {
  const decls = ['c', 'u', 'k', ...Array.from({ length: temps }, (_, k) => `t${k}`)].join(', ');
  return `function ${name}(input, p) { input = '' + input; const len = input.length; let ${decls};${comment}\n  ${text}\n}`;
}

/**
 * The declarations of the module's tables: T0, T1, ... for the charsets (handed in as CS), R0,
 * R1, ... for the runs' sticky expressions (given as source) and S0, S1, ... for the flagged runs'
 * caches of expressions (see `saturated`).
 */
export function tablesSource(charsets: number, regexes: readonly string[], saturatedCaches: number): string {
  return (
    Array.from({ length: charsets }, (_, k) => `const T${k} = CS[${k}].table;`).join('\n') +
    regexes.map((re, k) => `\nconst R${k} = ${re};`).join('') +
    Array.from({ length: saturatedCaches }, (_, k) => `\nconst S${k} = new Map();`).join('')
  );
}

/**
 * What the first lines of a generated matcher are for, told in each matcher that generateEntry
 * compiles (moduleSource's `notes`), and once at the head of a file of prebuilt ones
 * (src/grammar/core-matchers.ts).
 */
export const MODULE_NOTES = {
  charCodeAt:
    '// Code units are read through String.prototype.charCodeAt itself, not `input.charCodeAt`: a\n' +
    '// property read of charCodeAt on strings of many kinds (sliced, flat, one- or two-byte,\n' +
    '// internalized, thin...) turns megamorphic after a program has passed enough kinds of strings,\n' +
    '// and then every read of a code unit is a slow call; a call through the function stays fast.\n',
  input:
    "// Each function first writes `input = '' + input`: for a string, V8 compiles that to a check\n" +
    '// that it is one, and no copy. Without it, in a process that had parsed varied URLs first\n' +
    '// (kinds of string of every sort), the same functions ran measurably slower on the same inputs\n' +
    '// than in a fresh one; with it, they did not (issue 21).\n',
};

/**
 * Given to the programs written with ProgramStyle.contextParams (as `contextTerminal`): the
 * context terminal whose value is `text` (undefined when the context has none) at `p`, matched
 * as a terminal of that text is (its ASCII letters in either case when `caseInsensitive`): the
 * position after it, or -1.
 */
export function contextTerminal(input: string, p: number, text: string | undefined, caseInsensitive: boolean): number {
  if (text === undefined) return -1;
  const n = text.length;
  if (n === 0) return p;
  if (p + n > input.length) return -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const d = input.charCodeAt(p + i);
    const letter = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
    if (caseInsensitive && letter ? (d | 0x20) !== (c | 0x20) : d !== c) return -1;
  }
  return p + n;
}

/**
 * The body of the module that `new Function('CS', 'FIELDS', 'RULES', 'SEPARATORS', 'saturated',
 * ...)` compiles: its tables, its functions `fns`, and the matcher it returns, which starts with
 * the function `top` (the entry rule's); `prelude`, when given, is the first statement of `scan`
 * after the marks are dropped.
 */
export function moduleSource(top: string, tables: string, fns: readonly string[], notes = true, prelude = ''): string {
  // The input travels as every function's first argument, and positions as the second and
  // as return values. (Read from a variable of the enclosing scope instead, the input was a
  // value TurboFan knew nothing of in each function that read it, and the loops over its code
  // units ran slower.) Marks are kept flat, three numbers each (field
  // index, start, end), in one array reused from call to call; `scan` leaves them there for
  // the caller to read before the next call. The array is shortened only when a long input has
  // left it much larger than the marks of this scan (giving storage back on every scan would
  // mean allocating it again on the next): `used()` says how much is current.
  const note = (text: string) => (notes ? text : '');
  return (
    '"use strict";\n' +
    note(MODULE_NOTES.charCodeAt) +
    'const CCA = String.prototype.charCodeAt;\n' +
    note(MODULE_NOTES.input) +
    'const marks = [];\n' +
    `let nm = 0;${note(' // how many entries of marks are in use: dropping marks is one assignment')}\n` +
    `let fl = 0;${note(' // the field flags raised so far (only ever ORed: a match given up keeps what it raised)')}\n` +
    tables +
    '\n' +
    fns.join('\n') +
    `\nfunction scan(s, start) {\n` +
    `  nm = 0; fl = 0;\n` +
    (prelude === '' ? '' : `  ${prelude}\n`) +
    `  const end = ${top}(s, start === undefined ? 0 : start);\n` +
    `  if (marks.length > 65536 && nm < marks.length >> 2) marks.length = nm; // after a long input, give the storage back\n` +
    `  return end;\n}\n` +
    `function used() { return nm; }\n` +
    `function flags() { return fl; }\n` +
    `function match(s, start) {\n` +
    `  const end = scan(s, start);\n` +
    `  if (end < 0) return null;\n` +
    `  const found = [];\n` +
    `  for (let i = 0; i < nm; i += 3) found.push({ field: FIELDS[marks[i]], start: marks[i + 1], end: marks[i + 2] });\n` +
    `  return { end, marks: found };\n}\n` +
    `match.scan = scan; match.flat = marks; match.used = used; match.fields = FIELDS; match.rules = RULES; match.separators = SEPARATORS; match.flags = flags;\n` +
    `return match;`
  );
}
