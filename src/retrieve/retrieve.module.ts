import { Module } from '@nestjs/common';
import { AskService } from './answer/ask.service';
import { DocumentVocabularies } from './document-vocabularies';
import { WholeDocumentAnswers } from './answer/whole-document-answers';
import { AnswerPipeline } from './answer/answer-pipeline';
import { LlmModule } from '../llm/llm.module';
import { DmapRetriever } from './dmap/dmap-retriever';
import { DmapRepository } from './dmap/dmap.repository';
import { ExtractiveAnswerer } from './extractive-answer';
import { G2Retriever } from './g2/g2-retriever';
import { G2Repository } from './g2/g2.repository';
import { NamedPagesService } from './named-pages.service';
import { PageReranker } from './rankers/page-reranker';
import { RANKER_CLASSES, rankersProvider } from './rankers/rankers.provider';
import { RetrieveRepository } from './retrieve.repository';
import { RetrieveService } from './retrieve.service';
import { DocumentRouter } from './routing/document-router';
import { RoutingRepository } from './routing/routing.repository';
import { SearchScopeService } from './routing/search-scope.service';
import { TraceJudge } from './trace/trace-judge';
import { TraceWalker } from './trace/trace-walker';

/** Search strategies (Cypher in cypher/retrieve/), re-ranking and cited answers. */
@Module({
  imports: [LlmModule],
  providers: [
    RetrieveRepository,
    RetrieveService,
    RoutingRepository,
    DocumentRouter,
    SearchScopeService,
    AskService,
    DocumentVocabularies,
    WholeDocumentAnswers,
    ...RANKER_CLASSES,
    rankersProvider,
    PageReranker,
    NamedPagesService,
    ExtractiveAnswerer,
    AnswerPipeline,
    TraceJudge,
    TraceWalker,
    DmapRepository,
    DmapRetriever,
    G2Repository,
    G2Retriever,
  ],
  exports: [RetrieveService, AskService],
})
export class RetrieveModule {}
