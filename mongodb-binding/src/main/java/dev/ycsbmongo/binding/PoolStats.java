package dev.ycsbmongo.binding;

import com.mongodb.event.ConnectionCheckOutFailedEvent;
import com.mongodb.event.ConnectionCheckedInEvent;
import com.mongodb.event.ConnectionCheckedOutEvent;
import com.mongodb.event.ConnectionClosedEvent;
import com.mongodb.event.ConnectionCreatedEvent;
import com.mongodb.event.ConnectionPoolListener;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * Watches the shared client's connection pool: keeps the totals for the summary printed at close
 * and, when asked ({@code mongodb.extraMeasurements=true}), records every checkout wait as the YCSB
 * measurement {@value #CHECKOUT_MEASUREMENT}, so time spent queueing for a connection shows beside
 * the operation latencies. Off by default: YCSB's final block then has YCSB 0.17.0's shape.
 */
final class PoolStats implements ConnectionPoolListener {

  static final String CHECKOUT_MEASUREMENT = "POOL-CHECKOUT";
  static final Status CHECKOUT_FAILED = new Status("CHECKOUT_FAILED", "No pooled connection could be checked out.");

  private final LongAdder created = new LongAdder();
  private final LongAdder closed = new LongAdder();
  private final LongAdder checkouts = new LongAdder();
  private final LongAdder checkoutWaitMicros = new LongAdder();
  private final LongAccumulator maxCheckoutWaitMicros = new LongAccumulator(Math::max, 0);
  private final AtomicInteger inUse = new AtomicInteger();
  private final LongAccumulator maxInUse = new LongAccumulator(Math::max, 0);
  private final Map<ConnectionCheckOutFailedEvent.Reason, LongAdder> failures =
      new EnumMap<>(ConnectionCheckOutFailedEvent.Reason.class);
  /**
   * Held, not looked up per checkout: {@code Measurements.getMeasurements()} is a static
   * synchronized method, a lock every YCSB thread would take on every operation.
   */
  private final Measurements measurements;

  /** Totals only; no YCSB measurement. */
  PoolStats() {
    this(false);
  }

  PoolStats(boolean measure) {
    this.measurements = measure ? Measurements.getMeasurements() : null;
    for (ConnectionCheckOutFailedEvent.Reason reason : ConnectionCheckOutFailedEvent.Reason.values()) {
      failures.put(reason, new LongAdder());
    }
  }

  @Override
  public void connectionCreated(ConnectionCreatedEvent event) {
    created.increment();
  }

  @Override
  public void connectionClosed(ConnectionClosedEvent event) {
    closed.increment();
  }

  @Override
  public void connectionCheckedOut(ConnectionCheckedOutEvent event) {
    long waitMicros = event.getElapsedTime(TimeUnit.MICROSECONDS);
    checkouts.increment();
    checkoutWaitMicros.add(waitMicros);
    maxCheckoutWaitMicros.accumulate(waitMicros);
    maxInUse.accumulate(inUse.incrementAndGet());
    if (measurements != null) {
      measurements.measure(CHECKOUT_MEASUREMENT, (int) Math.min(Integer.MAX_VALUE, waitMicros));
    }
  }

  @Override
  public void connectionCheckedIn(ConnectionCheckedInEvent event) {
    inUse.decrementAndGet();
  }

  @Override
  public void connectionCheckOutFailed(ConnectionCheckOutFailedEvent event) {
    failures.get(event.getReason()).increment();
    if (measurements != null) {
      measurements.measure(CHECKOUT_MEASUREMENT,
          (int) Math.min(Integer.MAX_VALUE, event.getElapsedTime(TimeUnit.MICROSECONDS)));
      measurements.reportStatus(CHECKOUT_MEASUREMENT, CHECKOUT_FAILED);
    }
  }

  long checkoutFailures() {
    long total = 0;
    for (LongAdder a : failures.values()) {
      total += a.sum();
    }
    return total;
  }

  long checkoutFailures(ConnectionCheckOutFailedEvent.Reason reason) {
    return failures.get(reason).sum();
  }

  /** The closing summary: one line, plus a loud second line when checkouts failed. */
  String summary(int maxPoolSize) {
    long n = checkouts.sum();
    long avgWait = n == 0 ? 0 : checkoutWaitMicros.sum() / n;
    StringBuilder s = new StringBuilder("[mongodb] pool summary: ")
        .append(created.sum()).append(" connections created (").append(closed.sum()).append(" closed), max ")
        .append(maxInUse.get()).append(" in use of maxPoolSize ")
        .append(maxPoolSize == 0 ? "unlimited" : String.valueOf(maxPoolSize))
        .append(", ").append(n).append(" checkouts (avg wait ").append(avgWait).append(" us, max wait ")
        .append(maxCheckoutWaitMicros.get() / 1000).append(" ms), checkout failures ").append(checkoutFailures());
    long failed = checkoutFailures();
    if (failed > 0) {
      s.append(System.lineSeparator())
          .append("[mongodb] WARNING: ").append(failed).append(" connection checkouts FAILED (timeout ")
          .append(checkoutFailures(ConnectionCheckOutFailedEvent.Reason.TIMEOUT)).append(", connection error ")
          .append(checkoutFailures(ConnectionCheckOutFailedEvent.Reason.CONNECTION_ERROR)).append(", pool closed ")
          .append(checkoutFailures(ConnectionCheckOutFailedEvent.Reason.POOL_CLOSED)).append(", other ")
          .append(checkoutFailures(ConnectionCheckOutFailedEvent.Reason.UNKNOWN))
          .append("): those operations failed without reaching the server");
      if (checkoutFailures(ConnectionCheckOutFailedEvent.Reason.TIMEOUT) > 0) {
        s.append("; for the timeouts, raise ").append(Keys.MAX_POOL_SIZE).append(" or ")
            .append(Keys.WAIT_QUEUE_TIMEOUT_MS);
      }
      if (checkoutFailures(ConnectionCheckOutFailedEvent.Reason.CONNECTION_ERROR) > 0) {
        s.append("; connection errors mean new connections could not be opened or authenticated"
            + " (see the first operation errors above)");
      }
    }
    return s.toString();
  }
}
