import { GraphError, GraphErrorCode } from './graph.errors';
import { checkEmbeddingModel, fulltextIndexOf, REEMBED_COMMAND } from './migration.service';

describe('checkEmbeddingModel', () => {
  const configured = { model: 'bge-small-en-v1.5', dimension: 384 };

  it('accepts an empty database and the same model', () => {
    expect(() => checkEmbeddingModel(null, configured)).not.toThrow();
    expect(() =>
      checkEmbeddingModel({ model: 'bge-small-en-v1.5', dimension: 384 }, configured),
    ).not.toThrow();
  });

  it('refuses a different model or dimension and names the re-embed command', () => {
    for (const recorded of [
      { model: 'text-embedding-3-small', dimension: 1536 },
      { model: 'bge-small-en-v1.5', dimension: 768 },
    ]) {
      let error: unknown;
      try {
        checkEmbeddingModel(recorded, configured);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(GraphError);
      expect((error as GraphError).code).toBe(GraphErrorCode.EMBEDDING_MODEL_MISMATCH);
      expect((error as GraphError).message).toContain(REEMBED_COMMAND);
    }
  });
});

describe('fulltextIndexOf', () => {
  it('reads the index name and the declared analyzer, or the default one', () => {
    expect(
      fulltextIndexOf(
        "CREATE FULLTEXT INDEX page_text IF NOT EXISTS FOR (n:Page) ON EACH [n.text]\nOPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}",
      ),
    ).toEqual({ name: 'page_text', analyzer: 'english' });
    expect(
      fulltextIndexOf('CREATE FULLTEXT INDEX section_text IF NOT EXISTS FOR (n:Section) ON EACH [n.title]'),
    ).toEqual({ name: 'section_text', analyzer: 'standard-no-stop-words' });
    expect(fulltextIndexOf('CREATE INDEX page_doc_id IF NOT EXISTS FOR (n:Page) ON (n.docId)')).toBeNull();
  });
});
