// @url-grammar/viewer: the live viewer, one self-contained page (dist/index.html) that shows what
// url-grammar makes of a URL as you type, beside the browser's own URL and whatwg-url. This module
// says where the page is and how to link to a URL in it; `url-grammar viewer` (./cli) prints,
// copies or opens it.

export { viewerPage, viewerFragment, command } from './cli';
// what the parser did, in the page's words, from parseWithDiagnostics's record of its changes
export { whatTheParserDid, type Change } from './changes';
