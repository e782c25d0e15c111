import { Module } from '@nestjs/common';
import { BenchCorpusRepository } from './bench-corpus.repository';
import { NaivePassagesRepository } from './peer/naive-passages.repository';

/** The benchmarks' own queries (GraphModule, global, provides the executor). */
@Module({
  providers: [BenchCorpusRepository, NaivePassagesRepository],
  exports: [BenchCorpusRepository, NaivePassagesRepository],
})
export class EvalModule {}
