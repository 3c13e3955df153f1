import os from 'node:os';
import { percentile } from '../eventstore/workload';

export interface Summary {
  readonly n: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
  readonly mean: number;
}

/** n, p50, p95 (nearest rank), max and mean of a set of times. */
export function summarise(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    mean: sorted.length > 0 ? sorted.reduce((sum, value) => sum + value, 0) / sorted.length : Number.NaN,
  };
}

/** The median (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

/** Milliseconds with one decimal below 100, whole above. */
export const ms = (value: number) => (Number.isFinite(value) ? `${fmt(value, value < 100 ? 1 : 0)} ms` : 'n/a');

/** A whole-number setting from the environment (BENCH_…), at least `min`; `fallback` when unset. */
export function integer(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min}`);
  return value;
}

/** A deterministic pseudo-random sequence (the same requests on every run). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** One of the items, chosen by the sequence. */
export const pick = <T>(next: () => number, items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

/** A bench log line: the time and the machine's load, so a figure can be read against it. */
export const benchLog = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)} load ${os.loadavg()[0]!.toFixed(2)}] ${message}`);
