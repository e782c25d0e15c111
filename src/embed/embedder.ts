/**
 * Turns text into unit-length vectors for the graph's vector indexes. Passages and queries are embedded
 * differently (bge prefixes queries), so callers must pick the right method.
 */
export interface Embedder {
  /** Recorded with the vector indexes; a different model needs a re-embed. */
  readonly modelName: string;
  readonly dimension: number;
  /** Longest input embedded whole, in this embedder's tokens (see countTokens); longer text is truncated. */
  readonly maxTokens: number;
  /** One L2-normalised vector per text, in input order. */
  embedPassages(texts: string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
  /** Tokens `text` takes as a passage, special tokens included: it embeds whole iff countTokens(text) <= maxTokens. */
  countTokens(text: string): number;
  /**
   * Whether the model's vocabulary holds `word` (lower case) whole: a word of the language, so a question's word
   * is never "corrected" into another. Absent when the embedder has no local vocabulary (a remote API).
   */
  readonly knowsWord?: (word: string) => boolean;
  close(): Promise<void>;
}
