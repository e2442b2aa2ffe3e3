// Links to the steps of the URL Standard that url-grammar implements, pinned to its text: the
// core's (src/spec-link.ts), under the names compare has always exported them by.

export { SPEC_COMMIT, SPEC_LINES, SPEC_URL, liveLink, specLink as pinnedLink } from 'url-grammar';
