import { respelled, respellingNote, unknownWords, withCorrections } from './question-spelling';

const spellings = new Map([
  ['advertising', 12],
  ['expenses', 30],
  ['netflix', 60],
  ['white', 4],
  ['latest', 3],
  ['kilns', 2],
  ['kiln', 2],
  ['colour', 5],
]);
// words of the language, as the embedding model's vocabulary would hold them
const WORDS = new Set([
  'what',
  'were',
  'write',
  'answer',
  'colors',
  'expenses',
  'advertising',
  'latest',
  'kilns',
]);
const knowsWord = (w: string) => WORDS.has(w);

describe('respelled', () => {
  it("reads a word the document never prints, and the language does not know, as the document's word one edit away", () => {
    expect(respelled('What were Neflix advertsing expenses in 2015?', spellings, knowsWord)).toEqual({
      question: 'What were Netflix advertising expenses in 2015?',
      corrections: [
        { from: 'Neflix', to: 'Netflix' },
        { from: 'advertsing', to: 'advertising' },
      ],
    });
    expect(respelled('Which is the lastest kiln?', spellings, knowsWord)?.question).toBe(
      'Which is the latest kiln?',
    );
  });
  it('never changes a word of the language, a short word, or one the document prints', () => {
    expect(respelled('Write the answer in colors.', spellings, knowsWord)).toBeNull();
    expect(respelled('What is the kilm?', spellings, knowsWord)).toBeNull(); // four letters: another acronym maybe
    expect(respelled('What were the advertising expenses?', spellings, knowsWord)).toBeNull();
  });
  it('leaves a word that is one edit from two words printed equally often, or from none', () => {
    expect(respelled('How many kilnz?', spellings, knowsWord)).toBeNull();
    expect(respelled('What is the zyxwvut?', spellings, knowsWord)).toBeNull();
  });
  it('lists only the long words the language does not know as the ones that may need the documents', () => {
    expect(unknownWords('What were Neflix advertsing expenses in 2015?', knowsWord)).toEqual([
      'neflix',
      'advertsing',
    ]);
    expect(unknownWords('What were the latest expenses?', knowsWord)).toEqual([]);
  });
  it('applies what it read to the whole question, format instructions included', () => {
    // the search reads the question without "Answer in millions."; the answer reads all of it, respelt
    const r = respelled('What were Neflix advertsing expenses in 2015?', spellings, knowsWord)!;
    expect(withCorrections('What were Neflix advertsing expenses in 2015? Answer in millions.', r)).toBe(
      'What were Netflix advertising expenses in 2015? Answer in millions.',
    );
  });

  it('says what it read', () => {
    const r = respelled('Neflix?', spellings, knowsWord)!;
    expect(respellingNote(r)).toBe('read "Neflix" as "Netflix" (the document\'s spelling)');
  });
});
