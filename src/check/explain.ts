// Three verdicts on one input, side by side: does the URL parser accept it, does it accept it without
// a validation error ("parser-valid"), and is it a valid URL string by the writing rules
// ("grammar-valid")? And when the last two differ, which validation error or which writing rule
// makes the difference.
//
// The standard means the two notions of validity to agree (https://url.spec.whatwg.org/#urls: a
// valid URL string "defines what input would not trigger a validation error or failure when given
// to the URL parser"), but nothing makes them agree, and they do not always (whatwg/url#704).
// This module says where they part for a given input. (Full-width digits in a host, as in
// "https://１.２.３.４/", were such a place until whatwg/url 9dc3827 added the IPv4-non-ASCII-input
// validation error; now both verdicts say no, and explain reports that error beside the writing
// rule valid-domain.)

import { parseWithDiagnostics, type ParseOptions } from '../parse';
import type { URLRecord } from '../record';
import type { ValidationError } from '../semantic/errors';
import { checkURLString, type RelativeFor, type WritingProblem } from './writing';

export interface Explanation {
  input: string;
  /** The URL parser returns a URL (possibly with validation errors). */
  parses: boolean;
  /** The URL parser returns a URL and reports no validation error. */
  parserValid: boolean;
  /** The input is a valid URL string by the writing rules (src/check/writing.ts). */
  grammarValid: boolean;
  /** The parser's validation errors, with their spans in the input. */
  errors: ValidationError[];
  /** The writing rules the input does not satisfy. */
  problems: WritingProblem[];
  /** For which kinds of base URL the input is a valid relative-URL-with-fragment string. */
  relativeFor: RelativeFor;
  /** When `parserValid` and `grammarValid` differ: what makes the difference. Otherwise null. */
  disagreement: string | null;
}

export interface ExplainOptions {
  /** The base URL: a URL record, a URL object (read through its href) or a string. One that does not parse is a TypeError. */
  baseURL?: string | URLRecord | { readonly href: string } | null;
  /** The document's encoding, for the parser (it affects the query only). */
  encoding?: ParseOptions['encoding'];
}

function describeError(e: ValidationError): string {
  return `${e.type} at [${e.start}, ${e.end})${e.failure ? ' (a failure)' : ''}`;
}

function disagreementOf(parses: boolean, errors: ValidationError[], problems: WritingProblem[], parserValid: boolean, grammarValid: boolean): string | null {
  if (parserValid === grammarValid) return null;
  if (grammarValid) {
    const what = errors.map(describeError).join(', ');
    return parses
      ? `The writing rules accept the input as a valid URL string, but the URL parser reports ${errors.length === 1 ? 'a validation error' : `${errors.length} validation errors`}: ${what}.`
      : `The writing rules accept the input as a valid URL string, but the URL parser fails on it${what ? `: ${what}` : ''}.`;
  }
  const first = problems[0];
  const rest = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `The URL parser reports no validation error, but the input is not a valid URL string: the writing rule ${first.rule} fails at offset ${first.offset}${rest}: ${first.message}.`;
}

/**
 * Parses `input` (reporting validation errors) and checks it against the writing rules, and says
 * where the two verdicts differ. Throws a TypeError when the base URL is a string that does not
 * parse.
 */
export function explain(input: string, options: ExplainOptions = {}): Explanation {
  input = String(input); // (as parseURL converts what is not a string: the types ask for one)
  const baseURL = options.baseURL ?? null;
  // the writing checker first: it throws on a base URL that does not parse
  const check = checkURLString(input, { baseURL });
  const diagnostics = parseWithDiagnostics(input, { baseURL, encoding: options.encoding });
  const parses = diagnostics.url !== null;
  const errors = diagnostics.errors;
  const parserValid = parses && errors.length === 0;
  const grammarValid = check.valid;
  return {
    input,
    parses,
    parserValid,
    grammarValid,
    errors,
    problems: check.problems,
    relativeFor: check.relativeFor,
    disagreement: disagreementOf(parses, errors, check.problems, parserValid, grammarValid),
  };
}
