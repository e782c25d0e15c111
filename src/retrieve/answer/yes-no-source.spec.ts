import type { AnswerElement } from '../extractive-answer';
import { evidenceOn, textElement } from './testing/evidence-builders';
import type { AnswerEvidence } from './typed-answer';
import { claimWords, verdictOf, yesNoCandidate } from './yes-no-source';

const el = (text: string, kind = 'paragraph'): AnswerElement => textElement(text, { pageNumber: 3, kind });
/** Page 3, brought by the walk's second step and ranked first. */
const evidence = (question: string, elements: AnswerElement[]): AnswerEvidence =>
  evidenceOn(question, 'YES_NO', elements, { step: 2, rank: 0, score: 0.7 });

describe('claimWords', () => {
  it("drops the question's yes-or-no framing", () => {
    expect(claimWords("Answer 'yes' or 'no': does the warranty cover water damage?")).toEqual([
      'warranty',
      'cover',
      'water',
      'damage',
    ]);
  });
});

describe('verdictOf', () => {
  const words = claimWords('Does the warranty cover water damage?');
  it('supports a claim stated with an affirmative cue', () => {
    expect(verdictOf(words, 'The warranty covers water damage for two years.', 'Does…')?.verdict).toBe('Yes');
  });
  it('contradicts a claim stated with a negation', () => {
    expect(verdictOf(words, 'The warranty does not cover water damage.', 'Does…')?.verdict).toBe('No');
  });
  it('neither supports nor contradicts without the key words', () => {
    expect(verdictOf(words, 'The warranty is valid in Europe.', 'Does…')).toBeNull();
  });
  it('turns a negation that agrees with a negated question into yes', () => {
    expect(
      verdictOf(
        claimWords("Isn't water damage covered?"),
        'Water damage is not covered.',
        "Isn't water damage covered?",
      )?.verdict,
    ).toBe('Yes');
  });
});

describe('verdictOf, paraphrased', () => {
  const ask = (question: string, sentence: string) =>
    verdictOf(claimWords(question), sentence, question)?.verdict ?? null;
  it('supports a claim stated in other words, the change in the same direction', () => {
    expect(
      ask(
        'Did visitor numbers at the museum rise in 2019?',
        'In 2019 the museum welcomed more visitors than ever.',
      ),
    ).toBe('Yes');
  });
  it('contradicts a claim whose change the sentence states the other way', () => {
    expect(ask('Did ticket sales rise in 2020?', 'Ticket sales fell sharply in 2020.')).toBe('No');
    expect(ask('Did ticket sales fall in 2020?', 'Ticket sales did not decline in 2020.')).toBe('No');
    expect(ask('Did ticket sales fall in 2020?', 'Ticket sales did not rise in 2020.')).toBeNull();
  });
  it("neither supports nor contradicts when the sentence lacks the claim's name or year", () => {
    expect(
      ask('Did Nordbank raise its dividend in 2021?', 'Southbank raised its dividend in 2021.'),
    ).toBeNull();
    expect(ask('Did ticket sales rise in 2020?', 'Ticket sales rose in 2018.')).toBeNull();
  });
  it('neither supports nor contradicts with a sentence of the same years about another line item', () => {
    expect(
      ask(
        'Did total current liabilities rise from fiscal 2021 to fiscal 2022?',
        'Pension income totaled $40 million in fiscal 2022 compared to $35 million in fiscal 2021, on lower costs.',
      ),
    ).toBeNull();
  });
  it('neither supports nor contradicts a claim of change with a sentence that states no change', () => {
    expect(
      ask(
        'Did the club increase its membership fees in 2021?',
        'The club has published its membership fees for 2021.',
      ),
    ).toBeNull();
  });
});

describe('yesNoCandidate', () => {
  it('answers from the element that denies the claim, cited with its step', () => {
    const found = yesNoCandidate(
      evidence('Does the warranty cover water damage?', [
        el('Warranty', 'heading'),
        el('Our warranty is generous. It does not cover water damage or misuse.'),
      ]),
    );
    expect(found?.answer).toMatchObject({ kind: 'YES_NO', value: 'No' });
    expect(found?.citations).toEqual([
      expect.objectContaining({ pageNumber: 3, step: 2, quote: 'It does not cover water damage or misuse.' }),
    ]);
  });

  it('is null when no element states or denies the claim', () => {
    expect(
      yesNoCandidate(
        evidence('Does the warranty cover water damage?', [el('The warranty lasts two years.')]),
      ),
    ).toBeNull();
  });
});
