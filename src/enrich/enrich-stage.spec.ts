import { thrownBy } from '../common/testing/thrown';
import { DEFAULT_EVOLVE_SETTINGS, evolveSettingsFrom } from './evolution/content-evolution.stage';
import { DEFAULT_SIMILAR_SETTINGS, similarSettingsFrom } from './similarity/similar-pages.stage';
import { EnrichError } from './enrich.errors';
import { noCallsEstimate, withParams } from './enrich-stage';

describe('stage settings from numeric params', () => {
  it('overrides the defaults a stage knows and ignores other names', () => {
    expect(withParams({ k: 5, tau: 0.75 }, { tau: 0.5, rounds: 9 })).toEqual({ k: 5, tau: 0.5 });
    expect(evolveSettingsFrom({})).toEqual(DEFAULT_EVOLVE_SETTINGS);
    expect(similarSettingsFrom({ k: 30 })).toEqual({ ...DEFAULT_SIMILAR_SETTINGS, k: 30, candidates: 30 });
  });

  it.each([
    [{ rounds: -1 }, 'rounds must be an integer ≥ 0 (got -1).'],
    [{ k: 1.5 }, 'k must be a positive integer (got 1.5).'],
    [{ alpha: 2 }, 'alpha must lie in [0, 1] (got 2).'],
    [{ concurrency: 0 }, 'concurrency must be a positive integer (got 0).'],
  ])('refuses evolve params %j with INVALID_OPTION', (params, message) => {
    const thrown = thrownBy(() => evolveSettingsFrom(params));
    expect(thrown).toBeInstanceOf(EnrichError);
    expect(thrown).toMatchObject({ code: 'INVALID_OPTION', message });
  });

  it('refuses a similarity threshold outside [-1, 1]', () => {
    expect(() => similarSettingsFrom({ tau: 1.5 })).toThrow('tau must lie in [-1, 1] (got 1.5).');
  });

  it('estimates no calls and no tokens for a stage that makes none', () => {
    expect(noCallsEstimate('12 pages')).toEqual({
      calls: 0,
      promptTokens: 0,
      completionTokens: 0,
      basis: '12 pages',
    });
  });
});
