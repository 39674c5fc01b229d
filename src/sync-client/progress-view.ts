import { MultiBar, Presets, type SingleBar } from 'cli-progress';
import type { ProgressEvent } from './progress-stream';
import type { UploadTally } from './uploader';

/** What a run tells whoever is watching it. */
export interface ProgressView {
  /** Bytes read of the input files so far (compressed size) and their total. */
  read(bytesRead: number, totalBytes: number): void;
  uploaded(tally: UploadTally): void;
  uploadDone(tally: UploadTally): void;
  finalizing(jobId: string): void;
  progress(event: ProgressEvent): void;
  retry(why: string, waitMs: number): void;
  /** Stops any bar; later output starts on a fresh line. */
  stop(): void;
}

type Write = (line: string) => void;

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

function phaseText(event: ProgressEvent): string {
  const phase = event.phases.find((p) => p.name === event.phase);
  const counts =
    phase === undefined ? '' : ` ${phase.done}${phase.total === null ? '' : `/${phase.total}`}`;
  return event.phase === null ? event.status : `${event.status} ${event.phase}${counts}`;
}

/** On a terminal: an upload bar and a finalize bar (cli-progress), on stderr. */
export class BarView implements ProgressView {
  private readonly bars: MultiBar;
  private upload: SingleBar | undefined;
  private finalize: SingleBar | undefined;
  private objects = 0;

  constructor(stream: NodeJS.WritableStream = process.stderr) {
    this.bars = new MultiBar(
      {
        stream,
        format: '{label} |{bar}| {percentage}% | {detail}',
        hideCursor: true,
        clearOnComplete: false,
        etaBuffer: 50,
      },
      Presets.shades_classic,
    );
  }

  read(bytesRead: number, totalBytes: number): void {
    this.upload ??= this.bars.create(totalBytes, 0, { label: 'upload  ', detail: '' });
    this.upload.update(bytesRead, {
      detail: `${mb(bytesRead)}/${mb(totalBytes)} MB, ${this.objects} objects`,
    });
  }

  uploaded(tally: UploadTally): void {
    this.objects = tally.entities + tally.relationships;
  }

  uploadDone(tally: UploadTally): void {
    this.uploaded(tally);
    const total = this.upload?.getTotal() ?? 0;
    this.read(total, total);
  }

  finalizing(): void {
    this.finalize ??= this.bars.create(100, 0, { label: 'finalize', detail: 'FINALIZE_PENDING' });
  }

  progress(event: ProgressEvent): void {
    this.finalizing();
    const percent = event.final && event.status === 'FINISHED' ? 100 : (event.percent ?? 0);
    this.finalize!.update(percent, { detail: phaseText(event) });
  }

  retry(why: string, waitMs: number): void {
    this.bars.log(`retrying in ${(waitMs / 1000).toFixed(1)} s: ${why}\n`);
  }

  stop(): void {
    this.bars.stop();
  }
}

/**
 * Not on a terminal: plain progress lines on stderr, at most one upload line every 2 s (none for
 * an upload that takes less), and one finalize line per change.
 */
export class LineView implements ProgressView {
  private lastUploadLine = Date.now();
  private lastEvent = '';
  private read_ = { bytes: 0, total: 0 };

  constructor(
    private readonly write: Write,
    private readonly everyMs = 2000,
  ) {}

  read(bytesRead: number, totalBytes: number): void {
    this.read_ = { bytes: bytesRead, total: totalBytes };
  }

  uploaded(tally: UploadTally): void {
    const now = Date.now();
    if (now - this.lastUploadLine < this.everyMs) return;
    this.lastUploadLine = now;
    this.write(this.uploadLine(tally));
  }

  uploadDone(tally: UploadTally): void {
    this.read_.bytes = this.read_.total;
    this.write(`${this.uploadLine(tally)}, done in ${tally.batches} batches`);
  }

  finalizing(jobId: string): void {
    this.write(`finalize: job ${jobId}`);
  }

  progress(event: ProgressEvent): void {
    const value = event.final && event.status === 'FINISHED' ? 100 : event.percent;
    const percent = value === null ? '' : ` ${Math.floor(value)}%`;
    const line = `finalize: ${phaseText(event)}${percent}`;
    if (line === this.lastEvent) return;
    this.lastEvent = line;
    this.write(line);
  }

  retry(why: string, waitMs: number): void {
    this.write(`retrying in ${(waitMs / 1000).toFixed(1)} s: ${why}`);
  }

  stop(): void {}

  private uploadLine(tally: UploadTally): string {
    const { bytes, total } = this.read_;
    const share = total === 0 ? 100 : Math.floor((bytes / total) * 100);
    return `upload: ${tally.entities} entities, ${tally.relationships} relationships (${share}% of ${mb(total)} MB read)`;
  }
}

/** `--json`: JSON lines on stdout, `{"type":"upload",...}` and `{"type":"progress",...}`. */
export class JsonLinesView implements ProgressView {
  private lastUpload = 0;

  constructor(
    private readonly write: Write,
    private readonly everyMs = 1000,
  ) {}

  read(): void {}

  uploaded(tally: UploadTally): void {
    const now = Date.now();
    if (now - this.lastUpload < this.everyMs) return;
    this.lastUpload = now;
    this.write(JSON.stringify({ type: 'upload', ...tally, done: false }));
  }

  uploadDone(tally: UploadTally): void {
    this.write(JSON.stringify({ type: 'upload', ...tally, done: true }));
  }

  finalizing(): void {}

  progress(event: ProgressEvent): void {
    this.write(JSON.stringify({ type: 'progress', ...event }));
  }

  retry(why: string, waitMs: number): void {
    this.write(JSON.stringify({ type: 'retry', reason: why, waitMs: Math.round(waitMs) }));
  }

  stop(): void {}
}
