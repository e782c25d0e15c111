import { QUARTER_STATEMENT, tablePage } from './testing/evidence-builders';
import type { AnswerEvidence } from './typed-answer';
import { changeCandidate, changeClaim } from './yes-no-change';
import { yesNoCandidate } from './yes-no-source';

const BALANCE = [
  ['(In millions)', '2021', '2020'],
  ['Total debt', '41,200', '44,950'],
  ['Property, plant and equipment, net', '13,745', '13,030'],
  ['Total equity', '77,200', '63,240'],
];

const evidence = (question: string, rows: string[][] = BALANCE): AnswerEvidence => ({
  question,
  kind: 'YES_NO',
  pages: [tablePage(12, rows, { step: 1 })],
});

describe('changeClaim', () => {
  it('reads what changed, which way, and the two periods, earlier first', () => {
    expect(changeClaim('Did the group reduce its total debt between FY21 and FY20?')).toEqual({
      item: 'group total debt',
      direction: 'down',
      from: '2020',
      to: '2021',
      printed: { from: 'FY20', to: 'FY21' },
    });
    expect(changeClaim('Did total equity increase in 2021 compared to 2020?')).toMatchObject({
      item: 'total equity',
      direction: 'up',
      from: '2020',
      to: '2021',
    });
  });
  it('reads no claim of change from a question that compares nothing over time', () => {
    expect(changeClaim('Did the group pay a dividend in 2021?')).toBeNull();
    expect(changeClaim('Is total debt higher than total equity?')).toBeNull();
  });
});

describe('changeCandidate', () => {
  it("computes a total the balance sheet does not print ('its debt') from its lines, with the formula", () => {
    const sheet = [
      ['At December 31, (in millions)', '2031', '2030'],
      ['Debt maturing within one year', '9,900', '7,400'],
      ['Accounts payable', '23,900', '24,800'],
      ['Long-term debt', '140,600', '143,400'],
    ];
    const found = changeCandidate(
      evidence('Has the carrier increased its debt between 2030 and 2031?', sheet),
    );
    expect(found?.answer).toMatchObject({ kind: 'YES_NO', value: 'No' });
    // 150,500 in 2031 against 150,800 in 2030: long-term debt fell more than the current part rose
    expect(found?.answer.text).toMatch(/^No — total debt fell: 150,?500 \(2031\) < 150,?800 \(2030\)/);
    expect(found?.citations).toHaveLength(4);
  });

  it('answers from the two cells of the row, with the comparison as its formula and both cells cited', () => {
    const found = changeCandidate(evidence('Has the group increased its total debt between 2020 and 2021?'));
    expect(found?.answer).toMatchObject({
      kind: 'YES_NO',
      value: 'No',
      formula: '41200 (2021) < 44950 (2020)',
    });
    expect(found?.citations.map((c) => c.quote)).toEqual([
      expect.stringContaining('44,950'),
      expect.stringContaining('41,200'),
    ]);
    expect(
      changeCandidate(
        evidence('Did the group grow its property, plant and equipment, net between FY20 and FY21?'),
      )?.answer.value,
    ).toBe('Yes');
  });
  it('reads PP&E and PPNE as the property, plant and equipment line', () => {
    for (const name of ['PPNE', 'PP&E'])
      expect(
        changeCandidate(evidence(`Did the group grow its ${name} between FY20 and FY21?`))?.answer.value,
      ).toBe('Yes');
  });
  it('reads a quarter asked in the quarter columns of the row, and the share of sales when that is asked', () => {
    const asked = (q: string) => changeCandidate(evidence(q, QUARTER_STATEMENT))?.answer;
    expect(
      asked('Did net earnings as a percent of sales increase in Q2 of FY2023 compared to Q2 of FY2022?'),
    ).toMatchObject({
      value: 'No',
      formula: '13 (2023) < 13.7 (2022)',
    });
    expect(asked('Did net earnings decrease in Q2 of FY2023 compared to Q2 of FY2022?')).toMatchObject({
      value: 'Yes',
      formula: '1210 (2023) < 1240 (2022)',
    });
  });
  it('answers nothing when the tables lack the row or a period', () => {
    expect(
      changeCandidate(evidence('Did the group increase its headcount between 2020 and 2021?')),
    ).toBeNull();
    expect(changeCandidate(evidence('Did total debt increase between 2019 and 2021?'))).toBeNull();
  });
  it('decides the yes/no answer before any sentence is read', () => {
    expect(
      yesNoCandidate(evidence('Did total equity increase in 2021 compared to 2020?'))?.answer.value,
    ).toBe('Yes');
  });
});
