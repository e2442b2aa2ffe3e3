// Links to the steps of the URL Standard that url-grammar implements, pinned to its text: the live
// standard (url.spec.whatwg.org) moves on, and an error reported or a finding written today must
// still point at the step it was about. url-grammar implements whatwg/url at 6ae8486 (plus PR
// 925's one validation error, which is not a step of its own); test/spec/url.bs is that commit's
// url.bs, and each step below is the line of that file where the step is defined
// (test/spec-anchors.test.ts checks every line against it). A pinned link opens that line of
// url.bs at that commit on GitHub. Every tool links through specLink: the CLI, the viewer, lint's
// messages and SARIF, the ESLint and markdownlint rules, the language server and compare's reports.

import type { ChangeStep } from './semantic/changes';
import { URL_PARSER_STATES, type ValidationError } from './semantic/errors';

/** The whatwg/url commit whose url.bs the links point into. */
export const SPEC_COMMIT = '6ae8486';

/** The line of url.bs at SPEC_COMMIT where each step (by its id in the standard) is defined. */
export const SPEC_LINES: Readonly<Record<string, number>> = {
  'validation-error': 80,
  'concept-domain-to-ascii': 922,
  'host-parsing': 1089,
  'concept-host-parser': 1092,
  'concept-ipv4-parser': 1171,
  'concept-ipv6-parser': 1301,
  'concept-opaque-host-parser': 1469,
  'single-dot-path-segment': 1942,
  'double-dot-path-segment': 1948,
  'concept-basic-url-parser': 2263,
  'scheme-start-state': 2317,
  'scheme-state': 2335,
  'no-scheme-state': 2421,
  'special-relative-or-authority-state': 2445,
  'path-or-authority-state': 2456,
  'relative-state': 2465,
  'relative-slash-state': 2514,
  'special-authority-slashes-state': 2542,
  'special-authority-ignore-slashes-state': 2554,
  'authority-state': 2563,
  'host-state': 2623,
  'hostname-state': 2624,
  'port-state': 2698,
  'file-state': 2745,
  'file-slash-state': 2808,
  'file-host-state': 2846,
  'path-start-state': 2897,
  'path-state': 2934,
  'cannot-be-a-base-url-path-state': 3010,
  'query-state': 3047,
  'fragment-state': 3103,
  'url-serializing': 3144,
  'concept-url-serializer': 3147,
  'concept-host-serializer': 1492,
  'concept-ipv4-serializer': 1508,
  'concept-ipv6-serializer': 1533,
  // each validation error type, by errorAnchor (its row of the table of validation errors)
  'validation-error-domain-to-ascii': 107,
  'domain-percent-encoded': 127,
  'host-invalid-code-point': 135,
  'ipv4-empty-part': 143,
  'ipv4-too-few-parts': 149,
  'ipv4-too-many-parts': 155,
  'ipv4-non-numeric-part': 161,
  'ipv4-non-decimal-part': 167,
  'ipv4-out-of-range-part': 173,
  'ipv6-unclosed': 180,
  'ipv6-invalid-compression': 187,
  'ipv6-too-many-pieces': 193,
  'ipv6-multiple-compression': 199,
  'ipv6-invalid-code-point': 205,
  'ipv6-too-few-pieces': 215,
  'ipv6-piece-leading-zero': 221,
  'ipv4-in-ipv6-too-many-pieces': 227,
  'ipv4-in-ipv6-invalid-code-point': 234,
  'ipv4-in-ipv6-out-of-range-part': 251,
  'ipv4-in-ipv6-too-few-parts': 257,
  'invalid-url-unit': 269,
  'special-scheme-missing-following-solidus': 280,
  'missing-scheme-non-relative-url': 291,
  'invalid-reverse-solidus': 307,
  'invalid-credentials': 313,
  'host-missing': 322,
  'port-out-of-range': 332,
  'port-invalid': 338,
  'file-invalid-windows-drive-letter': 344,
  'file-invalid-windows-drive-letter-host': 352,
  // the definitions the grammars' rules re-express (each rule's spec anchor: grammar/*.ts), and the
  // writing rules of a valid URL string
  'percent-encoded-byte': 390,
  'concept-ipv6-piece': 786,
  'forbidden-host-code-point': 800,
  'forbidden-domain-code-point': 804,
  'valid-host-string': 1018,
  'valid-domain': 1022,
  'valid-domain-string': 1040,
  'valid-ipv4-address-string': 1043,
  'valid-ipv6-address-string': 1047,
  'valid-ipv6-pieces-and-ipv4-string': 1059,
  'valid-ipv6-piece-string': 1066,
  'valid-opaque-host-string': 1078,
  'ends-in-a-number-checker': 1138,
  'ipv4-number-parser': 1246,
  'special-scheme': 1956,
  'valid-url-string': 2053,
  'absolute-url-with-fragment-string': 2057,
  'absolute-url-string': 2060,
  'url-scheme-string': 2075,
  'relative-url-with-fragment-string': 2082,
  'relative-url-string': 2087,
  'scheme-relative-special-url-string': 2110,
  'url-port-string': 2114,
  'scheme-relative-url-string': 2122,
  'opaque-host-and-port-string': 2126,
  'scheme-relative-file-url-string': 2129,
  'path-absolute-url-string': 2137,
  'path-absolute-non-authority-url-string': 2140,
  'path-relative-url-string': 2143,
  'path-relative-scheme-less-url-string': 2148,
  'opaque-path-url-string': 2152,
  'url-path-segment-string': 2155,
  'url-query-string': 2165,
  'url-fragment-string': 2167,
  'url-code-points': 2170,
  'url-units': 2218,
};

