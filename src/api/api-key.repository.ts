import { Injectable } from '@nestjs/common';
import { CypherRepository } from '../graph/cypher-repository';

/** An API key as stored: never the secret, and the hash only where a lookup needs it. */
export interface StoredApiKey {
  id: string;
  name: string;
  /** The first characters of the secret, to tell keys apart in a listing. */
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The ApiKey nodes in Neo4j (cypher/api/*). */
@Injectable()
export class ApiKeyRepository extends CypherRepository {
  private readonly q = this.queries('api', {
    create: 'create-api-key',
    findByHash: 'find-api-key-by-hash',
    list: 'list-api-keys',
    countActive: 'count-active-api-keys',
    revoke: 'revoke-api-key',
    touch: 'touch-api-key',
    delete: 'delete-api-keys',
  });

  async create(key: { id: string; name: string; prefix: string; sha256: string; scopes: string[] }) {
    const [row] = await this.graph.write<{ key: StoredApiKey }>(this.q.create, { key });
    return row!.key;
  }

  async findByHash(sha256: string): Promise<StoredApiKey | null> {
    const [row] = await this.graph.read<{ key: StoredApiKey }>(this.q.findByHash, { sha256 });
    return row?.key ?? null;
  }

  async list(): Promise<StoredApiKey[]> {
    return (await this.graph.read<{ key: StoredApiKey }>(this.q.list)).map((r) => r.key);
  }

  async countActive(): Promise<number> {
    const [row] = await this.graph.read<{ active: number }>(this.q.countActive);
    return row?.active ?? 0;
  }

  /** The revoked key, or null when there is no key with this id. */
  async revoke(id: string): Promise<StoredApiKey | null> {
    const [row] = await this.graph.write<{ key: StoredApiKey }>(this.q.revoke, { id });
    return row?.key ?? null;
  }

  async touch(id: string): Promise<void> {
    await this.graph.write(this.q.touch, { id });
  }

  /** Removes keys outright (tests clean up their own; operators revoke). */
  async delete(ids: string[]): Promise<number> {
    const [row] = await this.graph.write<{ deleted: number }>(this.q.delete, { ids });
    return row?.deleted ?? 0;
  }
}
