import type { AnswerElement } from '../extractive-answer';
import { listCandidate } from './list-source';
import { elementsInOrder, evidenceFrom, evidenceOn, evidencePage } from './testing/evidence-builders';
import type { AnswerKind, EvidencePage } from './typed-answer';

const el = elementsInOrder('d');
const page = (pageNumber: number, step: number, elements: AnswerElement[]): EvidencePage =>
  evidencePage(pageNumber, elements, { step, score: 0.8 });

/** A LIST question asked of one page (the first step's) holding `elements`. */
const listOn = (question: string, elements: AnswerElement[]) =>
  listCandidate(evidenceOn(question, 'LIST', elements, { step: 1, score: 0.8 }));

describe('listCandidate', () => {
  const rover = (kind: AnswerKind, question: string) =>
    listCandidate(
      evidenceFrom(question, kind, [
        page(4, 1, [
          el(4, 'page-header', 'Rover field guide'),
          el(4, 'paragraph', 'The rover was designed for desert survey work over long distances.'),
          el(4, 'heading', 'Sensors on the rover'),
          el(4, 'list', '• Infrared camera\n• Laser rangefinder'),
          el(4, 'page-footer', '4'),
        ]),
        page(5, 2, [el(5, 'list', '• Gas sensor\n• Seismometer'), el(5, 'heading', 'Maintenance')]),
      ]),
    );

  it('gathers the items under the heading that names the subject, across the page break', () => {
    const found = rover('LIST', 'List the sensors on the rover.');
    expect(found?.answer).toMatchObject({
      kind: 'LIST',
      items: ['Infrared camera', 'Laser rangefinder', 'Gas sensor', 'Seismometer'],
      value: null,
    });
    expect(found?.citations.map((c) => [c.pageNumber, c.step])).toEqual([
      [4, 1],
      [5, 2],
    ]);
    // every quote is its element's text
    expect(found?.citations.map((c) => c.quote)).toEqual([
      '• Infrared camera\n• Laser rangefinder',
      '• Gas sensor\n• Seismometer',
    ]);
  });

  it('counts the same items for a count question', () => {
    const found = rover('COUNT', 'How many sensors does the rover carry?');
    expect(found?.answer).toMatchObject({ kind: 'COUNT', value: '4', unit: 'sensors' });
    expect(found?.answer.text).toBe(
      '4 sensors: Infrared camera; Laser rangefinder; Gas sensor; Seismometer [p. 4, p. 5]',
    );
    expect(found?.analysis).toBe(
      'Counted the items of the list on p. 4, p. 5, under "Sensors on the rover" (4).',
    );
  });

  it('does not continue onto a page that is not the next one', () => {
    const found = listCandidate(
      evidenceFrom('List the sensors on the rover.', 'LIST', [
        page(4, 1, [el(4, 'heading', 'Sensors on the rover'), el(4, 'list', '• Infrared camera')]),
        page(9, 2, [el(9, 'list', '• Unrelated item')]),
      ]),
    );
    expect(found?.answer.items).toEqual(['Infrared camera']);
  });

  it('answers nothing when no heading names the subject, or the question asks for no list', () => {
    expect(rover('LIST', 'List the tyres fitted to the trailer.')).toBeNull();
    expect(rover('TEXT', 'What sensors are on the rover?')).toBeNull();
  });

  it('reads the heading above a lead line, and bullet lines set inside a paragraph', () => {
    const found = listOn('What tools does the repair kit contain?', [
      el(7, 'heading', 'Repair kit'),
      el(7, 'paragraph', 'Every van carries one. It contains:'),
      el(7, 'paragraph', '• Torque wrench\n• Spare seals\n• Pipe cutter'),
      el(7, 'paragraph', 'Return the kit after use.'),
    ]);
    expect(found?.answer.items).toEqual(['Torque wrench', 'Spare seals', 'Pipe cutter']);
    expect(found?.citations).toHaveLength(1);
    expect(found?.citations[0]).toMatchObject({ pageNumber: 7, bbox: expect.any(Array) });
  });

  it('lists each item once when the continued page repeats one, and skips number-only "lists"', () => {
    const found = listCandidate(
      evidenceFrom('List the stations on the coastal line.', 'LIST', [
        page(2, 1, [
          el(2, 'list', '-4\n-2\n-7'),
          el(2, 'heading', 'Stations on the coastal line'),
          el(2, 'list', '• Harbour\n• Lighthouse'),
        ]),
        page(3, 2, [el(3, 'list', '• Lighthouse\n• Dunes'), el(3, 'paragraph', 'Trains run hourly.')]),
      ]),
    );
    expect(found?.answer.items).toEqual(['Harbour', 'Lighthouse', 'Dunes']);
    expect(found?.citations.map((c) => c.pageNumber)).toEqual([2, 3]);
  });

  it('prefers, of two lists that name the subject alike, the one with the count asked for', () => {
    const found = listOn('What are the three phases of the drying process?', [
      el(5, 'heading', 'Drying process phases (overview)'),
      el(5, 'list', '• Heat\n• Hold'),
      el(5, 'heading', 'Drying process phases'),
      el(5, 'list', '• Heat\n• Hold\n• Cool'),
    ]);
    expect(found?.answer.items).toEqual(['Heat', 'Hold', 'Cool']);
  });

  it('keeps the last n items when the question asks for the last n', () => {
    const found = listOn('What are the last 2 chapters of the handbook?', [
      el(1, 'heading', 'Chapters of this handbook'),
      el(1, 'list', '1. Welcome\n2. Safety\n3. Tools\n4. Repairs'),
    ]);
    expect(found?.answer.items).toEqual(['Tools', 'Repairs']);
  });

  it('reads an enumeration written in a sentence that names the subject, cited to its element', () => {
    const enumeration = el(
      4,
      'paragraph',
      'The group was founded in 1950. It reports four business segments: Marine; Rail; Energy and Water; Aviation.',
    );
    const found = listOn('What business segments does the group report?', [
      el(4, 'heading', 'Overview'),
      enumeration,
    ]);
    expect(found?.answer).toMatchObject({
      kind: 'LIST',
      items: ['Marine', 'Rail', 'Energy and Water', 'Aviation'],
    });
    expect(found?.citations[0]?.elementId).toBe(enumeration.elementId);
    expect(found?.analysis).toContain('enumerated');
  });

  it('reads no enumeration from a sentence about something else', () => {
    const found = listOn('What business segments does the group report?', [
      el(4, 'paragraph', 'Its ships call at Oslo, Bergen, Hull and Leith.'),
    ]);
    expect(found).toBeNull();
  });

  it('lists the titles of a run of titled paragraphs under the lead that names the subject', () => {
    const found = listOn('What divisions does the shipyard have?', [
      el(9, 'heading', 'Organisation'),
      el(9, 'paragraph', 'The shipyard is organised in three divisions.'),
      el(9, 'paragraph', 'Marine Division: builds ferries and tugs for coastal routes.'),
      el(9, 'paragraph', 'Repair Division: docks and refits vessels of up to 40,000 tonnes.'),
      el(9, 'paragraph', 'Design Office: draws hulls for both divisions and for clients.'),
      el(9, 'paragraph', 'The yard employs 900 people.'),
    ]);
    expect(found?.answer.items).toEqual(['Marine Division', 'Repair Division', 'Design Office']);
    expect(found?.citations).toHaveLength(3);
  });

  it('does not take a single titled paragraph for a list', () => {
    const found = listOn('What divisions does the shipyard have?', [
      el(9, 'paragraph', 'The shipyard is organised in divisions.'),
      el(9, 'paragraph', 'Marine Division: builds ferries and tugs for coastal routes.'),
      el(9, 'paragraph', 'The yard employs 900 people.'),
    ]);
    expect(found).toBeNull();
  });

  it('takes the first titled item from the lead paragraph that opens the run', () => {
    const checks = [
      el(3, 'paragraph', 'Inspectors make three checks on every lift. Is the lift safe?The brakes held.'),
      el(3, 'paragraph', 'Is the lift level?The floor was within 5 mm.'),
      el(3, 'paragraph', 'Is the lift clean?The car was swept.'),
    ];
    const found = listCandidate(
      evidenceFrom('List the checks the inspectors make on every lift.', 'LIST', [page(3, 1, checks)]),
    );
    expect(found?.answer.items).toEqual(['Is the lift safe?', 'Is the lift level?', 'Is the lift clean?']);
    expect(found?.citations.map((c) => c.elementId)).toEqual(checks.map((c) => c.elementId));
  });

  it('takes the list under the numbered heading the question names, not the same lead under another number', () => {
    const lead = 'Goals for this module:';
    const found = listCandidate(
      evidenceFrom('How many learning goals are set in Module 4?', 'COUNT', [
        page(2, 1, [
          el(2, 'heading', 'Module 3: Budgets'),
          el(2, 'paragraph', lead),
          el(2, 'list', '• Read a budget\n• Plan a budget'),
          el(2, 'heading', 'Module 4: Hiring'),
          el(2, 'paragraph', lead),
          el(2, 'list', '• Write a job post\n• Hold an interview'),
        ]),
        page(3, 2, [el(3, 'list', '• Make an offer'), el(3, 'paragraph', 'Module 4 assignments follow.')]),
      ]),
    );
    expect(found?.answer).toMatchObject({ kind: 'COUNT', value: '3', unit: 'learning goals' });
    expect(found?.answer.text).toMatch(/^3 learning goals: Write a job post; Hold an interview; Make an offer/);
    expect(found?.analysis).toContain('under "Module 4: Hiring Goals for this module:"');
  });
});
