import { Module } from '@nestjs/common';
import { ApiModule } from './api/api.module';
import { ConfigModule } from './config/config.module';
import { GraphModule } from './graph/graph.module';

@Module({
  imports: [ConfigModule, GraphModule, ApiModule],
})
export class AppModule {}
