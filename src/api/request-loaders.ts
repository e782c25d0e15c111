import DataLoader from 'dataloader';
import type {
  ContentRepository,
  ElementLinks,
  PageElementsRequest,
  PageRange,
  PageRef,
  StoredElement,
  StoredPage,
  StoredSection,
} from '../graph/content.repository';
import type { DocumentRepository, StoredDocument } from '../graph/document.repository';
import type {
  EvolutionRepository,
  EvolvedSummary,
  RelatedElementLink,
  StoredRevision,
} from '../enrich/evolution/evolution.repository';
import type { SimilarityRepository, SimilarPageLink } from '../enrich/similarity/similarity.repository';
import type { StoredSummary, SummariesRepository } from '../enrich/summaries/summaries.repository';

/** Keys per batched query, so one query's parameter list stays small enough to plan and send quickly. */
const MAX_BATCH = 500;

function loader<K, V, C = K>(
  load: (keys: K[]) => Promise<V[]>,
  cacheKeyFn?: (key: K) => C,
): DataLoader<K, V, C> {
  return new DataLoader<K, V, C>((keys) => load([...keys]), { maxBatchSize: MAX_BATCH, cacheKeyFn });
}

/** The repositories the loaders read through. */
export interface LoaderSources {
  content: ContentRepository;
  documents: DocumentRepository;
  evolution: EvolutionRepository;
  similarity: SimilarityRepository;
  summaries: SummariesRepository;
}

const pageKey = (p: PageRef): string => `${p.docId}\u0000${p.number}`;

/** The child summaries of each parent, in the order the summaries query gives: one query per document. */
async function childSummaries(
  summaries: SummariesRepository,
  parents: StoredSummary[],
): Promise<StoredSummary[][]> {
  const idsByDoc = new Map<string, Set<string>>();
  for (const p of parents) {
    const ids = idsByDoc.get(p.docId) ?? new Set<string>();
    for (const id of p.childIds) ids.add(id);
    idsByDoc.set(p.docId, ids);
  }
  const byDoc = new Map<string, StoredSummary[]>();
  await Promise.all(
    [...idsByDoc].map(async ([docId, ids]) =>
      byDoc.set(docId, await summaries.storedSummaries(docId, { ids: [...ids], limit: ids.size })),
    ),
  );
  return parents.map((p) => {
    const wanted = new Set(p.childIds);
    return (byDoc.get(p.docId) ?? []).filter((s) => wanted.has(s.id));
  });
}

/**
 * Per-request batchers for the per-parent fields: every load made while one level of a query resolves becomes
 * one Cypher query for all parents, and a key asked twice in a request is read once. Created per request, so
 * nothing is cached across requests.
 */
export class RequestLoaders {
  readonly document: DataLoader<string, StoredDocument | null>;
  readonly page: DataLoader<PageRef, StoredPage | null, string>;
  readonly pagesOf: DataLoader<PageRange, StoredPage[], string>;
  readonly pageElements: DataLoader<PageElementsRequest, StoredElement[], string>;
  readonly element: DataLoader<string, StoredElement | null>;
  readonly elementLinks: DataLoader<string, ElementLinks | null>;
  readonly section: DataLoader<string, StoredSection | null>;
  readonly sectionsOf: DataLoader<string, StoredSection[]>;
  readonly sectionElements: DataLoader<string, StoredElement[]>;
  readonly similarPages: DataLoader<PageRef, SimilarPageLink[], string>;
  readonly evolved: DataLoader<string, EvolvedSummary | null>;
  readonly related: DataLoader<string, RelatedElementLink[]>;
  readonly revisions: DataLoader<string, StoredRevision[]>;
  readonly summaryChildren: DataLoader<StoredSummary, StoredSummary[], string>;

  constructor({ content, documents, evolution, similarity, summaries }: LoaderSources) {
    this.document = loader((ids) => documents.getMany(ids));
    this.page = loader((refs) => content.pagesAt(refs), pageKey);
    this.pagesOf = loader(
      (ranges) => content.pagesIn(ranges),
      (r) => `${r.docId}\u0000${r.from}\u0000${r.to}`,
    );
    this.pageElements = loader(
      (requests) => content.elementsOn(requests),
      (r) => JSON.stringify([r.docId, r.number, r.kinds]),
    );
    this.element = loader((ids) => content.elementsById(ids));
    this.elementLinks = loader((ids) => content.linksOf(ids));
    this.section = loader((ids) => content.sectionsById(ids));
    this.sectionsOf = loader((docIds) => content.sectionsOf(docIds));
    this.sectionElements = loader((ids) => content.elementsIn(ids));
    this.similarPages = loader((refs) => similarity.pageEdgesOf(refs), pageKey);
    this.evolved = loader((ids) => evolution.summariesOf(ids));
    this.related = loader((ids) => evolution.relatedOf(ids));
    this.revisions = loader((ids) => evolution.revisionsOf(ids));
    this.summaryChildren = loader(
      (parents) => childSummaries(summaries, parents),
      (s) => s.id,
    );
  }

  /** The elements among `ids` that exist, in the order given. */
  async elements(ids: string[]): Promise<StoredElement[]> {
    const loaded = await this.element.loadMany(ids);
    return loaded.filter((e): e is StoredElement => e !== null && !(e instanceof Error));
  }
}
