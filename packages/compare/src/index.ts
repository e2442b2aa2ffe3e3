// @url-grammar/compare: run URL parsers side by side on a corpus and count where they agree with
// url-grammar, component by component. The library (parsers as adapters, the JSON-lines adapter
// protocol, corpora, streaming comparison, classes of disagreement, reports); the
// `url-grammar compare` command (./cli) is built on it, and ./arbitraries draws inputs from the
// grammar itself.

export * from './compare';
export { readLines, caseFromTextLine, caseFromJsonLine, linesCorpus, parseWptCorpus, generatedCorpus, MAX_CORPUS_LINE_BYTES, GENERATE_CHUNK, type LineFormat, type LineStats } from './corpus';
export { readManifest, whichCommand, resolveArgv, checkAvailable, packageAvailability, defaultResolver, type Resolver, type ManifestEntry, type Availability } from './manifest';
export { markdownReport, htmlReport, csvReport, csvCell, reproduceCommand, codeSpan, mdText, terminalText, type ReportSource, type ReportInput } from './report';
export { compareStream, type CaseRecord, type StreamOptions, type StreamReport } from './stream';
export { CLASSES, ClassTally, specLink, hostMeaning, sameHost, rootCauseKeys, judgeCase, shapeOf, hostShape, hostFeatures, FAILS, MAX_ROOT_CAUSES, MAX_LISTED_CASES, type ClassDef, type ClassSide, type ClassExample, type ClassReport, type ClassTallyOptions, type RootCause, type RootCauseExample, type RootCauseCase } from './classes';
export { EQUIVALENCES, FORGIVEN, meaningOf, hrefMeaning, percentNormal, percentDecoded, portMeaning, pathMeaning, type Equivalence } from './meaning';
export { SPEC_COMMIT, SPEC_LINES, pinnedLink, liveLink } from './spec';
export { verifyAttribution, freshAdapter, type AttributedReport, type AttributionProblem, type AttributionResult, type FreshAdapterOptions } from './attribution';
export { PairTally, type PairReport, type PairExample, type PairAnswer } from './pairs';
export { CandidateCollector, wptCandidates, wptBehaviours, candidatesJson, behaviourOf, behaviourKey, engineDifferences, engineBehaviour, errorStep, reductions, simplifications, BROWSER_ENGINES, type Behaviour, type EngineBehaviour, type Candidate, type CandidateResult, type CandidateOptions } from './candidates';
