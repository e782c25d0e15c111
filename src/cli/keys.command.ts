import { NestFactory } from '@nestjs/core';
import { cliLogger } from './cli-logger';
import { Module } from '@nestjs/common';
import { ApiKeyService } from '../api/api-key.service';
import { ApiKeysModule } from '../api/api-keys.module';
import { hashApiKey } from '../api/api-keys';
import { ConfigModule } from '../config/config.module';
import { API_SCOPES } from '../config/api-keys.config';
import { GraphModule } from '../graph/graph.module';
import { printTable } from './ingest.command';

const USAGE = `Usage: folio keys create --name <name> [--scope read|write|admin]... [--json]
       folio keys list [--json]
       folio keys revoke <id>
       folio keys delete <id>
       folio keys hash <key>
  create  stores a new key in Neo4j (only its SHA-256) and prints its secret once; --scope may repeat or be
          comma-separated (default read). read: queries; write: also ingest, delete, enrich; admin: also keys
  list    stored keys: id, name, prefix, scopes, created, last used, revoked; says so when none is active
  revoke  refuses the key from now on (at once in this process, within FOLIO_API_KEY_CACHE_MS in running APIs);
          with no active key left (and no FOLIO_API_KEYS) the API is open again on loopback
  delete  removes a key outright (revoked or not), so it is no longer listed
  hash    prints the sha256 of a key, for a FOLIO_API_KEYS bootstrap entry (<scope>:<sha256>)
Clients send "Authorization: Bearer <key>" (or x-api-key).
`;

/** Only the graph and the keys: no models, no pdf.js. */
@Module({ imports: [ConfigModule, GraphModule, ApiKeysModule] })
class KeysCliModule {}

function option(args: string[], name: string): string[] {
  const values: string[] = [];
  for (let i = 0; i < args.length; i++) if (args[i] === name && args[i + 1]) values.push(args[++i]!);
  return values;
}

/** `folio keys create|list|revoke|delete|hash`: API keys stored hashed in Neo4j. */
export async function runKeysCommand(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  const json = rest.includes('--json');
  if (action === 'hash' && rest.length === 1 && rest[0]) {
    process.stdout.write(`${hashApiKey(rest[0])}\n`);
    return 0;
  }
  if (action === 'create') {
    const [name] = option(rest, '--name');
    const scopes = option(rest, '--scope').flatMap((s) => s.split(','));
    if (!name) {
      process.stderr.write(`folio keys create needs --name <name> (who or what uses the key)\n${USAGE}`);
      return 2;
    }
    const bad = scopes.filter((s) => !API_SCOPES.includes(s as never));
    if (bad.length > 0) {
      process.stderr.write(`--scope must be one of ${API_SCOPES.join(', ')} (got ${JSON.stringify(bad)})\n`);
      return 2;
    }
    return withKeys(async (keys) => {
      const { key, secret } = await keys.create(name, scopes.length > 0 ? scopes : ['read']);
      if (json) process.stdout.write(`${JSON.stringify({ ...key, secret }, null, 2)}\n`);
      else
        process.stdout.write(
          `created key ${key.id} "${key.name}" (${key.scopes.join(', ')})\n` +
            `secret (shown once; only its hash is stored): ${secret}\n`,
        );
      return 0;
    });
  }
  if (action === 'list') {
    return withKeys(async (keys) => {
      const list = await keys.list();
      if (json) {
        process.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        return 0;
      }
      printTable(
        ['id', 'name', 'prefix', 'scopes', 'created', 'last used', 'revoked'],
        list.map((k) => [
          k.id,
          k.name,
          `${k.prefix}…`,
          k.scopes.join(','),
          k.createdAt,
          k.lastUsedAt ?? '–',
          k.revokedAt ?? '–',
        ]),
      );
      const openness = keys.opennessWith(list.filter((k) => !k.revokedAt).length);
      if (openness) process.stdout.write(`${openness}\n`);
      return 0;
    });
  }
  if (action === 'revoke' && rest.length === 1 && rest[0]) {
    const id = rest[0];
    return withKeys(async (keys) => {
      const key = await keys.revoke(id);
      process.stdout.write(`revoked ${key.id} "${key.name}" at ${key.revokedAt}\n`);
      return 0;
    });
  }
  if (action === 'delete' && rest.length === 1 && rest[0]) {
    const id = rest[0];
    return withKeys(async (keys) => {
      await keys.delete(id);
      process.stdout.write(`deleted ${id}\n`);
      return 0;
    });
  }
  process.stdout.write(USAGE);
  return action === '--help' || action === undefined ? 0 : 2;
}

async function withKeys(work: (keys: ApiKeyService) => Promise<number>): Promise<number> {
  const app = await NestFactory.createApplicationContext(KeysCliModule, { logger: cliLogger() });
  try {
    return await work(app.get(ApiKeyService));
  } catch (err) {
    const e = err as Error & { code?: unknown };
    process.stderr.write(`${typeof e.code === 'string' ? `${e.code}: ` : ''}${e.message}\n`);
    return 1;
  } finally {
    await app.close();
  }
}
