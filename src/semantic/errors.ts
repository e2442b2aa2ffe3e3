// The validation-error catalogue: https://url.spec.whatwg.org/#validation-error
// Names, one-line descriptions and failure flags as the current standard's table gives them
// (url.bs at 6ae8486 plus IPv4-non-ASCII-input from whatwg/url 9dc3827, PR 925).
//
// A type's `failure` is the table's Failure column: true when an error of that type can make the
// parser return failure. For most types that is every error of the type. For the types with a
// `condition`, it depends on the instance: the parser's steps go on after the error and decide
// later whether to return failure, so the ValidationError objects that parseWithDiagnostics
// builds carry their own `failure`, which is true exactly when the steps return failure there.

export const VALIDATION_ERRORS = {
  // IDNA
  'domain-to-ASCII': {
    failure: true,
    condition: 'Only when the domain parser then returns failure: beStrict is true, or the domain is not ASCII and ToASCII with relaxed parameters fails too, or the result is empty or holds a forbidden domain code point.',
    description: 'Unicode ToASCII records an error for the domain.',
  },
  // host parsing
  'domain-percent-encoded': { failure: false, description: 'A domain host contains a percent-encoded byte.' },
  'host-invalid-code-point': { failure: true, description: 'An opaque host contains a forbidden host code point.' },
  'IPv4-non-ASCII-input': { failure: false, description: 'IDNA processing turned a non-ASCII host into an ASCII string that ends in a number, so it is parsed as an IPv4 address.' },
  'IPv4-empty-part': { failure: false, description: 'An IPv4 address ends with ".".' },
  'IPv4-too-few-parts': { failure: false, description: 'An IPv4 address has fewer than 4 parts.' },
  'IPv4-too-many-parts': { failure: true, description: 'An IPv4 address has more than 4 parts.' },
  'IPv4-non-numeric-part': { failure: true, description: 'An IPv4 address part is not numeric.' },
  'IPv4-non-decimal-part': { failure: false, description: 'An IPv4 address part is written in hexadecimal or octal.' },
  'IPv4-out-of-range-part': {
    failure: true,
    condition: 'Only when the IPv4 parser then returns failure: a part other than the last exceeds 255, or the last part is at least 256 to the power of (5 minus the number of parts).',
    description: 'An IPv4 address part exceeds 255.',
  },
  'IPv6-unclosed': { failure: true, description: 'An IPv6 address is missing the closing "]".' },
  'IPv6-invalid-compression': { failure: true, description: 'An IPv6 address begins with improper compression.' },
  'IPv6-too-many-pieces': { failure: true, description: 'An IPv6 address contains more than 8 pieces.' },
  'IPv6-multiple-compression': { failure: true, description: 'An IPv6 address is compressed in more than one spot.' },
  'IPv6-invalid-code-point': { failure: true, description: 'An IPv6 address contains a code point that is neither a hex digit nor ":", or ends unexpectedly.' },
  'IPv6-too-few-pieces': { failure: true, description: 'An uncompressed IPv6 address contains fewer than 8 pieces.' },
  'IPv6-piece-leading-zero': { failure: false, description: 'An IPv6 address piece has a leading "0".' },
  'IPv4-in-IPv6-too-many-pieces': { failure: true, description: 'An IPv6 address with embedded IPv4 has more than 6 pieces before it.' },
  'IPv4-in-IPv6-invalid-code-point': { failure: true, description: 'An embedded IPv4 part is empty, has a non-digit or a leading 0, or there are too many parts.' },
  'IPv4-in-IPv6-out-of-range-part': { failure: true, description: 'An embedded IPv4 part exceeds 255.' },
  'IPv4-in-IPv6-too-few-parts': { failure: true, description: 'An embedded IPv4 address has too few parts.' },
  // URL parsing
  'invalid-URL-unit': { failure: false, description: 'A code point is found that is not a URL unit.' },
  'special-scheme-missing-following-solidus': { failure: false, description: 'The scheme is not followed by "//".' },
  'missing-scheme-non-relative-URL': { failure: true, description: 'The input has no scheme, and there is no base URL it can be resolved against.' },
  'invalid-reverse-solidus': { failure: false, description: 'A URL with a special scheme uses "\\" instead of "/".' },
  'invalid-credentials': { failure: false, description: 'The input includes credentials.' },
  'host-missing': { failure: true, description: 'The input has a special scheme, but no host.' },
  'port-out-of-range': { failure: true, description: 'The port is greater than 65535.' },
  'port-invalid': { failure: true, description: 'The port contains something other than ASCII digits.' },
  'file-invalid-Windows-drive-letter': { failure: false, description: 'A relative reference starts with a Windows drive letter and the base is a file: URL.' },
  'file-invalid-Windows-drive-letter-host': { failure: false, description: 'A file: URL\'s host is a Windows drive letter.' },
} as const satisfies Record<string, { failure: boolean; condition?: string; description: string }>;

