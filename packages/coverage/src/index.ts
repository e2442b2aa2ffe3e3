// @url-grammar/coverage: what a set of URL tests exercises of the WHATWG URL Standard, measured
// by url-grammar's own rules, and the `url-grammar coverage` command (./cli).

export { measure, CoverageCounter, traceURLCase, traceSetterCase, traceHost, setterOverride, describeCase, urlGrammarEntries, HOST_ENTRIES, WRITING_ENTRIES } from './measure';
export type { CoverageReport, GrammarCoverage, BranchPointCoverage, OutcomeCoverage, NamedCoverage, Exercise, URLCaseTrace } from './measure';
export { readCorpus, casesFromJSON, casesFromText, defaultCorpus, DEFAULT_CORPUS_FILES, MAX_CASE_LENGTH, SETTERS, type Case, type Corpus, type Setter } from './corpus';
export { textReport, htmlReport, pointLabel } from './report';
export { urlWritingRules, writingRuleOf, WRITING_CHECKS } from './writing-rules';
export { specPassages, extractPassages, type Passage, type SpecPassages } from './spec-text';
export { generateCorpus, corpusFileText, expectedEntry, describePurpose, writingViolations, grammarCandidates, forEachGrammarCandidate, type GeneratedCorpus, type GeneratedCase, type Purpose, type GenerateOptions } from './generate';
export { fuzz, fuzzText, fuzzInputs, forEachFuzzInput, Smallest, disagreement, citations, type FuzzReport, type FuzzGroup, type FuzzOptions, type Citation, type Direction } from './fuzz';
export { violationOf, writingViolationRules, ruleMatches, stillMatches, editsWithin, applyEdit, EDIT_ALPHABET, type Violation, type RuleMatch, type Edit } from './violations';
export { minimise, type Candidate, type Score } from './minimise';
export { Analyzer, type Analysis } from './analysis';
