import { offlineRoute } from '../offline/route.offline';
import { buildRoutePrompt } from './route.prompt';

const input = {
  question: 'How far did the glacier retreat?',
  candidates: [
    { id: 'd1', title: 'Lighthouse keeping', evidence: ['passage: the lamp rotates'] },
    { id: 'd2', title: 'Glacier monitoring', evidence: ['title: Glacier monitoring'] },
    { id: 'd3', title: 'Beekeeping', evidence: [] },
  ],
  pick: 2,
};

describe('route prompt', () => {
  it('lists each candidate with its id and evidence, and keeps only offered ids, each once, at most pick', () => {
    const prompt = buildRoutePrompt(input);
    expect(prompt.role).toBe('route');
    expect(prompt.messages[1]!.content).toContain('[d2] Glacier monitoring\n  - title: Glacier monitoring');
    expect(prompt.messages[0]!.content).toContain('at most 2');
    const reply = prompt.schema.parse({ docIds: 'd9, d2, d2, d1, d3', reason: 'glacier' });
    expect(prompt.finish(reply)).toEqual({ docIds: ['d2', 'd1'], reason: 'glacier' });
  });

  it('offline keeps the fused order', () => {
    expect(offlineRoute(input).docIds).toEqual(['d1', 'd2']);
  });
});
