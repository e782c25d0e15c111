import { expectsYesNo, runInHead, unitsOf } from './answer-units';

describe('runInHead', () => {
  it('reads a short title closed by a full stop before the sentences it names', () => {
    expect(runInHead('Rule of echoes. Sounds that repeat are heard as one rhythm.')).toBe('Rule of echoes');
    expect(runInHead('Data collection (2019). We asked 400 people.')).toBe('Data collection (2019)');
    expect(runInHead('Proximity. We see close objects as a group.')).toBe('Proximity');
  });

  it('reads none from a plain opening sentence, a lone line or a long title', () => {
    expect(runInHead('It works well. The rest follows.')).toBeNull();
    expect(runInHead('Rule of echoes.')).toBeNull();
    expect(runInHead('Thanks. We will reply soon.')).toBeNull();
    expect(runInHead('Go. Then stop.')).toBeNull();
    expect(runInHead('the rule of echoes. Sounds repeat.')).toBeNull();
    expect(runInHead('A rule about seven long words in a title. Sounds repeat.')).toBeNull();
  });
});

describe('unitsOf', () => {
  const paragraph = (text: string) => ({ kind: 'paragraph', text, description: null });

  it('matches the sentences after a run-in head with the head, shows them as written, and quotes no head', () => {
    expect(unitsOf(paragraph('Rule of echoes. Sounds repeat. They fade.'))).toEqual([
      { text: 'Sounds repeat.', matchText: 'Rule of echoes. Sounds repeat.', hasNumber: false },
      { text: 'They fade.', matchText: 'Rule of echoes. They fade.', hasNumber: false },
    ]);
  });

  it("reads a table's cells with their labels", () => {
    const table = { kind: 'table', text: 'x', description: '| | 2020 |\n| --- | --- |\n| Sales | 12 |' };
    expect(unitsOf(table)).toEqual([
      { text: 'Sales, 2020: 12', matchText: ' Sales 2020 12', hasNumber: true },
    ]);
  });
});

describe('expectsYesNo', () => {
  it('reads a yes/no question from where it opens, past a framing clause', () => {
    expect(expectsYesNo('Based on the balance sheet, did the carrier reduce its debt?')).toBe(true);
    expect(expectsYesNo('In 2031, which river carried the most freight?')).toBe(false);
  });
});
