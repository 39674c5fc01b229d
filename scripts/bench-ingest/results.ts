/** Everything one run of the bench measured, which the table and the JSON file are made from. */
import { type Runs } from './counters';
import { type Floors } from './floors';
import { type Options } from './options';
import { type RunResult } from './runs';

export interface PeerResult {
  /** N of the peer's graph (and of our end to end it is compared with). */
  entities: number;
  /** Undefined when the peer did not finish within its budget. */
  peerMs: number | undefined;
  budgetMs: number;
  /** 'finished', 'over budget', or how it failed. */
  outcome: string;
  /** Our upload + finalize of a first DIFF of the same graph. */
  ourEndToEndMs: number;
}

export interface Results {
  opts: Options;
  runs: Runs;
  floors: Floors;
  apiPeakMb: number;
  /** Undefined in local mode (no worker). */
  workerPeakMb: number | undefined;
  peer: PeerResult | undefined;
  /** One line per job counter that is not the expected one: empty when all are exact. */
  counterFailures: string[];
}

export const endToEndMs = (run: RunResult): number => run.uploadMs + run.finalizeMs;
