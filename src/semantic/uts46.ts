// UTS #46 processing (https://www.unicode.org/reports/tr46/#Processing) and ToASCII / ToUnicode,
// for the domain-to-ASCII and domain-to-Unicode steps of the URL Standard, in O(n log n).
//
// The mapping table and the validity data (combining marks, viramas, joining types, bidi
// classes) are tr46's: it stays the source of the UTS #46 rules. What differs is the Punycode
// step: tr46 hands it to the `punycode` package, which is quadratic in a label's length (a host
// of 100,000 CJK characters took seconds); this module uses src/semantic/punycode.ts. tr46's
// mapping table and bidiDomain regex are also read through per-code-point tables for the BMP,
// built from them as they are used (a search per code point was most of the rest of a long
// label's time). The steps below follow UTS #46 section 4 and make the same choices tr46 7 makes
// wherever the standard leaves one (e.g. which labels are still validated after an earlier one
// failed), so that the results are tr46's: test/idna.test.ts checks them on IdnaTestV2,
// toascii.json, random domains and every BMP code point.

import { punycodeDecode, punycodeEncode } from './punycode';

/** tr46's data files (no type declarations ship with them). */
type MappingRow = [number | [number, number], number, string?];
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mappingTable = require('tr46/lib/mappingTable.json') as MappingRow[];
// eslint-disable-next-line @typescript-eslint/no-require-imports
const regexes = require('tr46/lib/regexes.js') as Record<
  | 'combiningMarks'
  | 'combiningClassVirama'
  | 'validZWNJ'
  | 'bidiDomain'
  | 'bidiS1LTR'
  | 'bidiS1RTL'
  | 'bidiS2'
  | 'bidiS3'
  | 'bidiS4EN'
  | 'bidiS4AN'
  | 'bidiS5'
  | 'bidiS6',
  RegExp
>;

/** The UTS #46 options the URL Standard passes (https://url.spec.whatwg.org/#concept-domain-to-ascii). */
export interface IdnaOptions {
  checkHyphens: boolean;
  checkBidi: boolean;
  checkJoiners: boolean;
  useSTD3ASCIIRules: boolean;
  transitionalProcessing: boolean;
  ignoreInvalidPunycode: boolean;
}

// ---- the IDNA mapping table (https://www.unicode.org/reports/tr46/#IDNA_Mapping_Table) ------

const MAPPED = 1;
const VALID = 2;
const DISALLOWED = 3;
const DEVIATION = 6;
const IGNORED = 7;

/** The table as sorted ranges: the first code point of each, its status and its mapping. */
const rangeStart = new Int32Array(mappingTable.length);
const rangeEnd = new Int32Array(mappingTable.length);
const rangeStatus = new Uint8Array(mappingTable.length);
const rangeMapping: (string | undefined)[] = new Array(mappingTable.length);
mappingTable.forEach((row, k) => {
  const [first, last] = Array.isArray(row[0]) ? row[0] : [row[0], row[0]];
  rangeStart[k] = first;
  rangeEnd[k] = last;
  rangeStatus[k] = row[1];
  rangeMapping[k] = row[2];
});

/** The table row of a code point (binary search), or -1 when the table has none. */
function searchRow(cp: number): number {
  let lo = 0;
  let hi = rangeStart.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (rangeStart[mid] > cp) hi = mid - 1;
    else if (rangeEnd[mid] < cp) lo = mid + 1;
    else return mid;
  }
  return -1;
}

/**
 * The rows and the statuses of the BMP's code points, looked up once per code point instead of
 * searched for each time (a host of a million CJK characters spent most of its UTS #46 time in
 * that search). The tables (128 KiB and 64 KiB) are made at the first lookup, not when the module
 * loads, and filled a page of 256 code points at a time as pages are met, so a domain only pays
 * for the pages it uses; a status of 0 (no row has it) marks a page not yet filled. A row index fits in 16 bits
 * (tr46 has about 9,000 rows); with 0xFFFF rows or more, or a status of 0, every lookup searches.
 */
const NO_ROW = 0xffff;
const PAGE_BITS = 8;
const BMP_TABLES = rangeStart.length < NO_ROW && rangeStatus.every((status) => status !== 0);
let bmpRows: Uint16Array | null = null;
let bmpStatuses: Uint8Array | null = null;

