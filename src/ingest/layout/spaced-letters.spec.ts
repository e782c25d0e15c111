import type { TextItem } from '../../document/document-model';
import { buildSegments } from './lines';
import { joinSpacedLetters } from './spaced-letters';
import { textItemAt } from './testing/layout-fixtures';

const line = (text: string, y: number): TextItem =>
  textItemAt(text, [0, y, 300, y + 10], { fontName: 'Times', fontSize: 10 });

/** The lines' text after the join. */
function joined(texts: string[]): string[] {
  const segments = texts.flatMap((t, i) => buildSegments([line(t, 20 * i)]));
  joinSpacedLetters(segments);
  return segments.map((s) => s.text);
}

describe('joinSpacedLetters', () => {
  it('joins spaced capitals into the words the document prints elsewhere', () => {
    expect(
      joined(['H A R B O U R C O U R T', 'N O R W A Y', 'The harbour court sat in Norway.']).slice(0, 2),
    ).toEqual(['HARBOUR COURT', 'NORWAY']);
  });

  it('keeps a run the document prints no words for: grades, variables, a word it never prints', () => {
    expect(joined(['Grades A B C D and E', 'x y z w', 'Z E P H Y R', 'The grades are listed.'])).toEqual([
      'Grades A B C D and E',
      'x y z w',
      'Z E P H Y R',
      'The grades are listed.',
    ]);
  });
});
