import { pino, type Logger } from 'pino';
import type { Config } from './config/config';

/** Structured JSON logs on stdout (pino); one root logger per process, children per concern. */
export function createLogger(level: Config['logLevel'], name = 'graphsync'): Logger {
  return pino({ name, level, base: { pid: process.pid } });
}
