import pino, { type Logger } from 'pino';
import type { Config } from './config/config';

/** JSON logs (pino); the api adds a request id to each request's lines. */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, name: string): Logger {
  return pino({ name, level: config.LOG_LEVEL, base: { pid: process.pid, role: name } });
}

export type { Logger };
