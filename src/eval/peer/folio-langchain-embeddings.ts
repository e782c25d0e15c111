import { Embeddings } from '@langchain/core/embeddings';
import type { Embedder } from '../../embed/embedder';

/** Folio's Embedder behind LangChain's Embeddings interface, so the peer baseline uses exactly the same vectors. */
export class FolioLangChainEmbeddings extends Embeddings {
  constructor(private readonly embedder: Embedder) {
    super({});
  }

  async embedDocuments(documents: string[]): Promise<number[][]> {
    if (documents.length === 0) return [];
    const vectors = await this.embedder.embedPassages(documents);
    return vectors.map((v) => Array.from(v));
  }

  async embedQuery(document: string): Promise<number[]> {
    return Array.from(await this.embedder.embedQuery(document));
  }
}
