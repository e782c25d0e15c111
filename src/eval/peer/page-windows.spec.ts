import { CountTokens, pageWindows, textWindows } from './page-windows';

// A WordPiece-like fake: [CLS] and [SEP] plus one token per started 4 characters of each word.
const pieces: CountTokens = (text) =>
  2 +
  text
    .split(/\s+/)
    .filter(Boolean)
    .reduce((n, w) => n + Math.ceil(w.length / 4), 0);

const words = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

describe('textWindows', () => {
  it('fills each window up to the budget, in order, without overlap or loss', () => {
    const text = words(25);
    const windows = textWindows(text, pieces, 12); // 10 one-token words fit beside the 2 special tokens
    expect(windows.map((w) => w.split(' ').length)).toEqual([10, 10, 5]);
    expect(windows.join(' ')).toBe(text);
    for (const w of windows) expect(pieces(w)).toBeLessThanOrEqual(12);
  });

  it('joins words with single spaces and drops empty text', () => {
    expect(textWindows('  alpha\n\tbeta   gamma \n', pieces, 12)).toEqual(['alpha beta gamma']);
    expect(textWindows(' \n\t ', pieces, 12)).toEqual([]);
  });

  it('keeps the budget when word counts do not add up (the whole window is counted)', () => {
    // Every space costs a token too, which the per-word sum does not see.
    const spaced: CountTokens = (t) => pieces(t) + (t.match(/ /g)?.length ?? 0);
    const windows = textWindows(words(30), spaced, 12);
    expect(windows.join(' ')).toBe(words(30));
    for (const w of windows) expect(spaced(w)).toBeLessThanOrEqual(12);
    expect(spaced(windows[0]!)).toBeGreaterThanOrEqual(11); // still as full as the budget allows
  });

  it('cuts a word longer than the budget by characters', () => {
    const long = 'x'.repeat(100); // 25 tokens
    const windows = textWindows(`short ${long} tail`, pieces, 12);
    expect(windows[0]).toBe('short');
    expect(windows.slice(1, -1).join('')).toBe(long);
    expect(windows.at(-1)).toBe('tail');
    for (const w of windows) expect(pieces(w)).toBeLessThanOrEqual(12);
  });

  it('refuses a budget that leaves no room beside the special tokens', () => {
    expect(() => textWindows('a b', pieces, 2)).toThrow(RangeError);
  });
});

describe('pageWindows', () => {
  it('windows each page on its own, numbering windows per page', () => {
    const windows = pageWindows(
      [
        { pageNumber: 1, text: words(15, 'a') },
        { pageNumber: 2, text: '' },
        { pageNumber: 3, text: words(3, 'c') },
      ],
      pieces,
      12,
    );
    expect(windows.map((w) => [w.pageNumber, w.order])).toEqual([
      [1, 0],
      [1, 1],
      [3, 0],
    ]);
    // the last window of page 1 is short rather than borrowing words from page 3
    expect(windows[1]!.text).toBe('a10 a11 a12 a13 a14');
    expect(windows[2]!.text).toBe('c0 c1 c2');
  });
});
