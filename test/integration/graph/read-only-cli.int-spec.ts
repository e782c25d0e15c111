import { runSearchCommand } from '../../../src/cli/ask.command';
import { runListCommand } from '../../../src/cli/list.command';
import { runStatsCommand } from '../../../src/cli/stats.command';
import { GraphExecutor } from '../../../src/graph/graph-executor';
import { MigrationService } from '../../../src/graph/migration.service';

// Read-only CLI commands against the shared Neo4j: they may check that the schema is current, but must not
// migrate it, nor run any other write transaction (the spies see every write path of the executor).
describe('read-only CLI commands', () => {
  let migrate: jest.SpyInstance;
  let writes: jest.SpyInstance[];
  let stdout: jest.SpyInstance;

  beforeEach(() => {
    migrate = jest.spyOn(MigrationService.prototype, 'migrate');
    writes = [
      jest.spyOn(GraphExecutor.prototype, 'write'),
      jest.spyOn(GraphExecutor.prototype, 'writeTx'),
      jest.spyOn(GraphExecutor.prototype, 'runAutoCommit'),
    ];
    stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => jest.restoreAllMocks());

  function expectNoWrite(): void {
    expect(migrate).not.toHaveBeenCalled();
    for (const spy of writes) expect(spy).not.toHaveBeenCalled();
  }

  it('folio list reads the documents without migrating or writing', async () => {
    expect(await runListCommand(['--json'])).toBe(0);
    expect(JSON.parse(String(stdout.mock.calls[0]?.[0]))).toEqual(expect.any(Array));
    expectNoWrite();
  });

  it('folio stats reads the corpus counts without migrating or writing', async () => {
    expect(await runStatsCommand(['--json'])).toBe(0);
    expectNoWrite();
  });

  it('folio search ranks pages without migrating or writing', async () => {
    expect(await runSearchCommand(['revenue growth', '--k', '3', '--json'], 'search')).toBe(0);
    expectNoWrite();
  });
});
