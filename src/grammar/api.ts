// url-grammar/grammar: the grammars as data and what is made from them (parsers, matchers,
// railroad diagrams, EBNF, the grammar lint), without the URL API. For researchers who read and
// draw the rules, and for tools that generate inputs from them (@url-grammar/compare does).

export { URL_GRAMMAR, ENTRY_RULES, type BaseKind } from '../../grammar/url';
export { SPECIAL_SCHEMES } from '../../grammar/scheme';
export { HOST_GRAMMAR } from '../../grammar/host';
export { WRITING_GRAMMAR, WRITING_ENTRY_RULES } from '../../grammar/writing';
export { STATE_OVERRIDES, type StateOverride } from '../../grammar/overrides';
export {
  terminal,
  charset,
  contextTerminal,
  sequence,
  choice,
  optional,
  zeroOrMore,
  oneOrMore,
  nonTerminal,
  lookahead,
  not,
  end,
  N,
  T,
  rule,
  grammarOf,
  type Rule,
  type Shape,
  type Grammar,
  type RecordField,
  type ContextParam,
} from '../../grammar/vocabulary';
export { entryFor } from '../parse';
export { preprocessText } from '../preprocess';
export { compileEntry, compileTracedEntry, type TracedMatch, type TracedEntryParser, type CompileContext, type Match, type Mark } from './compile';
export { branchCatalogue, type BranchCatalogue, type BranchPoint, type BranchKind } from './branches';
export { generateEntry } from './codegen';
export { ruleToSVG, grammarToSVGs, grammarToHTML, traceInput, tracePath, diagramCSS, type TraceEntry, type TracePath } from './railroad';
export { grammarToEBNF, shapeToEBNF } from './ebnf';
export { lintGrammar } from './lint';
