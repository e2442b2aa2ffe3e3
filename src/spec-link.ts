// Links to the steps of the URL Standard that url-grammar implements, pinned to its text: the live
// standard (url.spec.whatwg.org) moves on, and an error reported or a finding written today must
// still point at the step it was about. url-grammar implements whatwg/url at 6ae8486 (plus PR
// 925's one validation error, which is not a step of its own); test/spec/url.bs is that commit's
// url.bs, and each step below is the line of that file where the step is defined
// (test/spec-anchors.test.ts checks every line against it). A pinned link opens that line of
// url.bs at that commit on GitHub. Every tool links through specLink: the CLI, the viewer, lint's
// messages and SARIF, the ESLint and markdownlint rules, the language server and compare's reports.

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

/** The names of the algorithms that report validation errors, as url.bs names them. */
const STEP_NAMES: Readonly<Record<ValidationError['step'], string>> = {
  'concept-basic-url-parser': 'basic URL parser',
  'concept-host-parser': 'host parser',
  'concept-domain-to-ascii': 'domain parser',
  'concept-ipv4-parser': 'IPv4 parser',
  'concept-ipv6-parser': 'IPv6 parser',
  'concept-opaque-host-parser': 'opaque-host parser',
};

/**
 * Where a validation error is reported, in words and as the url.bs anchor of that place: the state
 * of the basic URL parser ("the authority state"), the algorithm a state called ("the IPv6 parser,
 * called by the host state"), or the basic URL parser's steps before its states.
 */
export function reportedBy(e: Pick<ValidationError, 'state' | 'step'>): { text: string; anchor: string } {
  if (e.step !== 'concept-basic-url-parser') {
    return { text: `the ${STEP_NAMES[e.step]}${e.state === null ? '' : `, called by the ${e.state} state`}`, anchor: e.step };
  }
  if (e.state === null) return { text: 'the basic URL parser, before its state machine', anchor: 'concept-basic-url-parser' };
  return { text: `the ${e.state} state`, anchor: URL_PARSER_STATES[e.state] };
}