export type ValidationErrorType = keyof typeof VALIDATION_ERRORS;

/**
 * The states of the basic URL parser, as url.bs names them (without " state"), each with its
 * anchor in url.bs (https://url.spec.whatwg.org/#concept-basic-url-parser). The opaque path state
 * keeps the anchor of its former name.
 */
export const URL_PARSER_STATES = {
  'scheme start': 'scheme-start-state',
  scheme: 'scheme-state',
  'no scheme': 'no-scheme-state',
  'special relative or authority': 'special-relative-or-authority-state',
  'path or authority': 'path-or-authority-state',
  relative: 'relative-state',
  'relative slash': 'relative-slash-state',
  'special authority slashes': 'special-authority-slashes-state',
  'special authority ignore slashes': 'special-authority-ignore-slashes-state',
  authority: 'authority-state',
  host: 'host-state',
  hostname: 'hostname-state',
  port: 'port-state',
  file: 'file-state',
  'file slash': 'file-slash-state',
  'file host': 'file-host-state',
  'path start': 'path-start-state',
  path: 'path-state',
  'opaque path': 'cannot-be-a-base-url-path-state',
  query: 'query-state',
  fragment: 'fragment-state',
} as const;

/** A state of the basic URL parser (URL_PARSER_STATES). */
export type URLParserState = keyof typeof URL_PARSER_STATES;

/**
 * The url.bs anchor of an algorithm that reports validation errors: the basic URL parser (its
 * states, and the steps before them), the host parser and the parsers it calls.
 */
export type ErrorStep =
  | 'concept-basic-url-parser'
  | 'concept-host-parser'
  | 'concept-domain-to-ascii'
  | 'concept-ipv4-parser'
  | 'concept-ipv6-parser'
  | 'concept-opaque-host-parser';

export interface ValidationError {
  type: ValidationErrorType;
  /** [start, end) in the original input. */
  start: number;
  end: number;
  /**
   * Whether this error makes the parse fail: the standard's steps return failure at this error,
   * or, for a type with a `condition` in VALIDATION_ERRORS, right after it.
   */
  failure: boolean;
  message: string;
  /**
   * The state of the basic URL parser that reports the error (for an error of the host parser,
   * the state that called it), as url.bs names it; a setter's state override's state; null for an
   * error reported before the state machine runs (the leading or trailing C0 control or space,
   * ASCII tab or newline).
   */
  state: URLParserState | null;
  /** The url.bs anchor of the algorithm that reports it (the basic URL parser, the host parser, the IPv6 parser, ...). */
  step: ErrorStep;
}

/**
 * Where the parser reports validation errors. `start`/`end` are offsets into the string the
 * reporting step was given; the caller maps them to the original input. `failure` is the
 * instance's failure flag: the step that reports a type with a `condition` passes it, and for
 * any other type it is left out and the type's `failure` stands (see errorFailure). `step` is the
 * algorithm that reports it (the basic URL parser when left out), `state` the parser's state
 * (stateSink adds it for the steps that a state calls). `null` means nobody is listening, and
 * reporting costs nothing.
 */
export type ErrorSink = ((type: ValidationErrorType, start: number, end: number, failure?: boolean, step?: ErrorStep, state?: URLParserState | null) => void) | null;

/**
 * A sink that adds `offset` to the offsets it passes on to `sink`, and `state` to the errors it
 * is given without one (null when `sink` is): for the algorithms a state of the parser calls.
 */
export function offsetSink(sink: ErrorSink, offset: number, state?: URLParserState): ErrorSink {
  if (!sink) return null;
  return (type, start, end, failure, step, s) => sink(type, start + offset, end + offset, failure, step, s ?? state);
}

/**
 * An error's failure flag: the one its step passed to the sink, or else the type's own. Every
 * step that reports a type with a condition passes the flag (test/failure-flag.test.ts checks
 * the flags against the parser's result), so the fallback only serves the other types.
 */
export function errorFailure(type: ValidationErrorType, failure: boolean | undefined): boolean {
  return failure ?? VALIDATION_ERRORS[type].failure;
}
