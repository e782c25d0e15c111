import type { AnswerElement } from '../extractive-answer';
import { listCandidate, listItems } from './list-source';
import type { AnswerEvidence, AnswerKind, EvidencePage } from './typed-answer';

let order = 0;
const el = (pageNumber: number, kind: string, text: string): AnswerElement => ({
  docId: 'd',
  pageNumber,
  elementId: `p${pageNumber}-e${++order}`,
  kind,
  text,
  description: null,
  bbox: [10, order * 20, 300, order * 20 + 15],
});
const page = (pageNumber: number, step: number, elements: AnswerElement[]): EvidencePage => ({
  docId: 'd',
  pageNumber,
  step,
  rank: step - 1,
  score: 0.8,
  elements,
});
const evidence = (question: string, kind: AnswerKind, pages: EvidencePage[]): AnswerEvidence => ({
  question,
  kind,
  pages,
});

describe('listItems', () => {
  it('splits a list element at its markers and joins wrapped lines to their item', () => {
    expect(listItems('• Infrared camera\n• Laser rangefinder with a\nsecond line\n2) Gas sensor')).toEqual([
      'Infrared camera',
      'Laser rangefinder with a second line',
      'Gas sensor',
    ]);
  });
});

describe('listCandidate', () => {
  const rover = (kind: AnswerKind, question: string) =>
    listCandidate(
      evidence(question, kind, [
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
  });

  it('does not continue onto a page that is not the next one', () => {
    const found = listCandidate(
      evidence('List the sensors on the rover.', 'LIST', [
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
});
