import { Module } from '@nestjs/common';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeyService } from './api-key.service';

/** API keys stored in Neo4j; used by the API's key middleware and resolvers and by `folio keys`. */
@Module({
  providers: [ApiKeyRepository, ApiKeyService],
  exports: [ApiKeyService],
})
export class ApiKeysModule {}
