// @url-grammar/compare: run URL parsers side by side on a corpus and count where they agree with
// url-grammar, component by component. The library (parsers as adapters, the JSON-lines adapter
// protocol, corpora, streaming comparison, classes of disagreement, reports); the
// `url-grammar compare` command (./cli) is built on it, and ./arbitraries draws inputs from the
// grammar itself.

export * from './compare';
export { readLines, caseFromTextLine, caseFromJsonLine, linesCorpus, parseWptCorpus, generatedCorpus, MAX_CORPUS_LINE_BYTES, GENERATE_CHUNK, type LineFormat, type LineStats } from './corpus';
export { readManifest, whichCommand, resolveArgv, checkAvailable, packageAvailability, defaultResolver, type Resolver, type ManifestEntry, type Availability } from './manifest';
export { markdownReport, htmlReport, csvReport, renderReport, reportFromJson, jsonText, csvCell, reproduceCommand, codeSpan, mdText, terminalText, show, type ReportSource, type ReportInput, type CompareJson } from './report';
export { compareStream, type CaseRecord, type StreamOptions, type StreamReport } from './stream';
export { CLASSES, ClassTally, specLink, hostMeaning, sameHost, rootCauseKeys, judgeCase, shapeOf, hostShape, hostFeatures, FAILS, MAX_ROOT_CAUSES, MAX_LISTED_CASES, type ClassDef, type ClassSide, type ClassExample, type ClassReport, type ClassTallyOptions, type RootCause, type RootCauseExample, type RootCauseCase } from './classes';
export { EQUIVALENCES, FORGIVEN, meaningOf, hrefMeaning, percentNormal, percentDecoded, portMeaning, pathMeaning, type Equivalence } from './meaning';
export { SPEC_COMMIT, SPEC_LINES, SPEC_URL, pinnedLink, liveLink } from './spec';
export { verifyAttribution, freshAdapter, type AttributedReport, type AttributionProblem, type AttributionResult, type FreshAdapterOptions } from './attribution';
export { PairTally, type PairReport, type PairExample, type PairAnswer } from './pairs';
export { CandidateCollector, wptCandidates, wptBehaviours, verifyCandidates, candidatesJson, candidateComment, behaviourOf, behaviourKey, engineDifferences, engineBehaviour, failStep, failProbes, absoluteForms, reductions, simplifications, singleDeletions, deletionsOf, invisibleIn, Asker, BROWSER_ENGINES, type Behaviour, type EngineBehaviour, type Candidate, type CandidateResult, type CandidateOptions, type CandidateCheck, type NearInput, type WptBehaviours } from './candidates';
export { REPORT_FORMAT, CorpusHash, citation, provenanceLines, type Provenance, type ParserProvenance } from './provenance';
