package dev.ycsbmongo.orchestrator.process;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * The one way anything asks a run, a phase or a connection stress to stop, and why. Created by the
 * command (its Ctrl-C hook requests it) and passed down; each phase works under a {@link #child()}
 * that its own watch can request alone (its target stopped answering) and that the run's request
 * reaches. The first request wins: a later one neither changes the reason nor calls anyone again.
 *
 * <p>Thread-safe. Listeners run on the requesting thread (the shutdown hook, a watch), one after the
 * other, so they do what stopping takes (end a child, wake a loop) and nothing more.
 */
public final class StopSignal implements AutoCloseable {

  /** Why a stop was asked for. */
  public enum Reason {
    /** Ctrl-C or SIGTERM: what was running is recorded as interrupted. */
    INTERRUPTED,
    /** {@code --fail-fast} and a phase failed: no further phase starts. */
    FAIL_FAST,
    /** The target stopped answering: the phase is ended at once and fails, or the plan stops before the next. */
    TARGET_DOWN
  }

  /** A stop asked for: why, and in a person's words what happened ({@code "phase X failed"}). */
  public record Request(Reason reason, String detail) {
    public Request {
      if (reason == null) {
        throw new IllegalArgumentException("a stop needs a reason");
      }
    }
  }

  /** Ends a listener's interest (a phase that ended); closing twice does nothing. */
  public interface Registration extends AutoCloseable {
    @Override
    void close();
  }

  private final AtomicReference<Request> request = new AtomicReference<>();
  private final CountDownLatch requested = new CountDownLatch(1);
  private final List<Consumer<Request>> listeners = new CopyOnWriteArrayList<>();
  private final Registration fromParent;

  public StopSignal() {
    this.fromParent = () -> { };
  }

  private StopSignal(StopSignal parent) {
    this.fromParent = parent.onRequest(r -> request(r.reason(), r.detail()));
  }

  /**
   * Asks for the stop. Only the first request counts: it is the one {@link #requested()} returns and the
   * one the listeners hear.
   *
   * @return whether this call was that first request
   */
  public boolean request(Reason reason, String detail) {
    Request r = new Request(reason, detail);
    if (!request.compareAndSet(null, r)) {
      return false;
    }
    requested.countDown();
    for (Consumer<Request> l : listeners) {
      l.accept(r);
    }
    return true;
  }

  public boolean isRequested() {
    return request.get() != null;
  }

  /** The first request, if there was one. */
  public Optional<Request> requested() {
    return Optional.ofNullable(request.get());
  }

  /** Why the stop was asked for, if it was. */
  public Optional<Reason> reason() {
    return requested().map(Request::reason);
  }

  /** True when the stop was asked for with this reason. */
  public boolean is(Reason reason) {
    return reason().orElse(null) == reason;
  }

  /**
   * Calls {@code listener} once when the stop is asked for, or at once (on this thread) when it already
   * was, so that a process started just after a Ctrl-C is still stopped.
   */
  public Registration onRequest(Consumer<Request> listener) {
    Consumer<Request> once = new Consumer<>() {
      private final AtomicBoolean called = new AtomicBoolean();

      @Override
      public void accept(Request r) {
        if (called.compareAndSet(false, true)) {
          listener.accept(r);
        }
      }
    };
    listeners.add(once);
    Request r = request.get();
    if (r != null) {
      once.accept(r);
    }
    return () -> listeners.remove(once);
  }

  /**
   * Waits up to {@code timeout} for the stop (a wait that a Ctrl-C cuts short).
   *
   * @return whether it was asked for
   */
  public boolean await(Duration timeout) throws InterruptedException {
    return requested.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
  }

  /**
   * A signal for one part of the work (a phase): requested when this one is, with its reason, and
   * requestable alone without stopping this one. {@link #close()} it when that part ends.
   */
  public StopSignal child() {
    return new StopSignal(this);
  }

  /** Detaches a child from its parent (nothing for a signal made with {@code new}). */
  @Override
  public void close() {
    fromParent.close();
  }
}
