import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../common/local-paths';

// GDS logs the progress of every projection and algorithm into neo4j.log unless told not to: megabytes under load.
describe('the GDS calls in cypher/analytics', () => {
  const dir = path.join(PROJECT_ROOT, 'cypher', 'analytics');
  const calls = fs
    .readdirSync(dir)
    .map((file) => ({ file, text: fs.readFileSync(path.join(dir, file), 'utf8') }))
    .filter(({ text }) => /gds\.graph\.project\(|gds\.\w+\.stream\(/.test(text));

  it('covers the projections and the algorithms', () => {
    expect(calls.map((c) => c.file)).toEqual(
      expect.arrayContaining(['gds-project-pages.cypher', 'gds-page-rank.cypher', 'gds-wcc.cypher']),
    );
  });

  it.each(calls.map((c) => [c.file, c.text]))('%s passes logProgress: false', (_, text) => {
    expect(text).toMatch(/logProgress:\s*false/);
  });
});
