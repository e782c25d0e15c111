import { Module } from '@nestjs/common';
import { AnalyticsRepository } from './analytics.repository';
import { AnalyticsService } from './analytics.service';
import { BrowserAssetsController } from './browser-assets.controller';
import { GdsRepository } from './gds.repository';

/** Structure analytics over the stored graph: plain Cypher and Graph Data Science (uses the global graph module). */
@Module({
  controllers: [BrowserAssetsController],
  providers: [AnalyticsRepository, GdsRepository, AnalyticsService],
  exports: [AnalyticsService],
})
export class AnalyticsModule {}
