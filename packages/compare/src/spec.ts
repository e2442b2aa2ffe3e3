// Links to the steps of the URL Standard that url-grammar implements, pinned to its text: the live
// standard (url.spec.whatwg.org) moves on, and a finding written today must still point at the
// step it was about. url-grammar implements whatwg/url at 6ae8486 (plus PR 925's one validation
// error, which is not a step linked here); the core's test/spec/url.bs is that commit's url.bs, and
// each step below is the line of that file where the step's definition is (test/attribution.test.ts
// checks every line against it). A pinned link opens that line of url.bs at that commit on GitHub;
// `live` is the same step in the current standard.

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
  'relative-state': 2465,
  'relative-slash-state': 2514,
  'special-authority-slashes-state': 2542,
  'special-authority-ignore-slashes-state': 2554,
  'authority-state': 2563,
  'host-state': 2623,
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

/** The step in the live standard. */
export const liveLink = (anchor: string) => `https://url.spec.whatwg.org/#${anchor}`;

/** The step in url.bs at SPEC_COMMIT (the live standard's when the step is not in the table). */
export function pinnedLink(anchor: string): string {
  const line = SPEC_LINES[anchor];
  return line === undefined ? liveLink(anchor) : `https://github.com/whatwg/url/blob/${SPEC_COMMIT}/url.bs#L${line}`;
}
