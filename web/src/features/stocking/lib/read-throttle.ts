/** A browser reads the board at most once every 2 seconds, however many changes arrive (issue 61). */
export const READ_GAP_MS = 2_000;

/**
 * Runs `read` for requests, one read at a time and reads started at least `gapMs` apart. A request while a read
 * runs or too soon after one is kept, not dropped: one trailing read follows, so the last change is always read.
 * Any number of requests before that read starts make that one read.
 */
export class ReadThrottle {
  private lastStart = Number.NEGATIVE_INFINITY;
  private running = false;
  private wanted = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly read: () => Promise<unknown>,
    private readonly gapMs = READ_GAP_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks for a read: now when allowed, otherwise as soon as it is. */
  request(): void {
    this.wanted = true;
    this.pump();
  }

  /** No read starts after this (one running ends on its own). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private pump(): void {
    if (this.stopped || !this.wanted || this.running || this.timer !== undefined) return;
    const wait = this.lastStart + this.gapMs - this.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.pump();
      }, wait);
      return;
    }
    this.wanted = false;
    this.running = true;
    this.lastStart = this.now();
    let reading: Promise<unknown>;
    try {
      reading = this.read();
    } catch (e) {
      reading = Promise.reject(e);
    }
    // A failed read is the reader's to report; the next request reads again.
    void reading
      .catch(() => undefined)
      .finally(() => {
        this.running = false;
        this.pump();
      });
  }
}
