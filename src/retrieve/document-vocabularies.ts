import { Injectable } from '@nestjs/common';
import { PromiseLru } from '../common/promise-lru';
import { DocumentVocabulary } from './answerability';
import { RetrieveRepository } from './retrieve.repository';

/** Document vocabularies kept: a few MB each for a 300-page filing. */
const VOCABULARY_CACHE_SIZE = 16;

/**
 * What documents hold anywhere: the words a question is spelt against before the search, and the offline answer's
 * "Not answerable" cues. Reading every page's text and indexing its words costs ~200 ms on a long filing, so it is
 * read once per document version (re-ingesting a document gives it a new version) and kept; concurrent readers of
 * the same documents share one read.
 */
@Injectable()
export class DocumentVocabularies {
  private readonly cache = new PromiseLru<DocumentVocabulary | null>(VOCABULARY_CACHE_SIZE);

  constructor(private readonly repo: RetrieveRepository) {}

  async of(docIds: string[]): Promise<DocumentVocabulary | null> {
    if (docIds.length === 0) return null;
    const versions = await this.repo.documentVersions(docIds);
    if (versions.length === 0) return null;
    const key = versions
      .map((v) => `${v.docId}@${v.version}`)
      .sort()
      .join('|');
    return this.cache.get(key, async () => {
      const pages = await this.repo.documentPageTexts(versions.map((v) => v.docId));
      return pages.length > 0 ? new DocumentVocabulary(pages) : null;
    });
  }
}
