import { BertTokenizer } from './bert-tokenizer';

// A minimal WordPiece tokenizer.json: ids 0–3 special, then one id per word.
const WORDS = ['what', 'is', 'a', 'graph', 'nodes', 'and', 'edges', 'form', 'one', 'two', 'three', 'four'];
const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]'];
const vocab = Object.fromEntries([...SPECIAL, ...WORDS].map((w, i) => [w, i]));
const tokenizerJson = {
  version: '1.0',
  added_tokens: SPECIAL.map((content, id) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  })),
  normalizer: {
    type: 'BertNormalizer',
    clean_text: true,
    handle_chinese_chars: true,
    strip_accents: null,
    lowercase: true,
  },
  pre_tokenizer: { type: 'BertPreTokenizer' },
  post_processor: null,
  decoder: null,
  model: {
    type: 'WordPiece',
    unk_token: '[UNK]',
    continuing_subword_prefix: '##',
    max_input_chars_per_word: 100,
    vocab,
  },
};
const id = (w: string): number => vocab[w] as number;

describe('BertTokenizer', () => {
  const tokenizer = BertTokenizer.fromJson(tokenizerJson);

  it('wraps a single text in [CLS] … [SEP] and counts the special tokens', () => {
    expect(tokenizer.encode('What is a graph', 512)).toEqual({
      ids: [id('[CLS]'), id('what'), id('is'), id('a'), id('graph'), id('[SEP]')],
      typeIds: [0, 0, 0, 0, 0, 0],
    });
    expect(tokenizer.count('What is a graph')).toBe(6);
    expect(tokenizer.padId).toBe(0);
  });

  it('truncates a single text to maxTokens, keeping [SEP] last', () => {
    const { ids } = tokenizer.encode('one two three four', 4);
    expect(ids).toEqual([id('[CLS]'), id('one'), id('two'), id('[SEP]')]);
  });

  it('encodes a pair with segment ids 0 for the query and 1 for the passage', () => {
    expect(tokenizer.encodePair('what is a graph', 'nodes and edges', 512)).toEqual({
      ids: [2, id('what'), id('is'), id('a'), id('graph'), 3, id('nodes'), id('and'), id('edges'), 3],
      typeIds: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    });
  });

  it('truncates the passage, not the query', () => {
    const { ids, typeIds } = tokenizer.encodePair('what is a graph', 'one two three four one two', 12);
    expect(ids).toEqual([
      2,
      id('what'),
      id('is'),
      id('a'),
      id('graph'),
      3,
      id('one'),
      id('two'),
      id('three'),
      id('four'),
      id('one'),
      3,
    ]);
    expect(typeIds).toEqual([0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
  });

  it('cuts a query longer than half the window too, so the passage keeps the other half', () => {
    const { ids } = tokenizer.encodePair(
      'one two three four one two three four',
      'nodes and edges form a graph',
      11,
    );
    expect(ids).toHaveLength(11);
    expect(ids.slice(0, 6)).toEqual([2, id('one'), id('two'), id('three'), id('four'), 3]);
    expect(ids.slice(6)).toEqual([id('nodes'), id('and'), id('edges'), id('form'), 3]);
  });
});
