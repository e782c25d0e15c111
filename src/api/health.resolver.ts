import { Query, Resolver } from '@nestjs/graphql';
import { HealthService } from '../graph/health.service';
import type { Health } from '../document/graphql.types';

@Resolver('Health')
export class HealthResolver {
  constructor(private readonly health: HealthService) {}

  @Query('health')
  async getHealth(): Promise<Health> {
    return this.health.check();
  }
}
