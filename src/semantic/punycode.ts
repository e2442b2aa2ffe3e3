// Punycode (RFC 3492), the encoding of IDNA's A-labels, in O(n log n) for a label of n code points.
// https://www.rfc-editor.org/rfc/rfc3492
//
// The RFC's algorithms are quadratic as written: the encoder scans the whole label once per
// distinct code point, and the decoder inserts each code point into the middle of a list. Here
// the encoder counts "code points smaller than n before position p" with a Fenwick tree over
// positions, and the decoder records every insertion first and then finds each one's final place
// by walking the insertions backwards over a Fenwick tree of free places. Both give exactly what
// the RFC's algorithms give, including their overflow failures with the 32-bit limit that the
// `punycode` package (and therefore tr46) uses: test/punycode.test.ts checks both against it.

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
/** The largest value a delta or a code point may reach (as in the `punycode` package). */
const MAX_INT = 0x7fffffff;

/** https://www.rfc-editor.org/rfc/rfc3492#section-6.1 */
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  delta = firstTime ? Math.floor(delta / DAMP) : delta >>> 1;
  delta += Math.floor(delta / numPoints);
  let k = 0;
  while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
    delta = Math.floor(delta / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW));
}

/** The threshold t for the digit at k (a multiple of BASE). */
function threshold(k: number, bias: number): number {
  return k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
}

/** A digit's basic code point: 0-25 are "a"-"z", 26-35 are "0"-"9". */
function digitChar(d: number): number {
  return d < 26 ? d + 0x61 : d + 22;
}

/** A basic code point's digit value, or BASE when it is not a digit. */
function digitValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 22;
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  return BASE;
}

/** The code points of a string; a lone surrogate counts as one (as the `punycode` package counts). */
function codePoints(input: string): Int32Array {
  const out = new Int32Array(input.length);
  let n = 0;
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < input.length) {
      const d = input.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out[n++] = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = c;
  }
  return out.subarray(0, n);
}

/** A Fenwick (binary indexed) tree of counts over positions 0 .. size-1. */
class Fenwick {
  private readonly tree: Int32Array;
  constructor(readonly size: number) {
    this.tree = new Int32Array(size + 1);
  }
  add(position: number, amount: number): void {
    for (let i = position + 1; i <= this.size; i += i & -i) this.tree[i] += amount;
  }
  /** The sum over positions [0, end). */
  prefix(end: number): number {
    let sum = 0;
    for (let i = end; i > 0; i -= i & -i) sum += this.tree[i];
    return sum;
  }
  /** The smallest position p whose prefix sum through p reaches `rank` (1-based); counts are 0 or 1. */
  select(rank: number): number {
    let position = 0;
    let step = 1;
    while (step * 2 <= this.size) step *= 2;
    for (; step > 0; step >>= 1) {
      const next = position + step;
      if (next <= this.size && this.tree[next] < rank) {
        position = next;
        rank -= this.tree[next];
      }
    }
    return position; // 0-based: the tree's index position+1
  }
}

/** The number of set bits in a 32-bit integer. */
function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * A set of positions 0 .. size-1 that only grows, counting its members before a position: a bit
 * per position, and a Fenwick tree over blocks of 32 (a 32nd of the memory of a tree over
 * positions, so that a long label's queries stay in the processor's cache).
 */
class PositionSet {
  private readonly bits: Int32Array;
  private readonly blocks: Fenwick;
  constructor(size: number) {
    this.bits = new Int32Array((size >>> 5) + 1);
    this.blocks = new Fenwick((size >>> 5) + 1);
  }
  add(position: number): void {
    this.bits[position >>> 5] |= 1 << (position & 31);
    this.blocks.add(position >>> 5, 1);
  }
  /** How many members are below `end`. */
  countBelow(end: number): number {
    const block = end >>> 5;
    const within = end & 31;
    const before = this.blocks.prefix(block);
    return within === 0 ? before : before + popcount(this.bits[block] & ((1 << within) - 1));
  }
}

/**
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.3: the Punycode encoding of `input` (without
 * "xn--"), or null on overflow.
 */
