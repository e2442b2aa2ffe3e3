// USVString conversion (WebIDL): https://webidl.spec.whatwg.org/#es-USVString
// ToString on the value (a Symbol throws TypeError), then every lone surrogate becomes U+FFFD.

/** https://infra.spec.whatwg.org/#javascript-string-convert for a string already in hand. */
export function toScalarValueString(input: string): string {
  return input.isWellFormed() ? input : input.toWellFormed();
}

/** https://webidl.spec.whatwg.org/#es-USVString */
export function toUSVString(value: unknown): string {
  if (typeof value === 'string') return toScalarValueString(value);
  if (typeof value === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
  return toScalarValueString(String(value));
}

/** https://webidl.spec.whatwg.org/#es-DOMString: ToString (a Symbol throws TypeError). */
export function toDOMString(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
  return String(value);
}
