import { answerKindOf } from './answer-kind';
import { captionTitle, captionTitleSource } from './caption-title-source';
import { evidencePage, textElement } from './testing/evidence-builders';

const caption = (pageNumber: number, id: string, text: string) =>
  textElement(text, { pageNumber, elementId: id, kind: 'caption' });

const pages = [
  evidencePage(4, [
    textElement('Tides rose through the decade.', { pageNumber: 4, elementId: 'p' }),
    caption(4, 'c2', 'Figure 2: Tide levels at Kestrel Bay, 2010–2020'),
  ]),
  evidencePage(6, [caption(6, 'c3', 'Fig. 3. Berth occupancy by month'), caption(6, 'c4', 'Table 1 – Fees')]),
];

const ask = (question: string, evidencePages = pages) =>
  captionTitleSource({ question, kind: answerKindOf(question), pages: evidencePages });

describe('captionTitleSource', () => {
  it('answers with the caption of the figure or table the question numbers, without its label', () => {
    expect(ask('What is the title of Figure 3?')?.answer.value).toBe('Berth occupancy by month');
    expect(ask('What is the caption of table 1?')?.answer.value).toBe('Fees');
    const found = ask('What is the title of Figure 2?');
    expect(found?.answer.value).toBe('Tide levels at Kestrel Bay, 2010–2020');
    expect(found?.citations).toEqual([expect.objectContaining({ elementId: 'c2', pageNumber: 4 })]);
  });

  it("reads the named page's only caption for 'the chart on page N'", () => {
    expect(ask('What is the title of the chart on page 4?')?.answer.value).toBe(
      'Tide levels at Kestrel Bay, 2010–2020',
    );
    // two captions on the page: which one is meant is not known
    expect(ask('What is the title of the chart on page 6?', [pages[1]!])).toBeNull();
  });

  it('answers nothing for a figure the evidence does not caption, or a question about something else', () => {
    expect(ask('What is the title of Figure 9?')).toBeNull();
    expect(ask('What does Figure 2 show about tides?')).toBeNull();
  });

  it('keeps an unlabelled caption whole', () => {
    expect(captionTitle('Berth occupancy by month')).toBe('Berth occupancy by month');
  });
});
