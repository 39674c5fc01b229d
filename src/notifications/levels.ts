import { ALERT_LEVELS, type AlertLevel } from '../rules/rule-types';
import type { LevelView } from './views';

/** Badge colours per alert level: white on red to grey, dark text on amber (WCAG AA contrast). */
const BADGES: Readonly<Record<AlertLevel, Omit<LevelView, 'name'>>> = {
  CRITICAL: { colour: '#8e0000', textColour: '#ffffff' },
  HIGH: { colour: '#c62828', textColour: '#ffffff' },
  MEDIUM: { colour: '#f9a825', textColour: '#1a1a1a' },
  LOW: { colour: '#2e7d32', textColour: '#ffffff' },
  INFO: { colour: '#546e7a', textColour: '#ffffff' },
};

/** An alert level in any case as its badge; null for no level or a value that is not one. */
export function levelView(level: unknown): LevelView | null {
  const name = alertLevelOf(level);
  return name === undefined ? null : { name, ...BADGES[name] };
}

export function alertLevelOf(level: unknown): AlertLevel | undefined {
  if (typeof level !== 'string') return undefined;
  const upper = level.trim().toUpperCase();
  return (ALERT_LEVELS as readonly string[]).includes(upper) ? (upper as AlertLevel) : undefined;
}

/** Highest first, as digests list them. */
export const LEVELS_HIGH_FIRST: readonly AlertLevel[] = [
  'CRITICAL',
  'HIGH',
  'MEDIUM',
  'LOW',
  'INFO',
];

/** `2026-11-29 03:40 UTC`: what a person reads in a message (minutes; UTC said). */
export function timeText(epochMs: number): string {
  return `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
