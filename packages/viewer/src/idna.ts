// Why the domain parser changed a domain, or reported a domain-to-ASCII validation error: the
// steps of UTS #46 (https://www.unicode.org/reports/tr46/#Processing) each change or error comes
// from, with the code point, as far as the core's public exports let the viewer tell. The steps are
// numbered as UTS #46 numbers them since its revision 31 (Unicode 15.1), which the revision tr46
// implements keeps: ToASCII is Processing (step 1), Break (2), Punycode (3), VerifyDnsLength (4).
//
// The core runs UTS #46 inside domainToASCII and says only whether it recorded an error (and
// where the error's span is: the whole host). The viewer asks it again, one code point and one
// label at a time: domainToUnicode of one code point gives its mapping (nothing when it is
// ignored); a code point that maps to itself and makes every small domain it is put in fail is
// disallowed; each label is checked alone (with a right-to-left label beside it when the domain
// is a bidi domain name), and a label that fails is held against the validity criteria in their
// order. What the core could give instead is in the package's README ("What the core could
// export"): the step and code point straight from its own UTS #46 pass.

import { domainToASCII, domainToUnicode } from 'url-grammar';
import { codePointName } from './dom';

export const UTS46 = 'https://www.unicode.org/reports/tr46/';

export interface IdnaFinding {
  /** The UTS #46 step or rule, as the report names it ("Processing step 1 (Map)", "Validity criterion 7"). */
  step: string;
  /** Its anchor in UTS #46. */
  anchor: string;
  /** What happened, in words. */
  text: string;
  /** The code point it is about, if one. */
  codePoint?: number;
  /** The label it is about (index among the labels after mapping), if one. */
  label?: number;
  /** An error of UTS #46 (or of the domain parser after it); `strictOnly` when only beStrict makes it one. */
  error: boolean;
  strictOnly?: boolean;
}

/** The deviation characters (https://www.unicode.org/reports/tr46/#Deviations): kept by nontransitional processing. */
const DEVIATIONS = new Set([0xdf, 0x3c2, 0x200c, 0x200d]);

/** A right-to-left code point (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, ..., their presentation forms, and the RTL astral blocks). */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

type Status = 'valid' | 'mapped' | 'ignored' | 'deviation' | 'disallowed';

const statusCache = new Map<string, { status: Status; to: string }>();

/** A code point's entry in the IDNA mapping table, as the core's domain functions show it. */
export function mappingOf(c: string): { status: Status; to: string } {
  const known = statusCache.get(c);
  if (known) return known;
  let answer: { status: Status; to: string };
  const cp = c.codePointAt(0)!;
  if (cp < 0x80) answer = /[A-Z]/.test(c) ? { status: 'mapped', to: c.toLowerCase() } : { status: 'valid', to: c };
  else if (DEVIATIONS.has(cp)) answer = { status: 'deviation', to: c };
  else {
    const to = domainToUnicode(c);
    if (to !== c) answer = to === '' ? { status: 'ignored', to } : { status: 'mapped', to };
    else {
      // It maps to itself: valid, unless no small domain that holds it passes (a combining mark
      // needs a letter before it, a right-to-left letter a right-to-left label).
      const ok = [c, `a${c}`, `\u05D0${c}`, `\u0627${c}`].some((d) => domainToASCII(d) !== null);
      answer = { status: ok ? 'valid' : 'disallowed', to: c };
    }
  }
  statusCache.set(c, answer);
  return answer;
}

const named = (c: string) => `${codePointName(c.codePointAt(0)!)} ${JSON.stringify(c)}`;

/** At most this many code points of a domain are looked at (one lookup each, cached). */
const LIMIT = 4000;

/**
 * The UTS #46 steps behind the domain parser's result for `domain` (the host after
 * percent-decoding): each change of the Map and Normalize steps with its code point, the
 * Punycode of each non-ASCII label, and each error with the step and code point that make it.
 */
