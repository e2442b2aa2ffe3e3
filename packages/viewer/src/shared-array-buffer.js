// A page that is not cross-origin isolated (a file: page is not) has no SharedArrayBuffer, and
// webidl-conversions (which whatwg-url loads) reads getters off its prototype when it starts.
// viewer/build.js points every mention of SharedArrayBuffer in the bundle here: the real one when
// the page has it, otherwise a class whose getters throw, so that no value is ever taken for one.
const real = globalThis['SharedArrayBuffer'];

class NoSharedArrayBuffer {
  get byteLength() {
    throw new TypeError('SharedArrayBuffer is not available in this page');
  }
  get growable() {
    throw new TypeError('SharedArrayBuffer is not available in this page');
  }
}

export const SharedArrayBufferOrStandIn = typeof real === 'function' ? real : NoSharedArrayBuffer;
