import { asksForColour, colourSource } from './colour-source';
import { askerOf, evidencePage, textElement } from './testing/evidence-builders';

const ask = askerOf(colourSource, 'NAME');

describe('colourSource', () => {
  const page = evidencePage(3, [
    textElement('The kettle is sold in three finishes.', { pageNumber: 3 }),
    textElement('When the water boils, the status lamp turns dark green and the kettle stops.', {
      pageNumber: 3,
      elementId: 'e2',
    }),
  ]);

  it('reads the colour from a sentence about what the question names, cited', () => {
    const found = ask('What colour does the status lamp turn when the water boils?', [page])!;
    expect(found.answer).toMatchObject({ kind: 'NAME', value: 'dark green' });
    expect(found.citations[0]).toMatchObject({ pageNumber: 3, quote: expect.stringContaining('dark green') });
  });

  it('answers nothing when no sentence about the subject names a colour', () => {
    expect(ask('What color is the power cable?', [page])).toBeNull();
    expect(ask('How long does the kettle take to boil?', [page])).toBeNull();
  });

  it('tells a colour question from one that only mentions colours', () => {
    expect(asksForColour('Which colour is the warning light?')).toBe(true);
    expect(asksForColour('What is the color of the stamp?')).toBe(true);
    expect(asksForColour('How many red logos are there?')).toBe(false);
    expect(asksForColour('Which items are marked in blue color?')).toBe(false);
  });
});
