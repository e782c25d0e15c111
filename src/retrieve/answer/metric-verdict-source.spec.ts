import { tableToMarkdown } from '../../document/table-form';
import { metricVerdictSource } from './metric-verdict-source';
import type { EvidencePage } from './typed-answer';

// A balance sheet written for these tests: current liabilities above current assets.
const BALANCE_SHEET: EvidencePage = {
  docId: 'pier',
  pageNumber: 12,
  step: 1,
  rank: 0,
  score: 1,
  elements: [
    {
      docId: 'pier',
      pageNumber: 12,
      elementId: 'pier:p12-e0',
      kind: 'table',
      text: '',
      description: tableToMarkdown([
        ['(In millions)', 'December 31, 2023', 'December 31, 2022'],
        ['Inventories', '300', '280'],
        ['Total current assets', '1,400', '1,700'],
        ['Total current liabilities', '2,000', '1,500'],
      ]),
      bbox: [72, 100, 540, 180],
      cells: null,
    },
  ],
};

const ask = (question: string) => metricVerdictSource({ question, kind: 'YES_NO', pages: [BALANCE_SHEET] });

describe('metricVerdictSource', () => {
  it.each([
    ['Does Pier Holdings have positive working capital based on FY2023 data?', 'No'],
    ['Did Pier Holdings have positive working capital in FY2022?', 'Yes'],
    ['Does Pier Holdings have negative working capital in FY2023?', 'Yes'],
    ['Does Pier Holdings have a healthy liquidity profile based on its quick ratio for FY2023?', 'No'],
    ['Is the liquidity of Pier Holdings adequate based on its current ratio in FY2022?', 'Yes'],
  ])('%s → %s, with the computed value shown', (question, verdict) => {
    const found = ask(question)!;
    expect(found.answer).toMatchObject({ kind: 'YES_NO', value: verdict });
    expect(found.answer.formula).not.toBeNull();
    expect(found.citations.length).toBeGreaterThan(0);
  });

  it('answers nothing for a question that is not yes/no, or names no reading of the metric', () => {
    expect(ask('What was the working capital in FY2023?')).toBeNull();
    expect(ask('Is the current ratio above the industry median in FY2023?')).toBeNull();
  });
});
