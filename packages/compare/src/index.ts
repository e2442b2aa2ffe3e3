// @url-grammar/compare: run URL parsers side by side on a corpus and count where they agree with
// url-grammar, component by component. The library (parsers as adapters, the JSON-lines adapter
// protocol, corpora, streaming comparison, classes of disagreement, reports); the
// `url-grammar compare` command (./cli) is built on it, and ./arbitraries draws inputs from the
// grammar itself.

export * from './compare';
export { readLines, caseFromTextLine, caseFromJsonLine, linesCorpus, parseWptCorpus, generatedCorpus, MAX_CORPUS_LINE_BYTES, GENERATE_CHUNK, type LineFormat, type LineStats } from './corpus';
export { readManifest, whichCommand, resolveArgv, checkAvailable, packageAvailability, defaultResolver, type Resolver, type ManifestEntry, type Availability } from './manifest';
export { markdownReport, htmlReport, codeSpan, mdText, terminalText, type ReportSource, type ReportInput } from './report';
export { compareStream, type CaseRecord, type StreamOptions, type StreamReport } from './stream';
export { CLASSES, ClassTally, specLink, hostMeaning, sameHost, rootCauseKeys, FAILS, MAX_ROOT_CAUSES, type ClassDef, type ClassSide, type ClassExample, type ClassReport, type RootCause } from './classes';
export { PairTally, type PairReport, type PairExample, type PairAnswer } from './pairs';
export { CandidateCollector, wptCandidates, candidatesJson, BROWSER_ENGINES, type Candidate, type CandidateResult, type CandidateOptions } from './candidates';
