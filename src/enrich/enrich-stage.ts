import type { EnrichStageName } from '../document/enrichment-stages';
import type { UsageMeter } from '../llm/llm-usage';
import { EnrichError, EnrichErrorCode } from './enrich.errors';

// The contract every enrichment stage implements (similar, evolve, summaries, tree). EnrichService runs the
// requested stages of one document in order, gives each a context, and records each stage's cost on the
// Document. A stage touches only the nodes of `docId` and edges to them, and is idempotent: it first clears the
// output it wrote on a previous run.

/** `llm`: use the configured model where the stage has an LLM path; `offline`: deterministic fallbacks only. */
export type EnrichMode = 'llm' | 'offline';

export interface EnrichStageContext {
  readonly mode: EnrichMode;
  /** Every LLM call of the stage must pass this meter (LlmCallOptions.meter) so calls and tokens are counted. */
  readonly meter: UsageMeter;
  /** Progress within the stage: `done` of `total` units (pages, elements, rounds — the stage's choice). */
  progress(done: number, total: number, detail?: string): void;
  /** A degradation to report (e.g. an LLM reply skipped after retries) without failing the stage. */
  warn(message: string): void;
  /** Build SIMILAR_TO across the corpus's documents, not only within this one (stages may ignore it). */
  readonly crossDocument: boolean;
  /** Numeric tuning from the CLI/API by name (e.g. `k`, `tau`, `rounds`); a stage ignores names it does not know. */
  readonly params?: Readonly<Record<string, number>>;
  readonly signal?: AbortSignal;
}

/** What a stage reports back; counts are free-form (e.g. `{ edges: 120, pages: 40 }`). */
export interface EnrichStageResult {
  counts: Record<string, number>;
  warnings?: string[];
}

/** A dry-run estimate: how many LLM calls and tokens the stage would use on this document in `mode`. */
export interface EnrichStageEstimate {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  /** What the estimate counts, e.g. "38 elements × 3 rounds". */
  basis: string;
}

export interface EnrichStage {
  readonly name: EnrichStageName;
  run(docId: string, ctx: EnrichStageContext): Promise<EnrichStageResult>;
  estimate(docId: string, mode: EnrichMode): Promise<EnrichStageEstimate>;
  /** Removes this stage's output for the document (enrichment is reversible without deleting the document). */
  clear(docId: string): Promise<void>;
}

/** Every stage by name (EnrichModule provides it); a missing stage or one filed under another's name does not compile. */
export type EnrichStageRegistry = { readonly [N in EnrichStageName]: EnrichStage & { readonly name: N } };

export const ENRICH_STAGES = Symbol('ENRICH_STAGES');

/** The estimate of a stage that makes no LLM calls on this document. */
export function noCallsEstimate(basis: string): EnrichStageEstimate {
  return { calls: 0, promptTokens: 0, completionTokens: 0, basis };
}

/** A stage's settings: its defaults with the numeric params it knows overridden (other names are ignored). */
export function withParams<S extends { [K in keyof S]: number }>(
  defaults: S,
  params: Readonly<Record<string, number>>,
): S {
  const settings = { ...defaults };
  for (const name of Object.keys(defaults) as (keyof S & string)[]) {
    const value = params[name];
    if (value !== undefined) settings[name] = value as S[typeof name];
  }
  return settings;
}

/** Refuses a param that is not an integer ≥ `min`. */
export function requireInteger(name: string, value: number, min: 0 | 1): void {
  if (Number.isInteger(value) && value >= min) return;
  const what = min === 1 ? 'a positive integer' : 'an integer ≥ 0';
  throw new EnrichError(EnrichErrorCode.INVALID_OPTION, `${name} must be ${what} (got ${value}).`);
}

/** Refuses a param outside [low, high]. */
export function requireWithin(name: string, value: number, low: number, high: number): void {
  if (value >= low && value <= high) return;
  throw new EnrichError(
    EnrichErrorCode.INVALID_OPTION,
    `${name} must lie in [${low}, ${high}] (got ${value}).`,
  );
}
