import { contradicted } from './contrast';

describe('contradicted', () => {
  it('names the question words whose opposite the text prints instead', () => {
    expect(
      contradicted('What is used for long-distance links?', 'Radio is used for short range links.'),
    ).toEqual(['long']);
    expect(contradicted('Which exports increased in 2020?', 'Imports decreased in 2020.')).toEqual([
      'exports',
      'increased',
    ]);
  });

  it('is empty when the text prints the word itself, or the question asks about both', () => {
    expect(contradicted('Which is the long route?', 'The long route, not the short one.')).toEqual([]);
    expect(contradicted('Compare the high and low tides.', 'The low tide is at noon.')).toEqual([]);
    expect(contradicted('When does the ferry leave?', 'It leaves before noon.')).toEqual([]);
  });
});
