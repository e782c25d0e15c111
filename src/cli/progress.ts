import { SingleBar } from 'cli-progress';
import { etaText } from './progress-format';

/** Without a terminal, a long stage still reports itself this often, so a log shows it is moving. */
const LOG_INTERVAL_MS = 60_000;

/**
 * A progress bar per stage on a terminal; elsewhere (CI logs, pipes) a line per minute while a stage runs and a
 * summary line when it finishes.
 */
export class StageProgress {
  private readonly interactive: boolean;
  private bar: SingleBar | null = null;
  private stage: string | null = null;
  private unit = '';
  private stageStart = 0;
  private done = 0;
  private total = 0;
  private lastLogged = 0;

  /** `stream` is where bars and lines go (a test passes its own terminal). */
  constructor(
    private readonly label: string,
    private readonly stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr,
  ) {
    this.interactive = Boolean(stream.isTTY);
  }

  update(stage: string, done: number, total: number, unit: string): void {
    if (stage !== this.stage) {
      this.finishStage();
      this.stage = stage;
      this.unit = unit;
      this.stageStart = this.lastLogged = Date.now();
      if (this.interactive) {
        this.bar = new SingleBar({
          format: `${this.label} {stage} [{bar}] {value}/{total} {unit} | {rate}/s | ETA {etaText}`,
          stream: this.stream,
          hideCursor: true,
        });
        this.bar.start(Math.max(total, 1), 0, {
          stage: stage.padEnd(6),
          unit,
          rate: '0.0',
          etaText: etaText(0, total, 0),
        });
      }
    }
    this.done = done;
    this.total = total;
    this.bar?.setTotal(Math.max(total, 1));
    this.bar?.update(done, {
      rate: (done / this.seconds()).toFixed(1),
      etaText: etaText(done, total, this.seconds()),
    });
    if (!this.interactive && Date.now() - this.lastLogged >= LOG_INTERVAL_MS) {
      this.lastLogged = Date.now();
      this.stream.write(
        `${this.label} ${stage}: ${done}/${total} ${unit} after ${this.seconds().toFixed(0)} s\n`,
      );
    }
  }

  finishStage(): void {
    if (!this.stage) return;
    if (this.bar) this.bar.stop();
    else {
      const s = this.seconds();
      this.stream.write(
        `${this.label} ${this.stage}: ${this.done}/${this.total} ${this.unit} in ${s.toFixed(1)} s (${(this.done / s).toFixed(1)}/s)\n`,
      );
    }
    this.bar = null;
    this.stage = null;
  }

  private seconds(): number {
    return Math.max((Date.now() - this.stageStart) / 1000, 0.001);
  }
}
