import type { AnswerElement, ExtractiveAnswer } from '../extractive-answer';
import { notAnswerableAnswer, typedFromExtractive } from './extractive-source';
import { textElement } from './testing/evidence-builders';
import type { AnswerKind } from './typed-answer';

const element = (text: string, description: string | null = null): AnswerElement =>
  textElement(text, { pageNumber: 4, kind: description ? 'table' : 'paragraph', description });

const answered = (quoted: ExtractiveAnswer['quoted']): ExtractiveAnswer => ({
  answer: quoted.map((q) => `${q.text} [p. 4]`).join(' '),
  answerable: true,
  mode: 'extractive',
  format: 'String',
  analysis: null,
  citations: [],
  quoted,
});

/** The typed form of an extractive answer that quoted `sentence`, a paragraph of page 4. */
const fromSentence = (kind: AnswerKind, question: string, sentence: string) =>
  typedFromExtractive(
    kind,
    question,
    answered([{ text: sentence, cellValue: null, element: element(sentence) }]),
  );

/** The typed form of an extractive answer that quoted one cell of `table`: its `text`, reading `cellValue`. */
const fromCell = (
  kind: AnswerKind,
  question: string,
  table: AnswerElement,
  text: string,
  cellValue: string,
) => typedFromExtractive(kind, question, answered([{ text, cellValue, element: table }]));

describe('typedFromExtractive', () => {
  it("reads a cell's value with the unit its column label names and the table's printed scale", () => {
    const table = element(
      'Revenue by segment (in millions)',
      '| Segment | Revenue ($) |\n|---|---|\n| Cloud | 1,250 |',
    );
    const typed = fromCell(
      'NUMBER',
      'What revenue did the Cloud segment report?',
      table,
      'Cloud, Revenue ($): 1,250',
      '1,250',
    );
    expect(typed).toEqual({
      text: '1,250 (USD, in millions) — Cloud, Revenue ($): 1,250 [p. 4]',
      kind: 'NUMBER',
      value: '1250',
      unit: 'USD',
      scale: 'millions',
      items: [],
      formula: null,
    });
  });

  it('reads a footnote mark in a row label as no unit, and a one-letter unit as one', () => {
    const table = element(
      'Five-year summary (in millions)',
      '| | 2024 |\n|---|---|\n| Net income (a) | 812.4 |',
    );
    const marked = fromCell(
      'NUMBER',
      'What was net income in 2024?',
      table,
      'Net income (a), 2024: 812.4',
      '812.4',
    );
    expect(marked).toMatchObject({ value: '812.4', unit: null, scale: 'millions' });
    const lengths = element('Hull lengths', '| Vessel | Length (m) |\n|---|---|\n| Tug | 32 |');
    const metres = fromCell('NUMBER', 'How long is the tug?', lengths, 'Tug, Length (m): 32', '32');
    expect(metres).toMatchObject({ value: '32', unit: 'm' });
  });

  it('reads a year from a sentence for a date question', () => {
    const s = 'The plant was commissioned in 1987 by the regional utility.';
    const typed = fromSentence('DATE', 'When was the plant commissioned?', s);
    expect(typed).toMatchObject({ kind: 'DATE', value: '1987' });
  });

  it('keeps the sentence as a TEXT answer when it states no value of the kind asked for', () => {
    const s = 'The plant is run by the regional utility.';
    const typed = fromSentence('NUMBER', 'How much power does the plant make?', s);
    expect(typed).toMatchObject({ kind: 'TEXT', value: s, text: `${s} [p. 4]` });
  });

  it('keeps several quoted units as sentences: one value would drop the others', () => {
    const a = 'Recall was 0.75.';
    const b = 'Latency was 410 ms.';
    const typed = typedFromExtractive(
      'NUMBER',
      'What recall and latency does it reach?',
      answered([
        { text: a, cellValue: null, element: element(a) },
        { text: b, cellValue: null, element: element(b) },
      ]),
    );
    expect(typed.kind).toBe('TEXT');
  });

  it('says Not answerable with the kind asked for and no value', () => {
    expect(notAnswerableAnswer('PERCENTAGE')).toEqual({
      text: 'Not answerable',
      kind: 'PERCENTAGE',
      value: null,
      unit: null,
      scale: null,
      items: [],
      formula: null,
    });
  });
});

describe('typedFromExtractive: short spans', () => {
  it('answers a text question with the span of the sentence that answers it, the sentence kept as the text', () => {
    const s = 'The first prototype was assembled in the Delft Maker Lab, and later moved to a hangar.';
    const typed = fromSentence('NAME', 'Where was the first prototype assembled?', s);
    expect(typed).toMatchObject({
      kind: 'NAME',
      value: 'Delft Maker Lab',
      text: `Delft Maker Lab — ${s} [p. 4]`,
    });
  });

  it('answers a question asking for a description with the whole sentence', () => {
    const s =
      'The rule of thirds places the subject along imaginary lines that divide the frame into thirds.';
    const typed = fromSentence('TEXT', 'How does the guide define the rule of thirds?', s);
    expect(typed).toMatchObject({ kind: 'TEXT', value: s, text: `${s} [p. 4]` });
    const named = 'The marker GX2 defines the northern boundary of the reserve.';
    expect(fromSentence('TEXT', 'What does the marker GX2 define?', named).value).toBe(
      'northern boundary of the reserve',
    );
  });

  it.each([
    {
      answers: "a table cell's own words when the quoted unit is a cell",
      kind: 'TEXT' as const,
      question: 'Which berth does the Aurora use?',
      table: element('Dock assignments', '| Vessel | Berth |\n|---|---|\n| Aurora | North Quay |'),
      quoted: { text: 'Aurora, Berth: North Quay', cell: 'North Quay' },
      value: 'North Quay',
    },
    {
      answers: 'the row label when the question names the cell value and asks what it labels',
      kind: 'NAME' as const,
      question: "What's the district name for code KX04?",
      table: element('Districts', '| District | Code |\n|---|---|\n| 4. Pine Hollow | KX04 |'),
      quoted: { text: '4. Pine Hollow, Code: KX04', cell: 'KX04' },
      value: 'Pine Hollow',
    },
  ])('answers with $answers', ({ kind, question, table, quoted, value }) => {
    expect(fromCell(kind, question, table, quoted.text, quoted.cell)).toMatchObject({ kind, value });
  });

  it('answers the option the question offers that the quoted sentence states', () => {
    const s = 'The battery gauge sits on the left of the dashboard, under the clock.';
    const typed = fromSentence(
      'TEXT',
      "Is the battery gauge on the left or right of the dashboard? Answer 'left' or 'right'.",
      s,
    );
    expect(typed).toMatchObject({ value: 'left' });
  });

  it.each([
    {
      when: 'the span of a name question is one lower-case word',
      question: 'Which figures show the repair of the pump?',
      sentence: 'It comprises the study of factors that can damage the pump.',
    },
    {
      when: 'its values did not decide a comparison, even one naming an alternative',
      question: 'Which port handled more cargo in 2020, Rotterdam or Antwerp?',
      sentence: 'Rotterdam remains the busiest port on the North Sea coast.',
    },
    {
      when: 'the sequence did not answer a sequence question',
      question: 'What comes after imaging in the observing night?',
      sentence: 'After imaging the team logs the weather and the seeing.',
    },
  ])('keeps the sentence when $when', ({ question, sentence }) => {
    expect(fromSentence('NAME', question, sentence)).toMatchObject({ kind: 'TEXT', value: sentence });
  });
});
