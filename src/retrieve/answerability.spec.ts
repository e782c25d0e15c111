import {
  ANSWERABILITY_MODEL,
  type AnswerabilityFeatures,
  answerableProbability,
  documentCues,
  DocumentVocabulary,
  namedButAbsent,
  NOTHING_MISSING,
  strongTypedEvidence,
  questionProper,
  withinOneEdit,
} from './answerability';
import { contentWords } from './text-match';

// An invented two-page laptop guide.
const guide = new DocumentVocabulary([
  { docId: 'g', pageNumber: 1, text: 'MacBook Air Essentials. The FaceTime camera sits above the display.' },
  { docId: 'g', pageNumber: 2, text: 'Figure 3: Ports. Battery life is up to 2,018 minutes (2016 model).' },
]);
const cuesOf = (question: string) =>
  documentCues(
    question,
    contentWords(questionProper(question)).map((word) => ({ word, weight: 1 })),
    guide,
  );

/** A strong answer's features: most of the question matched, a typed value, nothing missing; `over` weakens it. */
const featuresOf = (over: Partial<AnswerabilityFeatures> = {}): AnswerabilityFeatures => ({
  bestMatch: 0.9,
  bestScore: 0.5,
  pagesCoverage: 0.9,
  ...NOTHING_MISSING,
  typedAnswer: 1,
  ...over,
});

describe('strongTypedEvidence', () => {
  const features = featuresOf();
  it('holds for a value of the kind asked in a unit with most of the question, nothing named missing', () => {
    expect(strongTypedEvidence(features, true)).toBe(true);
  });
  it('does not hold for a question asking no value, a weak match, no value, or something named but absent', () => {
    expect(strongTypedEvidence(features, false)).toBe(false);
    expect(strongTypedEvidence({ ...features, bestMatch: 0.6 }, true)).toBe(false);
    expect(strongTypedEvidence({ ...features, typedAnswer: 0 }, true)).toBe(false);
    expect(strongTypedEvidence({ ...features, missingNames: 1 }, true)).toBe(false);
    expect(strongTypedEvidence({ ...features, missingNumbers: 1 }, true)).toBe(false);
  });
});

describe('namedButAbsent', () => {
  it('names what the question names and the document lacks: a name, a number, a reference', () => {
    expect(namedButAbsent('How long does the Thinkpad battery last?', guide)).toBe('"thinkpad"');
    expect(namedButAbsent('How long did the battery of the 2019 model last?', guide)).toBe('"2019"');
    expect(namedButAbsent('What does Figure 9 show?', guide)).toBe('"figure 9"');
  });
  it('is null when the document holds all of it, or when nothing is known of the document', () => {
    expect(namedButAbsent('How long does the MacBook Air battery of the 2016 model last?', guide)).toBeNull();
    // one of its names is enough: "Thinkpad" may be what the question calls the MacBook Air
    expect(namedButAbsent('How long does the Thinkpad (or MacBook Air) battery last?', guide)).toBeNull();
    expect(namedButAbsent('How long does the Thinkpad battery last?', null)).toBeNull();
    // the form the answer is asked in names nothing
    expect(namedButAbsent('Write the launch date as YYYY-MM-DD.', guide)).toBeNull();
  });
  it('finds a name of four or more words when all but one of its words are in the document', () => {
    const letter = new DocumentVocabulary([
      { docId: 'l', pageNumber: 1, text: 'Harbour Kiln Works LLP, 12 Quay Street. Fax: 555-0142' },
    ]);
    expect(namedButAbsent('What is the fax of Harbour Kiln Ceramics Works LLP?', letter)).toBeNull();
    expect(namedButAbsent('What is the fax of Harbour Glass Ceramics LLP?', letter)).toBe(
      '"harbour glass ceramics llp"',
    );
    expect(namedButAbsent('What is the fax of Harbour Glass?', letter)).toBe('"harbour glass"');
    expect(namedButAbsent('What is the fax of Harbour Glass Works?', letter)).toBe('"harbour glass works"');
  });
  it('takes a page past the last PDF page for a printed page label when the document prints that number', () => {
    const article = new DocumentVocabulary([
      { docId: 'a', pageNumber: 1, text: 'Proceedings of the harbour workshop, pages 4811–4812\n4811' },
      { docId: 'a', pageNumber: 2, text: 'Tide tables follow.\n4812' },
    ]);
    expect(namedButAbsent('What does the table on page 4812 list?', article)).toBeNull();
    expect(namedButAbsent('What does the table on page 4813 list?', article)).toBe('"page 4813"');
    expect(namedButAbsent('What does the table on page 3 list?', article)).toBe('"page 3"');
  });
});

