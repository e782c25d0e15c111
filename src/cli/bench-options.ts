import { STRATEGIES, Strategy } from '../retrieve/retrieve.types';
import { type BenchScope, TRACE_ABLATIONS, type TraceAblation } from '../eval/bench-report.types';

// Parsing of `folio bench` options: each says what was wrong and what the choices are.

export class UsageError extends Error {}

export function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${name} must be a positive integer, got '${value}'`);
  return n;
}

export function parseStrategies(value: string): Strategy[] {
  const names = value
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  const unknown = names.filter((s) => !(STRATEGIES as readonly string[]).includes(s));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(
      `--strategies: unknown ${unknown.join(', ') || '(none given)'}; choose from ${STRATEGIES.join(', ')}`,
    );
  }
  return [...new Set(names)] as Strategy[];
}

export const PEER_KINDS = ['langchain', 'naive', 'naive-dense'] as const;
export type PeerKind = (typeof PEER_KINDS)[number];

export function parsePeers(value: string): PeerKind[] {
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((s) => !(PEER_KINDS as readonly string[]).includes(s));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(
      `--peers: unknown ${unknown.join(', ') || '(none given)'}; choose from ${PEER_KINDS.join(', ')}`,
    );
  }
  return [...new Set(names)] as PeerKind[];
}

export function parseTraceAblations(value: string): TraceAblation[] {
  const names = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((s) => !(TRACE_ABLATIONS as readonly string[]).includes(s));
  if (unknown.length > 0 || names.length === 0) {
    throw new UsageError(
      `--trace-ablations: unknown ${unknown.join(', ') || '(none given)'}; choose from ${TRACE_ABLATIONS.join(', ')}`,
    );
  }
  return [...new Set(names)] as TraceAblation[];
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