export function explainDomain(domain: string): IdnaFinding[] {
  const out: IdnaFinding[] = [];
  domain = domain.toWellFormed();
  if (domain.length > LIMIT) {
    return [{ step: 'Processing', anchor: '#Processing', text: `the domain is ${domain.length.toLocaleString('en')} code units long: its UTS #46 steps are not followed here (at most ${LIMIT.toLocaleString('en')})`, error: false }];
  }
  const strictErrors: boolean[] = [];
  const strictResult = domainToASCII(domain, false, () => strictErrors.push(true));
  const failed = strictResult === null;
  // 1. Map.
  let mapped = '';
  for (const c of domain) {
    const m = mappingOf(c);
    const cp = c.codePointAt(0)!;
    if (m.status === 'mapped') out.push({ step: 'Processing step 1 (Map)', anchor: '#ProcessingStepMap', text: `${named(c)} is mapped to ${JSON.stringify(m.to)}`, codePoint: cp, error: false });
    else if (m.status === 'ignored') out.push({ step: 'Processing step 1 (Map)', anchor: '#ProcessingStepMap', text: `${named(c)} is ignored: removed`, codePoint: cp, error: false });
    else if (m.status === 'deviation' && cp >= 0x80) out.push({ step: 'Processing step 1 (Map)', anchor: '#ProcessingStepMap', text: `${named(c)} is a deviation character: kept, as nontransitional processing does`, codePoint: cp, error: false });
    mapped += m.to;
  }
  // 2. Normalize.
  const normalized = mapped.normalize('NFC');
  if (normalized !== mapped) out.push({ step: 'Processing step 2 (Normalize)', anchor: '#Processing', text: `normalized to NFC: ${JSON.stringify(mapped)} becomes ${JSON.stringify(normalized)}`, error: false });
  // 3. Break; 4. Convert/Validate, each label.
  const labels = normalized.split('.');
  const bidi = labels.some((l) => RTL.test(l) || (/^xn--/i.test(l) && RTL.test(domainToUnicode(l))));
  labels.forEach((label, index) => {
    const where = `label ${index + 1} ${JSON.stringify(label)}`;
    const context = (l: string) => (bidi ? `${l}.\u05D0` : l);
    const strictOK = label === '' || domainToASCII(context(label), true) !== null;
    const laxOK = label === '' || domainToASCII(context(label)) !== null;
    if (/^xn--/i.test(label)) {
      const decoded = domainToUnicode(label);
      if (decoded !== label.toLowerCase() || (strictOK && laxOK)) {
        if (strictOK && laxOK) out.push({ step: 'Processing step 4 (Convert/Validate)', anchor: '#Processing', text: `${where} is an A-label: its Punycode decodes to ${JSON.stringify(decoded)}, a valid label`, label: index, error: false });
      } else out.push({ step: 'Processing step 4 (Convert/Validate)', anchor: '#Processing', text: `${where} starts with "xn--" but is not a valid A-label: its Punycode does not decode, or decodes to a label that is not valid`, label: index, error: true, strictOnly: laxOK });
      return;
    }
    if (strictOK && laxOK) {
      if (/[^\x00-\x7F]/.test(label)) out.push({ step: 'ToASCII step 3 (Punycode)', anchor: '#ToASCII', text: `${where} is written in Punycode: ${JSON.stringify(domainToASCII(label) ?? '')}`, label: index, error: false });
      return;
    }
    // CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength are set only by beStrict: what they
    // find is the validation error, never the failure.
    const finding = (step: string, text: string, codePoint?: number, strict = false): IdnaFinding => ({ step, anchor: '#Validity_Criteria', text: `${where}: ${text}`, codePoint, label: index, error: true, strictOnly: strict || laxOK });
    // The validity criteria in their order; the first that fails is the one said.
    const cps = Array.from(label);
    const hyphens = cps[2] === '-' && cps[3] === '-';
    const disallowed = cps.find((c) => mappingOf(c).status === 'disallowed');
    const std3 = cps.find((c) => c.codePointAt(0)! < 0x80 && !/[a-z0-9-]/.test(c));
    const joiner = cps.find((c) => c === '\u200C' || c === '\u200D');
    if (hyphens) out.push(finding('Validity criterion 2 (CheckHyphens)', 'a hyphen-minus in both the third and fourth positions', 0x2d, true));
    else if (label.startsWith('-') || label.endsWith('-')) out.push(finding('Validity criterion 3 (CheckHyphens)', `it ${label.startsWith('-') ? 'begins' : 'ends'} with a hyphen-minus`, 0x2d, true));
    else if (/^\p{M}/u.test(label)) out.push(finding('Validity criterion 6', `it begins with the combining mark ${named(cps[0])}`, cps[0].codePointAt(0)));
    else if (disallowed !== undefined) out.push(finding('Validity criterion 7 (status)', `${named(disallowed)} is disallowed in the IDNA mapping table`, disallowed.codePointAt(0)));
    else if (std3 !== undefined) out.push(finding('Validity criterion 7 (UseSTD3ASCIIRules)', `${named(std3)} is an ASCII code point other than a-z, 0-9 and "-"`, std3.codePointAt(0), true));
    else if (joiner !== undefined) out.push(finding('Validity criterion 8 (CheckJoiners)', `${named(joiner)} stands where the ContextJ rules of RFC 5892 do not allow it`, joiner.codePointAt(0)));
    else if (bidi) out.push(finding('Validity criterion 9 (CheckBidi)', 'it breaks the bidi rule of RFC 5893, section 2, in a domain name that holds a right-to-left label'));
    else if (label.length > 63) out.push({ ...finding('ToASCII step 4 (VerifyDnsLength)', `it is ${label.length} code units long, more than 63`, undefined, true), anchor: '#ToASCII' });
    else out.push(finding('Validity criteria', 'it fails a validity criterion'));
  });
  // VerifyDnsLength (beStrict only): an empty label, a domain longer than 253.
  const empty = labels.findIndex((l) => l === '');
  if (empty !== -1 && strictErrors.length) out.push({ step: 'ToASCII step 4 (VerifyDnsLength)', anchor: '#ToASCII', text: `label ${empty + 1} is empty${empty === labels.length - 1 ? ' (the domain ends with ".")' : ''}`, label: empty, error: true, strictOnly: true });
  const ascii = strictResult ?? '';
  if (ascii.length > 253) out.push({ step: 'ToASCII step 4 (VerifyDnsLength)', anchor: '#ToASCII', text: `the domain is ${ascii.length} code units long, more than 253`, error: true, strictOnly: true });
  // The domain parser's own last steps (url.bs, concept-domain-to-ascii).
  if (failed && !out.some((f) => f.error && !f.strictOnly)) {
    const forbidden = Array.from(normalized).find((c) => /[\u0000-\u0020#/:<>?@[\\\]^|%\u007F]/.test(c));
    out.push({
      step: 'URL Standard, the domain parser',
      anchor: '',
      text: forbidden !== undefined ? `the result holds ${named(forbidden)}, a forbidden domain code point: failure` : normalized === '' ? 'the result is the empty string: failure' : 'the domain parser returns failure',
      codePoint: forbidden?.codePointAt(0),
      error: true,
    });
  }
  return out;
}
