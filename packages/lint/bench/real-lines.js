// The precision and recall of lint on the corpus of real lines (packages/lint/test/data/
// real-lines.json, described in packages/lint/test/real-lines.test.ts), and each line it gets
// wrong:
//   node packages/lint/bench/real-lines.js
const path = require('path');

require('ts-node').register({ transpileOnly: true, project: path.join(__dirname, '..', '..', '..', 'tsconfig.json') });
const { REAL_LINES, score } = require('../test/support/real-lines.ts');

const { tp, fp, fn, wrong } = score(REAL_LINES);
const pct = (a, b) => (b === 0 ? '-' : ((100 * a) / b).toFixed(1) + '%');
console.log(`${REAL_LINES.length} lines (${REAL_LINES.filter((l) => l.urls.length === 0).length} with no URL to flag)`);
console.log(`precision ${tp}/${tp + fp} (${pct(tp, tp + fp)}), recall ${tp}/${tp + fn} (${pct(tp, tp + fn)})`);
for (const w of wrong) console.log(`  ${w.source}: flagged ${JSON.stringify(w.flagged)}, expected ${JSON.stringify(w.urls)}`);
