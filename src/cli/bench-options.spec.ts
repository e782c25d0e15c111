import { parseGrader, parsePeers, parseRerank, parseStrategies, UsageError } from './bench-options';

describe('folio bench options', () => {
  it('--grader takes strict, lenient or both and names the choices otherwise', () => {
    expect(parseGrader('strict')).toBe('strict');
    expect(parseGrader('both')).toBe('both');
    expect(() => parseGrader('llm')).toThrow(
      new UsageError("--grader must be strict, lenient, both, got 'llm'"),
    );
  });

  it('reads strategies and rerank as before the options moved', () => {
    expect(parseStrategies('graph, vector,GRAPH')).toEqual(['GRAPH', 'VECTOR']);
    expect(() => parseStrategies('GRAFF')).toThrow(/unknown GRAFF; choose from VECTOR/);
    expect(parseRerank('both')).toEqual([false, true]);
  });

  it('reads peers in any case, each once, and names the choices for an unknown one or none', () => {
    expect(parsePeers('Naive, naive,langchain')).toEqual(['naive', 'langchain']);
    expect(() => parsePeers('bm25')).toThrow(
      new UsageError('--peers: unknown bm25; choose from langchain, naive, naive-dense'),
    );
    expect(() => parsePeers(' , ')).toThrow(/unknown \(none given\)/);
  });
});