describe('answerability cues', () => {
  it('drops the answer-format instructions from the question', () => {
    expect(questionProper('What is the battery life? Please write the answer in float format.')).toBe(
      'What is the battery life?',
    );
    expect(questionProper('How many ports are shown? Answer in integer format.')).toBe(
      'How many ports are shown?',
    );
  });

  it('finds the question words, numbers, names and references the document lacks', () => {
    expect(cuesOf('Where is the FaceTime camera of the MacBook Air?')).toMatchObject({
      documentCoverage: 1,
      missingNames: 0,
      missingNumbers: 0,
    });
    const thinkpad = cuesOf('Where is the camera of the Thinkpad X1 in the 2019 model?');
    expect(thinkpad.missingNames).toBe(1); // "Thinkpad X1", one name of two words
    expect(thinkpad.missingNumbers).toBe(1);
    expect(thinkpad.documentCoverage).toBeLessThan(1);
    expect(cuesOf('What does Figure 3 show on page 2?').missingReferences).toBe(0);
    expect(cuesOf('What does Figure 7 show on page 25?').missingReferences).toBe(2);
  });

  it('takes for names only capitalised words that name something', () => {
    // grammar capitalises a sentence's first word; "Page", "Figure" point; "FY2016" is a period, judged as a number
    expect(
      cuesOf('I use a MacBook Air in Mexico. According to the guide, where is the camera?').missingNames,
    ).toBe(
      1, // "Mexico", not "According"
    );
    expect(cuesOf('What does the Figure on Page 2 show about the FY2016 model?').missingNames).toBe(0);
    // a question in capitals names nothing by its capitals
    expect(cuesOf('WHERE IS THE FACETIME CAMERA OF THE DEVICE?').missingNames).toBe(0);
  });

  it('forgives a name a typo or its punctuation, not a missing name', () => {
    expect(cuesOf('Where is the Facetiem camera?').missingNames).toBe(0);
    expect(cuesOf('Does the Mac-Book Air have a camera?').missingNames).toBe(0);
    expect(cuesOf('Is the Essentials.FaceTime camera above the display?').missingNames).toBe(0); // by its parts
    expect(cuesOf('Where is the Thinkpad camera?').missingNames).toBe(1);
    // a short acronym one letter away is another name
    expect(cuesOf('Where does the MBA keep its battery?').missingNames).toBe(1);
  });

  // a letter inserted, deleted, replaced, or two swapped
  it.each(['companay', 'compny', 'compamy', 'comapny'])('counts %p one edit from "company"', (typed) => {
    expect(withinOneEdit('company', typed)).toBe(true);
  });

  it.each(['comapyn', 'companies'])('counts %p more than one edit from "company"', (typed) => {
    expect(withinOneEdit('company', typed)).toBe(false);
  });

  it('reads numbers whole: "18" is not found inside "2018", and "2,018" is 2018', () => {
    expect(guide.hasNumber('2018')).toBe(true);
    expect(guide.hasNumber('18')).toBe(false);
    expect(guide.hasNumber('201')).toBe(false);
  });

  it('knows nothing about a document without text, rather than calling everything missing', () => {
    const empty = documentCues('Which Thinkpad model?', [{ word: 'thinkpad', weight: 1 }], null);
    expect(empty).toEqual(NOTHING_MISSING);
    expect([empty.documentCoverage, empty.missingWords, empty.missingNames]).toEqual([1, 0, 0]);
  });

  it('gives a question whose year the document lacks a lower probability than the same one with its year', () => {
    const base = featuresOf({
      bestMatch: 0.6,
      bestScore: 0.4,
      pagesCoverage: 0.8,
      documentCoverage: 0.9,
      documentPairs: 0.7,
    });
    const withYear = answerableProbability(base);
    const withoutYear = answerableProbability({ ...base, missingNumbers: 1 });
    expect(withoutYear).toBeLessThan(withYear);
    expect(withoutYear).toBeLessThan(ANSWERABILITY_MODEL.threshold);
    expect(withYear).toBeGreaterThan(ANSWERABILITY_MODEL.threshold);
  });
});
