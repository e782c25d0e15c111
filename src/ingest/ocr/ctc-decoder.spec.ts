import { ctcGreedyDecode, parseCharacterDictionary } from './ctc-decoder';

// Classes: 0 blank, 1 'a', 2 'b', 3 'c', 4 ' ' (the space the parser appends).
const DICTIONARY = parseCharacterDictionary('a\nb\nc\n');
const CLASSES = DICTIONARY.length + 1;

/** One step per entry: the winning class gets `p`, the rest share what is left; `space` sets the space class. */
function steps(...rows: Array<{ cls: number; p?: number; space?: number }>): Float32Array {
  const data = new Float32Array(rows.length * CLASSES);
  rows.forEach(({ cls, p = 0.9, space }, step) => {
    for (let c = 0; c < CLASSES; c++) data[step * CLASSES + c] = (1 - p) / (CLASSES - 1);
    if (space !== undefined) data[step * CLASSES + 4] = space;
    data[step * CLASSES + cls] = p;
  });
  return data;
}

describe('parseCharacterDictionary', () => {
  it('reads one character per line, ignores a trailing newline and CRs, and appends the space class', () => {
    expect(parseCharacterDictionary('a\r\nb\nc\n')).toEqual(['a', 'b', 'c', ' ']);
    expect(parseCharacterDictionary('a\nb')).toEqual(['a', 'b', ' ']);
  });
});

describe('ctcGreedyDecode', () => {
  it('collapses repeats, drops blanks and maps class i to dictionary[i - 1]', () => {
    const data = steps(
      { cls: 1 },
      { cls: 1 },
      { cls: 0 },
      { cls: 2 },
      { cls: 0 },
      { cls: 2 },
      { cls: 3 },
      { cls: 3 },
    );
    expect(ctcGreedyDecode(data, 8, CLASSES, DICTIONARY).text).toBe('abbc');
  });

  it('scores confidence as the mean winning probability of the characters kept', () => {
    const data = steps({ cls: 1, p: 0.8 }, { cls: 1, p: 0.2 }, { cls: 0, p: 0.99 }, { cls: 2, p: 0.6 });
    const decoded = ctcGreedyDecode(data, 4, CLASSES, DICTIONARY);
    expect(decoded.text).toBe('ab');
    expect(decoded.confidence).toBeCloseTo(0.7, 5);
  });

  it('returns empty text with confidence 0 for all blanks', () => {
    expect(ctcGreedyDecode(steps({ cls: 0 }, { cls: 0 }), 2, CLASSES, DICTIONARY)).toEqual({
      text: '',
      confidence: 0,
    });
  });

  it('decodes the sequence at an offset (one item of a batch)', () => {
    const batch = new Float32Array([...steps({ cls: 1 }, { cls: 0 }), ...steps({ cls: 3 }, { cls: 2 })]);
    expect(ctcGreedyDecode(batch, 2, CLASSES, DICTIONARY, { offset: 2 * CLASSES }).text).toBe('cb');
  });

  it('keeps a space the model emits, and adds one where the blank wins a gap but the space class is high', () => {
    const emitted = steps({ cls: 1 }, { cls: 4 }, { cls: 2 });
    expect(ctcGreedyDecode(emitted, 3, CLASSES, DICTIONARY, { spaceThreshold: 0.1 }).text).toBe('a b');

    const hidden = steps(
      { cls: 1 },
      { cls: 0, p: 0.6, space: 0.3 },
      { cls: 2 },
      { cls: 0, space: 0.02 },
      { cls: 3 },
    );
    expect(ctcGreedyDecode(hidden, 5, CLASSES, DICTIONARY, { spaceThreshold: 0.1 }).text).toBe('a bc');
    expect(ctcGreedyDecode(hidden, 5, CLASSES, DICTIONARY).text).toBe('abc');
  });

  it('never starts text with an inferred space or doubles one', () => {
    const data = steps(
      { cls: 0, p: 0.6, space: 0.3 },
      { cls: 1 },
      { cls: 0, p: 0.6, space: 0.3 },
      { cls: 4 },
      { cls: 2 },
    );
    expect(ctcGreedyDecode(data, 5, CLASSES, DICTIONARY, { spaceThreshold: 0.1 }).text).toBe('a b');
  });
});
