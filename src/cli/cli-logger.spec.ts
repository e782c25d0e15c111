import { Logger } from '@nestjs/common';
import { cliLogger } from './cli-logger';

describe('the CLI logger', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes warnings and errors to stderr, never stdout, and drops the rest', () => {
    const stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const logger = cliLogger();
    Logger.overrideLogger(logger);
    try {
      new Logger('Test').warn('careful');
      new Logger('Test').error('broken');
      new Logger('Test').log('chatter');
    } finally {
      Logger.overrideLogger(true);
    }
    expect(stdout).not.toHaveBeenCalled();
    const written = stderr.mock.calls.map((c) => String(c[0])).join('');
    expect(written).toMatch(/WARN.*careful/);
    expect(written).toMatch(/ERROR.*broken/);
    expect(written).not.toMatch(/chatter/);
  });
});
