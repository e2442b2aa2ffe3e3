// The grammar's fast-check generators, for tests: the URL generators live in
// src/tools/compare/arbitraries.ts (compare --generate ships them), the setter ones in
// ./setter-arbitraries.ts. Importing from here gives both.

export * from '../../src/tools/compare/arbitraries';
export * from './setter-arbitraries';
