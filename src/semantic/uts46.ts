// UTS #46 processing (https://www.unicode.org/reports/tr46/#Processing) and ToASCII / ToUnicode,
// for the domain-to-ASCII and domain-to-Unicode steps of the URL Standard, in O(n log n).
//
// The mapping table and the validity data (combining marks, viramas, joining types, bidi
// classes) are tr46's: it stays the source of the UTS #46 rules. What differs is the Punycode
// step: tr46 hands it to the `punycode` package, which is quadratic in a label's length (a host
// of 100,000 CJK characters took seconds); this module uses src/semantic/punycode.ts. The steps
// below follow UTS #46 section 4 and make the same choices tr46 7 makes wherever the standard
// leaves one (e.g. which labels are still validated after an earlier one failed), so that the
// results are tr46's: test/idna.test.ts checks them on IdnaTestV2, toascii.json and random
// domains.

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
function rowOf(cp: number): number {
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

/** https://www.unicode.org/reports/tr46/#ProcessingStepMap */
function map(domain: string, transitional: boolean): string {
  let out = '';
  let runStart = 0; // a run of code points that map to themselves is copied as one slice
  let i = 0;
  while (i < domain.length) {
    const c = domain.charCodeAt(i);
    let cp = c;
    let width = 1;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < domain.length) {
      const d = domain.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        cp = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    const row = rowOf(cp);
    const status = row < 0 ? DISALLOWED : rangeStatus[row];
    let replacement: string | undefined;
    if (status === IGNORED) replacement = '';
    else if (status === MAPPED) replacement = transitional && cp === 0x1e9e ? 'ss' : rangeMapping[row]!;
    else if (status === DEVIATION && transitional) replacement = rangeMapping[row]!;
    if (replacement !== undefined) {
      out += domain.slice(runStart, i) + replacement;
      runStart = i + width;
    }
    i += width;
  }
  return runStart === 0 ? domain : out + domain.slice(runStart);
}

const NON_ASCII = /[^\x00-\x7F]/;
const STD3_ASCII = /^[a-z0-9-]$/;

/** The code point at `i` of a label (a lone surrogate as itself) as a string, as Array.from splits. */
function codePointString(label: string, i: number): string {
  const cp = label.codePointAt(i)!;
  return cp > 0xffff ? label.slice(i, i + 2) : label[i];
}

const JOINER = /[\u200C\u200D]/;

/** https://www.unicode.org/reports/tr46/#Validity_Criteria, for a non-empty label. */
function isValidLabel(label: string, options: IdnaOptions, transitional: boolean, isBidi: boolean): boolean {
  // 1. NFC.
  if (label.normalize('NFC') !== label) return false;
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
  for (let i = 0; i < label.length; i++) {
    const cp = label.codePointAt(i)!;
    if (cp > 0xffff) i++;
    const row = rowOf(cp);
    const status = row < 0 ? DISALLOWED : rangeStatus[row];
    if (transitional ? status !== VALID : status !== VALID && status !== DEVIATION) return false;
    if (options.useSTD3ASCIIRules && cp <= 0x7f && !STD3_ASCII.test(label[i])) return false;
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

/** https://www.unicode.org/reports/tr46/#Notation: a bidi domain name has an RTL label (A-labels decoded). */
function isBidiDomainName(labels: string[]): boolean {
  for (const label of labels) {
    const text = label.startsWith('xn--') ? (punycodeDecode(label.slice(4)) ?? '') : label;
    if (regexes.bidiDomain.test(text)) return true;
  }
  return false;
}

/** https://www.unicode.org/reports/tr46/#Processing: the processed labels and whether an error was recorded. */
function processing(domain: string, options: IdnaOptions): { labels: string[]; error: boolean } {
  // 1. Map. 2. Normalize. 3. Break.
  const labels = map(domain, options.transitionalProcessing).normalize('NFC').split('.');
  const isBidi = options.checkBidi && isBidiDomainName(labels);
  // 4. Convert/Validate each label. (Once an error is recorded, later labels are still
  //    converted, for ToUnicode's output, but no longer validated.)
  let error = false;
  for (let i = 0; i < labels.length; i++) {
    let label = labels[i];
    let transitional = options.transitionalProcessing;
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
      }
      labels[i] = label;
      if (label === '' || !NON_ASCII.test(label)) error = true;
      transitional = false;
    }
    if (error) continue;
    if (label !== '' && !isValidLabel(label, options, transitional, isBidi)) error = true;
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
