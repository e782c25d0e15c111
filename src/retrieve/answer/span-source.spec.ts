import type { AnswerElement } from '../extractive-answer';
import { answerKindOf } from './answer-kind';
import { spanSource } from './span-source';
import { evidencePage, textElement } from './testing/evidence-builders';
import type { AnswerEvidence } from './typed-answer';

let next = 0;
const element = (text: string, pageNumber = 3): AnswerElement =>
  textElement(text, { pageNumber, elementId: `e${++next}` });

/** Each list of elements a page, in evidence order (step i + 1). */
const evidence = (question: string, ...pages: AnswerElement[][]): AnswerEvidence => ({
  question,
  kind: answerKindOf(question),
  pages: pages.map((elements, i) =>
    evidencePage(elements[0]?.pageNumber ?? i + 1, elements, { docId: 'd', step: i + 1 }),
  ),
});

describe('spanSource: values named by their form', () => {
  it('reads the e-mail address of the person the question names, cited with the sentence that prints it', () => {
    const contacts = element(
      'Counsel: Ms Ada Brennan and Mr Tomas Okafor. Write to abrennan@harbourlaw.example or tokafor@harbourlaw.example.',
    );
    const found = spanSource(evidence('What is the e-mail of Tomas Okafor?', [contacts]));
    expect(found?.answer).toMatchObject({ kind: 'TEXT', value: 'tokafor@harbourlaw.example' });
    expect(found?.citations).toHaveLength(1);
    expect(found?.citations[0]).toMatchObject({ elementId: contacts.elementId, pageNumber: 3, step: 1 });
    expect(contacts.text).toContain(found!.citations[0]!.quote);
    expect(found!.citations[0]!.quote).toContain('tokafor@harbourlaw.example');
  });

  it('reads the fax number, not the phone number beside it', () => {
    const office = element('Northgate Clinic, 12 Mill Road. Tel: 0161 555 0182 Fax: 0161 555 0199');
    const found = spanSource(evidence('What is the fax number of the Northgate Clinic?', [office]));
    expect(found?.answer.value).toBe('0161 555 0199');
  });

  it('does not take a year range or an amount for a phone number', () => {
    const report = element('Between 2015 2016 2017 the Northgate Clinic treated 1,204,331 patients.');
    expect(spanSource(evidence('What is the phone number of the Northgate Clinic?', [report]))).toBeNull();
  });

  it('does not read a phone number for a question that only mentions smartphones', () => {
    const survey = element('Owners aged 75-79 18 20 percent use a smartphone; call 0161 555 0182 to join.');
    const question = 'What shares of owners have a smartphone phone?';
    expect(spanSource({ ...evidence(question, [survey]), kind: 'TEXT' })).toBeNull();
  });

  it('reads the time a screen shows', () => {
    const caption = element('The home screen shows 7:45 AM and the step count.');
    expect(spanSource(evidence('What is the time on the home screen?', [caption]))?.answer.value).toBe(
      '7:45 AM',
    );
  });

  it('answers nothing when several values of the form fit and no question word picks one', () => {
    const list = element('Sales: sales@acme.example. Press: press@acme.example.');
    expect(spanSource(evidence('What is the e-mail address of the auditor?', [list]))).toBeNull();
  });
});

describe('spanSource: sequences', () => {
  it('reads the step between two named steps of a flow printed as separate boxes', () => {
    const boxes = ['Sketching', 'Drafting', 'Review', 'Release'].map((t) => element(t, 5));
    const found = spanSource(evidence('What comes between Drafting and Release in the workflow?', boxes));
    expect(found?.answer.value).toBe('Review');
    expect(found?.citations[0]?.elementId).toBe(boxes[2]!.elementId);
  });

  it('reads the step after a named one in an arrow flow', () => {
    const flow = element('Collect → Clean → Label → Train → Deploy', 6);
    expect(spanSource(evidence('What comes after Label in the pipeline?', [flow]))?.answer.value).toBe(
      'Train',
    );
    expect(spanSource(evidence('What comes before Label in the pipeline?', [flow]))?.answer.value).toBe(
      'Clean',
    );
  });

  it('answers nothing when the named steps are not neighbours in the evidence', () => {
    const flow = element('Collect → Clean → Label → Train → Deploy', 6);
    expect(spanSource(evidence('What comes between Collect and Train?', [flow]))).toBeNull();
  });
});