function fillPage(page: number): void {
  const rows = (bmpRows ??= new Uint16Array(0x10000));
  const statuses = (bmpStatuses ??= new Uint8Array(0x10000)); // (map makes it first)
  const first = page << PAGE_BITS;
  // The first row that ends at or after the page's first code point; the rows are sorted.
  let row = 0;
  let hi = rangeEnd.length;
  while (row < hi) {
    const mid = (row + hi) >>> 1;
    if (rangeEnd[mid] < first) row = mid + 1;
    else hi = mid;
  }
  for (let cp = first; cp < first + (1 << PAGE_BITS); cp++) {
    while (row < rangeEnd.length && rangeEnd[row] < cp) row++;
    const found = row < rangeEnd.length && rangeStart[row] <= cp;
    rows[cp] = found ? row : NO_ROW;
    statuses[cp] = found ? rangeStatus[row] : DISALLOWED;
  }
}

/** The status of a code point (DISALLOWED when the table has no row for it). */
function statusOf(cp: number): number {
  if (cp > 0xffff || !BMP_TABLES) {
    const row = searchRow(cp);
    return row < 0 ? DISALLOWED : rangeStatus[row];
  }
  if (bmpStatuses === null || bmpStatuses[cp] === 0) fillPage(cp >>> PAGE_BITS);
  return bmpStatuses![cp];
}

/** The table row of a code point, or -1 when the table has none. */
function rowOf(cp: number): number {
  if (cp > 0xffff || !BMP_TABLES) return searchRow(cp);
  if (bmpStatuses === null || bmpStatuses[cp] === 0) fillPage(cp >>> PAGE_BITS);
  const row = bmpRows![cp];
  return row === NO_ROW ? -1 : row;
}

/**
 * https://www.unicode.org/reports/tr46/#ProcessingStepMap. `valid` is whether every code point
 * has a status that the validity criteria accept (valid, or a deviation when nontransitional):
 * the domain is then its own mapping. `noBidi`, when true, says that no code point of the domain
 * matches tr46's bidiDomain regex (asked in the same pass, so that a long domain is read once);
 * false says that one may.
 */
function map(domain: string, transitional: boolean): { mapped: string; valid: boolean; noBidi: boolean } {
  let out = '';
  let valid = true;
  let runStart = 0; // a run of code points that map to themselves is copied as one slice
  let i = 0;
  const statuses = BMP_TABLES ? (bmpStatuses ??= new Uint8Array(0x10000)) : null;
  const answers = BIDI_DOMAIN_IS_A_CLASS ? (bidiDomainAnswers ??= new Uint8Array(0x10000)) : null;
  let bidi = answers === null ? 2 : 1; // the bidiDomain answers met, ORed (2: yes, or not asked)
  while (i < domain.length) {
    const c = domain.charCodeAt(i);
    // The common case first: a valid BMP code point (not a surrogate), from the table.
    if (statuses !== null && (c < 0xd800 || c > 0xdfff)) {
      if (statuses[c] === 0) fillPage(c >>> PAGE_BITS);
      if (statuses[c] === VALID) {
        if (answers !== null) {
          if (answers[c] === 0) fillBidiDomainPage(answers, c >>> PAGE_BITS);
          bidi |= answers[c];
        }
        i++;
        continue;
      }
    }
    bidi = 2; // (a code point off the common path: not asked)
    const cp = domain.codePointAt(i)!; // (a lone surrogate as itself)
    const width = cp > 0xffff ? 2 : 1;
    const status = statusOf(cp);
    if (status !== VALID && (transitional || status !== DEVIATION)) valid = false;
    let replacement: string | undefined;
    if (status === IGNORED) replacement = '';
    else if (status === MAPPED) replacement = transitional && cp === 0x1e9e ? 'ss' : rangeMapping[rowOf(cp)]!;
    else if (status === DEVIATION && transitional) replacement = rangeMapping[rowOf(cp)]!;
    if (replacement !== undefined) {
      out += domain.slice(runStart, i) + replacement;
      runStart = i + width;
    }
    i += width;
  }
  return { mapped: runStart === 0 ? domain : out + domain.slice(runStart), valid, noBidi: bidi === 1 };
}

const NON_ASCII = /[^\x00-\x7F]/;
const STD3_ASCII = /^[a-z0-9-]$/;

/** The code point at `i` of a label (a lone surrogate as itself) as a string, as Array.from splits. */
function codePointString(label: string, i: number): string {
  const cp = label.codePointAt(i)!;
  return cp > 0xffff ? label.slice(i, i + 2) : label[i];
}

const JOINER = /[\u200C\u200D]/;

/**
 * https://www.unicode.org/reports/tr46/#Validity_Criteria, for a non-empty label; `decoded` when
 * it was decoded from an A-label, `statusesValid` when the Map step found every code point of
 * the domain valid and the Normalize step left it as it was.
 */
