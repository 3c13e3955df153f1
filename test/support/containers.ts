import fs from 'node:fs';

interface Stoppable {
  stop(): Promise<unknown>;
}
const started: Stoppable[] = [];

function dockerMayAnswer(): boolean {
  return Boolean(process.env.DOCKER_HOST) || fs.existsSync('/var/run/docker.sock');
}

/**
 * With a Docker engine and no URLs given, the tests get their own PostgreSQL and Redis from
 * testcontainers; otherwise they use TEST_DATABASE_URL / REDIS_URL or the local defaults.
 */
export async function startContainersIfDockerAnswers(): Promise<void> {
  if (process.env.TEST_DATABASE_URL || !dockerMayAnswer()) return;
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const { RedisContainer } = await import('@testcontainers/redis');
    const postgres = await new PostgreSqlContainer('postgres:16-alpine').withUsername('postgres').withPassword('postgres').start();
    started.push(postgres);
    process.env.TEST_DATABASE_URL = postgres.getConnectionUri();
    if (!process.env.REDIS_URL) {
      const redis = await new RedisContainer('redis:7-alpine').start();
      started.push(redis);
      process.env.REDIS_URL = redis.getConnectionUrl();
    }
    console.log(`testcontainers: PostgreSQL at ${process.env.TEST_DATABASE_URL}, Redis at ${process.env.REDIS_URL}`);
  } catch (error) {
    // "Could not find a working container runtime strategy": fall back to the configured services.
    console.log(`testcontainers unavailable (${(error as Error).message.split('\n')[0]}); using the configured PostgreSQL and Redis`);
  }
}

export async function stopContainers(): Promise<void> {
  for (const container of started.splice(0)) await container.stop().catch(() => undefined);
}
