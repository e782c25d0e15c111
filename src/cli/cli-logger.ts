import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * Nest's console logger with every line on stderr: its default prints warnings (and logs) on stdout, where they
 * would corrupt a command's output (`--json`, a table piped elsewhere).
 */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack);
  }
}

/** The logger every CLI command's Nest application uses: warnings and errors, on stderr. */
export function cliLogger(): StderrLogger {
  return new StderrLogger({ logLevels: ['error', 'warn'] });
}
