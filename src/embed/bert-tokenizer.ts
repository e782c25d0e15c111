import * as fs from 'node:fs';
import { Tokenizer } from '@huggingface/tokenizers';
import { EmbedError, EmbedErrorCode } from './embed.errors';

/** Token ids and segment ids of one model input, special tokens included. */
export interface EncodedInput {
  ids: number[];
  typeIds: number[];
}

/** What the ONNX encoders need from a tokenizer; a fake in small specs. */
export interface TextEncoder {
  readonly padId: number;
  /** `[CLS] text [SEP]`, truncated to maxTokens. */
  encode(text: string, maxTokens: number): EncodedInput;
  /** `[CLS] a [SEP] b [SEP]` with segment ids 0/1; only `b` is truncated unless `a` alone leaves no room. */
  encodePair(a: string, b: string, maxTokens: number): EncodedInput;
  /** Tokens `encode` would produce without truncation, special tokens included. */
  count(text: string): number;
}

/**
 * BERT-style (WordPiece, [CLS]/[SEP]) tokenizer read from a tokenizer.json. Tokenizers.js does not truncate,
 * so we encode without special tokens, truncate, and add [CLS]/[SEP] ourselves (as the BERT template does).
 */
export class BertTokenizer implements TextEncoder {
  readonly padId: number;
  private readonly clsId: number;
  private readonly sepId: number;

  private constructor(private readonly tokenizer: Tokenizer) {
    this.clsId = requireToken(tokenizer, '[CLS]');
    this.sepId = requireToken(tokenizer, '[SEP]');
    this.padId = requireToken(tokenizer, '[PAD]');
  }

  static fromFile(file: string): BertTokenizer {
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      throw new EmbedError(
        EmbedErrorCode.MODEL_FILES_MISSING,
        `Cannot read tokenizer ${file}: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
    return BertTokenizer.fromJson(json as object);
  }

  /** From the parsed content of a tokenizer.json. */
  static fromJson(json: object): BertTokenizer {
    return new BertTokenizer(new Tokenizer(json, {}));
  }

  encode(text: string, maxTokens: number): EncodedInput {
    const ids = this.pieces(text).slice(0, Math.max(0, maxTokens - 2));
    const all = [this.clsId, ...ids, this.sepId];
    return { ids: all, typeIds: new Array<number>(all.length).fill(0) };
  }

  encodePair(a: string, b: string, maxTokens: number): EncodedInput {
    const room = Math.max(0, maxTokens - 3);
    let first = this.pieces(a);
    let second = this.pieces(b);
    // Keep the query whole; a query longer than half the window is cut too, so the passage is never dropped.
    if (first.length + second.length > room) {
      if (first.length > room / 2)
        first = first.slice(0, Math.max(0, room - Math.min(second.length, Math.ceil(room / 2))));
      second = second.slice(0, room - first.length);
    }
    const ids = [this.clsId, ...first, this.sepId, ...second, this.sepId];
    const typeIds = ids.map((_, i) => (i < first.length + 2 ? 0 : 1));
    return { ids, typeIds };
  }

  count(text: string): number {
    return this.pieces(text).length + 2;
  }

  private pieces(text: string): number[] {
    return this.tokenizer.encode(text, { add_special_tokens: false }).ids;
  }
}

function requireToken(tokenizer: Tokenizer, token: string): number {
  const id = tokenizer.token_to_id(token);
  if (id === undefined) {
    throw new EmbedError(
      EmbedErrorCode.INVALID_CONFIG,
      `Tokenizer has no ${token} token: only BERT-style tokenizers are supported.`,
    );
  }
  return id;
}