export function punycodeEncode(input: string): string | null {
  const cps = codePoints(input);
  const length = cps.length;
  let out = '';
  let basicCount = 0;
  for (let p = 0; p < length; p++) {
    if (cps[p] < INITIAL_N) {
      out += String.fromCharCode(cps[p]);
      basicCount++;
    }
  }
  if (basicCount > 0) out += '-';
  if (basicCount === length) return out;

  // The non-basic code points in the order the encoder handles them: by value, then position.
  // The distinct values are sorted (a label has few), then the positions are bucketed by value
  // in one pass, which keeps each bucket in position order.
  const rankOf = new Map<number, number>();
  const distinct: number[] = [];
  for (let p = 0; p < length; p++) {
    const v = cps[p];
    if (v >= INITIAL_N && !rankOf.has(v)) {
      rankOf.set(v, 0);
      distinct.push(v);
    }
  }
  distinct.sort((a, b) => a - b);
  const bucketStart = new Int32Array(distinct.length + 1);
  distinct.forEach((v, r) => rankOf.set(v, r));
  const rank = new Int32Array(length);
  for (let p = 0; p < length; p++) {
    if (cps[p] < INITIAL_N) continue;
    const r = rankOf.get(cps[p])!;
    rank[p] = r;
    bucketStart[r + 1]++;
  }
  for (let r = 0; r < distinct.length; r++) bucketStart[r + 1] += bucketStart[r];
  const values = new Int32Array(length - basicCount);
  const positions = new Int32Array(length - basicCount);
  const fill = bucketStart.slice(0, distinct.length);
  for (let p = 0; p < length; p++) {
    if (cps[p] < INITIAL_N) continue;
    const at = fill[rank[p]]++;
    values[at] = cps[p];
    positions[at] = p;
  }

  // Positions of the code points handled so far (all smaller than n).
  const handledAt = new PositionSet(length);
  for (let p = 0; p < length; p++) if (cps[p] < INITIAL_N) handledAt.add(p);

  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  let handled = basicCount;
  const digits: number[] = [];
  let g = 0;
  while (g < values.length) {
    const m = values[g];
    let groupEnd = g;
    while (groupEnd < values.length && values[groupEnd] === m) groupEnd++;
    // Skip to m: every handled code point counts once per value in between, at each insertion place.
    if (m - n > Math.floor((MAX_INT - delta) / (handled + 1))) return null;
    delta += (m - n) * (handled + 1);
    n = m;
    // The RFC's scan over the whole label: each handled code point (smaller than n) adds one to
    // delta; each code point equal to n emits delta. Counted between occurrences of n.
    // (The count before the previous occurrence is kept: that occurrence is not yet handled, so
    // the count before the position after it is the same.)
    let before = 0;
    for (let j = g; j < groupEnd; j++) {
      const p = positions[j];
      const upTo = handledAt.countBelow(p);
      delta += upTo - before;
      before = upTo;
      if (delta > MAX_INT) return null;
      // Emit delta as a generalized variable-length integer.
      let q = delta;
      for (let kk = BASE; ; kk += BASE) {
        const t = threshold(kk, bias);
        if (q < t) break;
        digits.push(digitChar(t + ((q - t) % (BASE - t))));
        q = Math.floor((q - t) / (BASE - t));
      }
      digits.push(digitChar(q));
      if (digits.length >= 4096) {
        out += String.fromCharCode.apply(null, digits);
        digits.length = 0;
      }
      bias = adapt(delta, handled + 1, handled === basicCount);
      delta = 0;
      handled++;
    }
    // The handled code points after the last occurrence: all that were handled when this value's
    // round began, less those before it.
    delta += handled - (groupEnd - g) - before;
    if (delta > MAX_INT) return null;
    for (let j = g; j < groupEnd; j++) handledAt.add(positions[j]);
    delta++;
    n++;
    g = groupEnd;
  }
  if (digits.length > 0) out += String.fromCharCode.apply(null, digits);
  return out;
}

/**
 * https://www.rfc-editor.org/rfc/rfc3492#section-6.2: the code points that the Punycode string
 * `input` (without "xn--") encodes, or null when it is not valid Punycode (a non-basic code
 * point before the last delimiter, a character that is not a digit, a truncated number,
 * overflow, or a result beyond U+10FFFF).
 */
export function punycodeDecode(input: string): string | null {
  const length = input.length;
  let basic = input.lastIndexOf('-');
  if (basic < 0) basic = 0;
  for (let j = 0; j < basic; j++) if (input.charCodeAt(j) >= 0x80) return null;

  // Pass 1: run the RFC's decoder, recording for each inserted code point where it went in the
  // list as it was then (its index), without building the list.
  const values: number[] = [];
  const indices: number[] = [];
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  let outLength = basic;
  for (let index = basic > 0 ? basic + 1 : 0; index < length; ) {
    const oldi = i;
    for (let w = 1, kk = BASE; ; kk += BASE) {
      if (index >= length) return null;
      const digit = digitValue(input.charCodeAt(index++));
      if (digit >= BASE) return null;
      if (digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = threshold(kk, bias);
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const count = outLength + 1;
    bias = adapt(i - oldi, count, oldi === 0);
    if (Math.floor(i / count) > MAX_INT - n) return null;
    n += Math.floor(i / count);
    i %= count;
    if (n > 0x10ffff) return null;
    values.push(n);
    indices.push(i);
    outLength = count;
    i++;
  }

  // Pass 2: the last insertion took the place it asked for among all places; walking backwards,
  // each earlier one takes its index among the places still free.
  const result = new Int32Array(outLength);
  const free = new Fenwick(outLength);
  const taken = new Uint8Array(outLength);
  for (let p = 0; p < outLength; p++) free.add(p, 1);
  for (let k = values.length - 1; k >= 0; k--) {
    const place = free.select(indices[k] + 1);
    result[place] = values[k];
    taken[place] = 1;
    free.add(place, -1);
  }
  // The basic code points fill the places left, in order.
  let j = 0;
  for (let p = 0; p < outLength && j < basic; p++) if (!taken[p]) result[p] = input.charCodeAt(j++);
  return fromCodePoints(result);
}

/** The string of a list of code points (surrogate code points stay lone code units). */
function fromCodePoints(cps: Int32Array): string {
  let out = '';
  const units: number[] = [];
  for (let k = 0; k < cps.length; k++) {
    const c = cps[k];
    if (c < 0x10000) units.push(c);
    else units.push(0xd800 + ((c - 0x10000) >> 10), 0xdc00 + ((c - 0x10000) & 0x3ff));
    if (units.length >= 4096) {
      out += String.fromCharCode.apply(null, units);
      units.length = 0;
    }
  }
  if (units.length > 0) out += String.fromCharCode.apply(null, units);
  return out;
}