/** url.bs at SPEC_COMMIT, on GitHub. */
export const SPEC_URL = `https://github.com/whatwg/url/blob/${SPEC_COMMIT}/url.bs`;

/** The step in the live standard. */
export const liveLink = (anchor: string): string => `https://url.spec.whatwg.org/#${anchor}`;

/** The step in url.bs at SPEC_COMMIT (the live standard's when the step is not in the table). */
export function specLink(anchor: string): string {
  const line = SPEC_LINES[anchor];
  return line === undefined ? liveLink(anchor) : `${SPEC_URL}#L${line}`;
}

/**
 * The url.bs anchor of a validation error type: the id Bikeshed gives the type's dfn in the table
 * of validation errors (its text, lower-cased, each run of other code points a "-"), or the id the
 * table gives it (domain-to-ASCII).
 */
export function errorAnchor(type: string): string {
  return type === 'domain-to-ASCII' ? 'validation-error-domain-to-ascii' : type.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}

/** A validation error type's row of the table of validation errors, pinned (specLink). */
export const errorLink = (type: string): string => specLink(errorAnchor(type));

/** The names of the algorithms that report validation errors or make changes, as url.bs names them. */
const STEP_NAMES: Readonly<Record<ChangeStep, string>> = {
  'concept-basic-url-parser': 'basic URL parser',
  'concept-host-parser': 'host parser',
  'concept-domain-to-ascii': 'domain parser',
  'concept-ipv4-parser': 'IPv4 parser',
  'ipv4-number-parser': 'IPv4 number parser',
  'concept-ipv6-parser': 'IPv6 parser',
  'concept-opaque-host-parser': 'opaque-host parser',
  'concept-ipv4-serializer': 'IPv4 serializer',
  'concept-ipv6-serializer': 'IPv6 serializer',
  'concept-url-serializer': 'URL serializer',
};

const SERIALIZERS: ReadonlySet<ChangeStep> = new Set(['concept-ipv4-serializer', 'concept-ipv6-serializer', 'concept-url-serializer']);

/**
 * Where a validation error is reported, or a change made (src/semantic/changes.ts), in words and
 * as the url.bs anchor of that place: the state of the basic URL parser ("the authority state"),
 * the algorithm a state called ("the IPv6 parser, called by the host state"), the basic URL
 * parser's steps before its states, or a serializer (which no state calls: the URL serializer
 * writes the record the parser made).
 */
export function reportedBy(e: { state: ValidationError['state']; step: ChangeStep }): { text: string; anchor: string } {
  if (SERIALIZERS.has(e.step)) return { text: `the ${STEP_NAMES[e.step]}`, anchor: e.step };
  if (e.step !== 'concept-basic-url-parser') {
    return { text: `the ${STEP_NAMES[e.step]}${e.state === null ? '' : `, called by the ${e.state} state`}`, anchor: e.step };
  }
  if (e.state === null) return { text: 'the basic URL parser, before its state machine', anchor: 'concept-basic-url-parser' };
  return { text: `the ${e.state} state`, anchor: URL_PARSER_STATES[e.state] };
}
