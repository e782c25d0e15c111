import { STRATEGIES, Strategy } from '../retrieve/retrieve.types';
import { type BenchScope, TRACE_ABLATIONS, type TraceAblation } from '../eval/bench-report.types';
import { commaList } from '../common/comma-list';

// Parsing of `folio bench` options: each says what was wrong and what the choices are.

export class UsageError extends Error {}

export function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${name} must be a positive integer, got '${value}'`);
  return n;
}

/** A comma-separated list of `choices` (case as `upper` says), each once; names the unknown ones and the choices. */
function parseChoices<C extends string>(
  option: string,
  value: string,
  choices: readonly C[],
  upper = false,
): C[] {
  const names = commaList(value).map((s) => (upper ? s.toUpperCase() : s.toLowerCase()));
  const unknown = names.filter((s) => !(choices as readonly string[]).includes(s));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(
      `${option}: unknown ${unknown.join(', ') || '(none given)'}; choose from ${choices.join(', ')}`,
    );
  }
  return [...new Set(names)] as C[];
}

export function parseStrategies(value: string): Strategy[] {
  return parseChoices('--strategies', value, STRATEGIES, true);
}

export const PEER_KINDS = ['langchain', 'naive', 'naive-dense'] as const;
export type PeerKind = (typeof PEER_KINDS)[number];

export function parsePeers(value: string): PeerKind[] {
  return parseChoices('--peers', value, PEER_KINDS);
}

export function parseTraceAblations(value: string): TraceAblation[] {
  return parseChoices('--trace-ablations', value, TRACE_ABLATIONS);
}

export function parseScope(value: string): BenchScope {
  if (value === 'document' || value === 'corpus') return value;
  throw new UsageError(`--scope must be document or corpus, got '${value}'`);
}

export function parseRerank(value: string): boolean[] {
  switch (value) {
    case 'both':
      return [false, true];
    case 'on':
      return [true];
    case 'off':
      return [false];
    default:
      throw new UsageError(`--rerank must be both, on or off, got '${value}'`);
  }
}

export const GRADER_CHOICES = ['strict', 'lenient', 'both'] as const;
export type GraderChoice = (typeof GRADER_CHOICES)[number];

/** strict (default): the typed-value grader; lenient: the LLM judge, or offline the string match; both: side by side. */
export function parseGrader(value: string): GraderChoice {
  if ((GRADER_CHOICES as readonly string[]).includes(value)) return value as GraderChoice;
  throw new UsageError(`--grader must be ${GRADER_CHOICES.join(', ')}, got '${value}'`);
}
