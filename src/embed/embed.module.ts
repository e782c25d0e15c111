import {
  Inject,
  Module,
  type DynamicModule,
  type ModuleMetadata,
  type OnModuleDestroy,
} from '@nestjs/common';
import { createEmbedder, embedderDeps } from './create-embedder';
import { CrossEncoderReranker } from './cross-encoder';
import type { EmbedConfig } from './embed.config';
import { EMBED_CONFIG, EMBEDDER } from './embed.tokens';
import type { Embedder } from './embedder';
import { QueryCachingEmbedder } from './query-cache';

const providers = [
  {
    provide: EMBEDDER,
    useFactory: async (config: EmbedConfig): Promise<Embedder> =>
      new QueryCachingEmbedder(await createEmbedder(config.embedder, embedderDeps(config.openTransport))),
    inject: [EMBED_CONFIG],
  },
  {
    provide: CrossEncoderReranker,
    useFactory: (config: EmbedConfig): CrossEncoderReranker =>
      CrossEncoderReranker.fromConfig(config.reranker),
    inject: [EMBED_CONFIG],
  },
];

/** Provides EMBEDDER and the lazily loaded CrossEncoderReranker; closes their sessions on shutdown. */
@Module({})
export class EmbedModule implements OnModuleDestroy {
  constructor(
    @Inject(EMBEDDER) private readonly embedder: Embedder,
    private readonly reranker: CrossEncoderReranker,
  ) {}

  static forRoot(config: EmbedConfig): DynamicModule {
    return {
      module: EmbedModule,
      global: true,
      providers: [{ provide: EMBED_CONFIG, useValue: config }, ...providers],
      exports: [EMBEDDER, CrossEncoderReranker],
    };
  }

  /** For config that comes from another provider (e.g. the validated app config). */
  static forRootAsync(opts: {
    imports?: ModuleMetadata['imports'];
    inject?: (string | symbol | (abstract new (...args: never[]) => unknown))[];
    useFactory: (...args: never[]) => EmbedConfig | Promise<EmbedConfig>;
  }): DynamicModule {
    return {
      module: EmbedModule,
      global: true,
      imports: opts.imports ?? [],
      providers: [
        { provide: EMBED_CONFIG, useFactory: opts.useFactory, inject: opts.inject ?? [] },
        ...providers,
      ],
      exports: [EMBEDDER, CrossEncoderReranker],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.embedder.close(), this.reranker.close()]);
  }
}
