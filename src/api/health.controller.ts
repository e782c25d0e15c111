import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthService, type Readiness } from '../graph/health.service';

/**
 * Probes for a process manager or load balancer. Liveness: the process answers (restart it when not).
 * Readiness: Neo4j answers and the schema is migrated (send it requests only then); 503 otherwise.
 */
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('live')
  live(): { live: true } {
    return { live: true };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const readiness = await this.health.readiness();
    res.status(readiness.ready ? 200 : 503);
    return readiness;
  }
}
