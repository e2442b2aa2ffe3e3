// The groups of tests, by what they need besides Node. A test (or a describe) whose title carries a
// group's tag is in that group; every other test is "pure": it needs Node and this checkout only.
// The pure tests run under every Node CI tests (20, 22 and 24: .ci/run), since what they check can
// depend on the Node that runs them; a tagged group says nothing new under another Node (a browser,
// another language's parser or npm's packer does the work), so CI runs it once, under Node 24.
// test/run.js selects by these tags (mocha --grep), the reporter counts by them.
'use strict';

const GROUPS = [
  { tag: '@browser', name: 'browser', what: 'headless Chromium and Firefox (the viewer, the diagrams, the browser adapters of compare)' },
  { tag: '@adapters', name: 'adapters', what: "other languages' URL parsers through compare's adapters (Python, Go, C, Java, Ruby, Perl, PHP, Rust, WebKit)" },
  { tag: '@packaging', name: 'packaging', what: 'npm pack of every package, attw on each tarball, what an install holds' },
  { tag: '@editors', name: 'editors', what: "a real editor's language client (Neovim's, headless) driving the language server" },
];

/** Matches a full test title (describe titles and its own) that carries any group's tag. */
const TAGGED = new RegExp(`(?:${GROUPS.map((g) => g.tag).join('|')})\\b`);

/** The group of a test from its full title: a group's name, or "pure". */
function groupOf(fullTitle) {
  const g = GROUPS.find((x) => new RegExp(`${x.tag}\\b`).test(fullTitle));
  return g ? g.name : 'pure';
}

module.exports = { GROUPS, TAGGED, groupOf };
