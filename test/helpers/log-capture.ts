import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Logger, pino } from 'pino';
import { findLeaks } from './log-leaks';

/**
 * Every log line of a test run, in a file: the services and apps the tests build log through
 * `capturedLogger` (at debug, never to the console), and the helpers that create API keys, secret
 * parameters and integration secrets register their values here. The root after-all hook
 * (root-hooks.ts) scans the file and fails, naming each secret it finds (issue 23: no log line
 * holds a key, a secret or a signed URL's signature).
 */
export const CAPTURED_LOG_FILE = path.join(os.tmpdir(), `graphsync-test-log-${process.pid}.ndjson`);

fs.writeFileSync(CAPTURED_LOG_FILE, '');

const destination = pino.destination({ dest: CAPTURED_LOG_FILE, sync: true });

export const capturedLogger: Logger = pino({ level: 'debug' }, destination);

/** Values shorter than this are too likely to occur by chance in a log line to be searched for. */
const MIN_SECRET_LENGTH = 8;

const secrets = new Map<string, string>();

/** A value no log line may contain; `what` names it in the failure. */
export function registerSecret(value: unknown, what: string): void {
  if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.set(value, what);
}

/** Every string inside `value` (a secret parameter's value, an integration's secrets). */
export function registerSecretValues(value: unknown, what: string): void {
  if (typeof value === 'string') registerSecret(value, what);
  else if (Array.isArray(value)) value.forEach((v) => registerSecretValues(v, what));
  else if (value !== null && typeof value === 'object')
    Object.values(value).forEach((v) => registerSecretValues(v, what));
}

export function registeredSecretCount(): number {
  return secrets.size;
}

/** A line written now, that scan() must find: proof that the file is the logger's. */
const MARKER = `log-capture-marker-${process.pid}-${Date.now()}`;

export interface LogScan {
  lines: number;
  requestLines: number;
  markerFound: boolean;
  /** One entry per secret found: what it is and the first line holding it (secret elided). */
  leaks: string[];
}

/** Reads the whole captured log and looks for every registered secret and secret shape. */
export function scanCapturedLog(): LogScan {
  capturedLogger.info({ marker: MARKER }, 'log capture check');
  destination.flushSync();
  const lines = fs
    .readFileSync(CAPTURED_LOG_FILE, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  const leaks = findLeaks(lines, secrets);
  return {
    lines: lines.length,
    requestLines: lines.filter((l) => l.includes('"statusCode"')).length,
    markerFound: lines.some((l) => l.includes(MARKER)),
    leaks,
  };
}
