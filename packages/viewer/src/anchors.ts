// Links into the URL Standard for the viewer.

export const SPEC = 'https://url.spec.whatwg.org/';

/**
 * The anchor of a validation error in the standard: domain-to-ASCII has an id of its own; the
 * others are dfns without one, whose id Bikeshed makes from the text, lowercased.
 */
export function errorAnchor(type: string): string {
  return type === 'domain-to-ASCII' ? 'validation-error-domain-to-ascii' : type.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