function isValidLabel(
  label: string,
  options: IdnaOptions,
  transitional: boolean,
  isBidi: boolean,
  decoded: boolean,
  statusesValid: boolean,
): boolean {
  // 1. NFC. Only a label decoded from Punycode can fail: the others are pieces of the domain
  //    after the Normalize step, split at FULL STOP, which never combines with the code points
  //    around it (ccc 0, in no canonical decomposition), so that each piece is in NFC as the
  //    whole is. (Normalizing a long label again took a few milliseconds per million code points.)
  if (decoded && label.normalize('NFC') !== label) return false;
  // 2-3. Hyphens in the third and fourth positions (code points), or at either end.
  if (options.checkHyphens) {
    const third = label.length >= 3 ? label.codePointAt(0)! > 0xffff || label.codePointAt(1)! > 0xffff : false;
    const cps = third ? Array.from(label.slice(0, 8)) : [label[0], label[1], label[2], label[3]];
    if ((cps[2] === '-' && cps[3] === '-') || label.startsWith('-') || label.endsWith('-')) return false;
  } else if (label.startsWith('xn--')) {
    // 4. Without CheckHyphens, no "xn--" at the start.
    return false;
  }
  // 5. No FULL STOP.
  if (label.includes('.')) return false;
  // 6. No combining mark first.
  if (regexes.combiningMarks.test(codePointString(label, 0))) return false;
  // 7. Each code point valid (or a deviation, when nontransitional); STD3 rules for ASCII.
  //    A label that is a piece of the domain as the Map step saw it had its statuses checked
  //    there, with the same test (or a stricter one: a label that was an A-label is checked
  //    nontransitionally), so only a decoded label, or a domain that mapping or normalizing
  //    changed, is looked up again.
  const checkStatuses = decoded || !statusesValid;
  if (checkStatuses || options.useSTD3ASCIIRules) {
    for (let i = 0; i < label.length; i++) {
      const cp = label.codePointAt(i)!;
      if (cp > 0xffff) i++;
      if (checkStatuses) {
        const status = statusOf(cp);
        if (transitional ? status !== VALID : status !== VALID && status !== DEVIATION) return false;
      }
      if (options.useSTD3ASCIIRules && cp <= 0x7f && !STD3_ASCII.test(label[i])) return false;
    }
  }
  // 8. CheckJoiners: the ContextJ rules of RFC 5892 appendix A (only a label with a joiner can fail them).
  if (options.checkJoiners && JOINER.test(label) && !joinersAllowed(Array.from(label))) return false;
  // 9. CheckBidi, in a bidi domain name: RFC 5893 section 2.
  if (options.checkBidi && isBidi && !bidiRuleHolds(label, codePointString(label, 0))) return false;
  return true;
}

/** RFC 5892 appendix A.1 (ZERO WIDTH NON-JOINER) and A.2 (ZERO WIDTH JOINER). */
function joinersAllowed(cps: string[]): boolean {
  // The ZWNJ context is tested on the text from just after the last ZWNJ that passed it to just
  // before the next ZWNJ (tr46's window), so that each code point is tested a bounded number of times.
  let from = 0;
  let nextZWNJ = cps.indexOf('\u200C');
  for (let i = 0; i < cps.length; i++) {
    const ch = cps[i];
    if (ch !== '\u200C' && ch !== '\u200D') continue;
    if (i > 0 && regexes.combiningClassVirama.test(cps[i - 1])) continue;
    if (ch === '\u200C' && i > 0) {
      while (nextZWNJ !== -1 && nextZWNJ <= i) nextZWNJ = cps.indexOf('\u200C', nextZWNJ + 1);
      const window = cps.slice(from, nextZWNJ < 0 ? cps.length : nextZWNJ).join('');
      if (regexes.validZWNJ.test(window)) {
        from = i + 1;
        continue;
      }
    }
    return false;
  }
  return true;
}

/** RFC 5893 section 2, rules 1-6, for one label. */
function bidiRuleHolds(label: string, first: string): boolean {
  if (regexes.bidiS1LTR.test(first)) return regexes.bidiS5.test(label) && regexes.bidiS6.test(label);
  if (!regexes.bidiS1RTL.test(first)) return false;
  return regexes.bidiS2.test(label) && regexes.bidiS3.test(label) && !(regexes.bidiS4EN.test(label) && regexes.bidiS4AN.test(label));
}

/**
 * tr46's bidiDomain regex is one character class (with the u flag and no g or y), so a text
 * matches it when one of its code points does. Its answer for each BMP code point is kept here,
 * as 1 (no) or 2 (yes), asked of the regex for a whole page of 256 code points the first time one
 * of them is met: testing a long label's code points in this table is several times faster than
 * running the regex over the label. The table (64 KiB) is made at the first use. (Should a later
 * tr46 make the regex anything else, the regex is run over each label as it is.)
 */
