// Mocha reporter: mocha's "dot" output, then one closing line `tests: N passed, N failed` that CI reads.
'use strict';
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Dot {
  constructor(runner, options) {
    super(runner, options);
    let passed = 0;
    let failed = 0;
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => passed++);
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, () => failed++);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      // registered after the dot reporter's listener, so this follows its epilogue
      process.stdout.write(`tests: ${passed} passed, ${failed} failed\n`);
    });
  }
}

module.exports = SummaryReporter;
