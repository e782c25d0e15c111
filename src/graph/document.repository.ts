import { Injectable } from '@nestjs/common';
import type { DocumentKind } from '../document/document-kind';
import { CypherRepository } from './cypher-repository';

export interface StoredDocument {
  id: string;
  title: string;
  fileName: string;
  sha256: string;
  pageCount: number;
  status: 'INGESTING' | 'READY' | 'FAILED';
  ingestedAt: string;
  /** Labels set at ingest ([] when none). */
  tags: string[];
  /** Null on a document ingested before kinds were recorded, until migration 039 sets it. */
  kind: DocumentKind | null;
  embeddingModel: string | null;
}

export interface DocumentPage {
  documents: StoredDocument[];
  hasNextPage: boolean;
  totalCount: number;
}

export interface DocumentCursor {
  ingestedAt: string;
  id: string;
}

export function encodeCursor(doc: Pick<StoredDocument, 'ingestedAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([doc.ingestedAt, doc.id])).toString('base64url');
}

/** Decodes a cursor made by encodeCursor; null when it is not one. */
export function decodeCursor(cursor: string): DocumentCursor | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string') {
      return { ingestedAt: v[0], id: v[1] };
    }
  } catch {
    // fall through: not a cursor of ours
  }
  return null;
}

/** Reads documents from the graph. */
@Injectable()
export class DocumentRepository extends CypherRepository {
  private readonly q = this.queries('graph', {
    list: 'list-documents',
    count: 'count-documents',
    getMany: 'get-documents',
  });

  /** A page of the documents whose status is one of `statuses` (READY only by default: the ones that are served). */
  async list(
    first: number,
    after: DocumentCursor | null,
    statuses: readonly StoredDocument['status'][] = ['READY'],
  ): Promise<DocumentPage> {
    return this.graph.readTx('list-documents', async (tx) => {
      const rows = await tx.run<{ document: StoredDocument }>(this.q.list, {
        afterIngestedAt: after?.ingestedAt ?? null,
        afterId: after?.id ?? null,
        limit: first + 1,
        statuses,
      });
      const [count] = await tx.run<{ total: number }>(this.q.count, { statuses });
      return {
        documents: rows.slice(0, first).map((r) => r.document),
        hasNextPage: rows.length > first,
        totalCount: count?.total ?? 0,
      };
    });
  }

  async get(id: string): Promise<StoredDocument | null> {
    return (await this.getMany([id]))[0] ?? null;
  }

  /** Documents by id in the order given, null where there is none (one query for many parents). */
  async getMany(ids: string[]): Promise<Array<StoredDocument | null>> {
    if (ids.length === 0) return [];
    const rows = await this.graph.read<{ document: StoredDocument }>(this.q.getMany, { ids });
    const byId = new Map(rows.map((r) => [r.document.id, r.document]));
    return ids.map((id) => byId.get(id) ?? null);
  }
}