const BIDI_DOMAIN_IS_A_CLASS =
  regexes.bidiDomain.flags === 'u' && /^\[(?:\\.|[^\\\]])*\]$/.test(regexes.bidiDomain.source);
let bidiDomainAnswers: Uint8Array | null = null;

function fillBidiDomainPage(answers: Uint8Array, page: number): void {
  const first = page << PAGE_BITS;
  for (let cp = first; cp < first + (1 << PAGE_BITS); cp++) {
    answers[cp] = regexes.bidiDomain.test(String.fromCharCode(cp)) ? 2 : 1;
  }
}

/** Whether a code point of `text` matches tr46's bidiDomain regex. */
function hasBidiDomainCodePoint(text: string): boolean {
  const answers = (bidiDomainAnswers ??= new Uint8Array(0x10000));
  for (let i = 0; i < text.length; i++) {
    const c = text.codePointAt(i)!; // (a lone surrogate as itself)
    if (c > 0xffff) {
      if (regexes.bidiDomain.test(text.slice(i, i + 2))) return true;
      i++;
      continue;
    }
    if (answers[c] === 0) fillBidiDomainPage(answers, c >>> PAGE_BITS);
    if (answers[c] === 2) return true;
  }
  return false;
}

/**
 * https://www.unicode.org/reports/tr46/#Notation: a bidi domain name has an RTL label (A-labels
 * decoded). With `onlyALabels`, the caller knows that no other label has one.
 */
function isBidiDomainName(labels: string[], onlyALabels = false): boolean {
  for (const label of labels) {
    if (onlyALabels && !label.startsWith('xn--')) continue;
    const text = label.startsWith('xn--') ? (punycodeDecode(label.slice(4)) ?? '') : label;
    if (BIDI_DOMAIN_IS_A_CLASS ? hasBidiDomainCodePoint(text) : regexes.bidiDomain.test(text)) return true;
  }
  return false;
}

/** https://www.unicode.org/reports/tr46/#Processing: the processed labels and whether an error was recorded. */
function processing(domain: string, options: IdnaOptions): { labels: string[]; error: boolean } {
  // 1. Map. 2. Normalize. 3. Break.
  const { mapped, valid, noBidi } = map(domain, options.transitionalProcessing);
  const normalized = mapped.normalize('NFC');
  const statusesValid = valid && normalized === mapped;
  const labels = normalized.split('.');
  // When every code point was valid, the labels are pieces of the domain as the Map step read
  // it, and with no bidiDomain code point there, only an A-label's decoding can have one.
  const isBidi = options.checkBidi && isBidiDomainName(labels, statusesValid && noBidi);
  // 4. Convert/Validate each label. (Once an error is recorded, later labels are still
  //    converted, for ToUnicode's output, but no longer validated.)
  let error = false;
  for (let i = 0; i < labels.length; i++) {
    let label = labels[i];
    let transitional = options.transitionalProcessing;
    let fromPunycode = false;
    if (label.startsWith('xn--')) {
      if (NON_ASCII.test(label)) {
        error = true;
        continue;
      }
      const decoded = punycodeDecode(label.slice(4));
      if (decoded === null) {
        if (!options.ignoreInvalidPunycode) {
          error = true;
          continue;
        }
      } else {
        label = decoded;
        fromPunycode = true;
      }
      labels[i] = label;
      if (label === '' || !NON_ASCII.test(label)) error = true;
      transitional = false;
    }
    if (error) continue;
    if (label !== '' && !isValidLabel(label, options, transitional, isBidi, fromPunycode, statusesValid)) {
      error = true;
    }
  }
  return { labels, error };
}

/** https://www.unicode.org/reports/tr46/#ToASCII: the ASCII domain, or null when an error was recorded. */
export function idnaToASCII(domain: string, options: IdnaOptions & { verifyDNSLength: boolean }): string | null {
  const result = processing(domain, options);
  let error = result.error;
  const labels = result.labels;
  for (let i = 0; i < labels.length; i++) {
    if (!NON_ASCII.test(labels[i])) continue;
    const encoded = punycodeEncode(labels[i]);
    if (encoded === null) error = true;
    else labels[i] = 'xn--' + encoded;
  }
  const ascii = labels.join('.');
  if (options.verifyDNSLength) {
    if (ascii.length > 253 || ascii.length === 0) error = true;
    if (labels.some((l) => l.length > 63 || l.length === 0)) error = true;
  }
  return error ? null : ascii;
}

/** https://www.unicode.org/reports/tr46/#ToUnicode: the processed domain and whether an error was recorded. */
export function idnaToUnicode(domain: string, options: IdnaOptions): { domain: string; error: boolean } {
  const result = processing(domain, options);
  return { domain: result.labels.join('.'), error: result.error };
}
