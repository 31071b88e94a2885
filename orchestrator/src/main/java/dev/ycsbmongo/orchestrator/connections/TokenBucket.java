package dev.ycsbmongo.orchestrator.connections;

/**
 * The ramp: at most {@code ratePerSecond} new connections per second, with a burst of a
 * twentieth of a second so a late wake-up does not lose its share. Rate 0 means no limit (the
 * in-flight bound is then what paces the worker). Single-threaded, like the selector loop that uses it.
 */
final class TokenBucket {

  private final double perNano;
  private final double capacity;
  private double tokens;
  private long last;

  TokenBucket(double ratePerSecond, long nowNanos) {
    if (!(ratePerSecond >= 0) || Double.isInfinite(ratePerSecond)) {
      throw new IllegalArgumentException("rate " + ratePerSecond + " is not a number of connections per second >= 0");
    }
    this.perNano = ratePerSecond / 1e9;
    this.capacity = Math.max(1, ratePerSecond / 20);
    this.tokens = 1;
    this.last = nowNanos;
  }

  boolean unlimited() {
    return perNano == 0;
  }

  /** Takes up to {@code wanted} permits; returns how many were granted. */
  long take(long nowNanos, long wanted) {
    if (unlimited()) {
      return wanted;
    }
    refill(nowNanos);
    long granted = Math.min(wanted, (long) tokens);
    tokens -= granted;
    return granted;
  }

  /** How long until the next permit; 0 when one is available now. */
  long nanosUntilNext(long nowNanos) {
    if (unlimited()) {
      return 0;
    }
    refill(nowNanos);
    return tokens >= 1 ? 0 : (long) Math.ceil((1 - tokens) / perNano);
  }

  private void refill(long nowNanos) {
    if (nowNanos > last) {
      tokens = Math.min(capacity, tokens + (nowNanos - last) * perNano);
      last = nowNanos;
    }
  }
}
