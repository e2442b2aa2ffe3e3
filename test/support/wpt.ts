// The cases of a urltestdata.json-shaped file (test/wpt/, or test/cases/ for the project's own),
// for every test file that walks them. Here, not in a test file: a test file that imports another
// would run that file's tests again wherever it runs alone (mocha --parallel runs each file in a
// worker of its own).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface UrlTest {
  input: string;
  base: string | null;
  failure?: boolean;
  relativeTo?: string;
  href?: string;
  origin?: string;
  protocol?: string;
  username?: string;
  password?: string;
  host?: string;
  hostname?: string;
  port?: string;
  pathname?: string;
  search?: string;
  hash?: string;
}

export function loadCases(file: string, dir = 'wpt'): UrlTest[] {
  const data: unknown[] = JSON.parse(readFileSync(join(__dirname, '..', dir, file), 'utf8'));
  return data.filter((c): c is UrlTest => typeof c === 'object' && c !== null);
}
