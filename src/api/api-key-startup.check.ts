import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ApiKeyService } from './api-key.service';

/** The API does not start beyond loopback when no API key exists anywhere (FOLIO_API_KEYS or Neo4j). */
@Injectable()
export class ApiKeyStartupCheck implements OnApplicationBootstrap {
  constructor(private readonly keys: ApiKeyService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.keys.assertServable();
  }
}
