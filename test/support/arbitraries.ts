// The grammar's fast-check generators, for tests: the URL generators live in
// @url-grammar/compare's arbitraries (packages/compare/src/arbitraries.ts) (compare --generate ships them), the setter ones in
// ./setter-arbitraries.ts. Importing from here gives both.

export * from '@url-grammar/compare/arbitraries';
export * from './setter-arbitraries';
