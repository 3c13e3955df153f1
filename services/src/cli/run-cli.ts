import { loadConfigOrExit } from '../platform/config/config';
import { createLogger } from '../platform/logger';
import { type Platform, openPlatform } from '../platform/platform';

/**
 * Runs a command-line tool against the configured platform: opens it, runs `work`, closes it,
 * and exits with the code `work` answers (1 with the message on an error).
 */
export function runCli(name: string, work: (platform: Platform) => Promise<number>): void {
  const run = async () => {
    const config = loadConfigOrExit();
    const platform = await openPlatform(config, createLogger({ LOG_LEVEL: config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL }, name));
    try {
      return await work(platform);
    } finally {
      await platform.close();
    }
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
