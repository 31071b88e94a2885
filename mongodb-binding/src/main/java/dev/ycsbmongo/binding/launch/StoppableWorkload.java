package dev.ycsbmongo.binding.launch;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;

/**
 * The plan's workload class behind one more way to end a run: {@link #requestStop()} from outside, which
 * YCSB 0.17.0 otherwise calls only when {@code maxexecutiontime} has passed. Its {@code ClientThread}s
 * check {@link #isStopRequested()} between operations, so a stop asked for here ends the run exactly as
 * that deadline would: every thread finishes its operation, the measurements are exported with the real
 * run time, and the JVM exits 0. Every call is handed to the delegate, which YCSB would have run itself.
 *
 * <p>Used only when the orchestrator asks for an early stop ({@link EarlyStop}); {@code scripts/ycsb}
 * run by hand never sees it.
 */
public final class StoppableWorkload extends Workload {

  /** The property naming the workload class YCSB would have run ({@code workload} before the swap). */
  public static final String DELEGATE = "ycsbmongo.delegateWorkload";

  private volatile Workload delegate;

  @Override
  public void init(Properties p) throws WorkloadException {
    String name = p.getProperty(DELEGATE);
    if (name == null || name.isBlank()) {
      throw new WorkloadException(DELEGATE + " is not set: the workload class to run is unknown");
    }
    try {
      delegate = (Workload) Class.forName(name.trim(), true, StoppableWorkload.class.getClassLoader())
          .getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new WorkloadException("cannot create workload " + name.trim() + ": " + e, e);
    }
    delegate.init(p);
    EarlyStop.watch(this, p);
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) throws WorkloadException {
    return delegate.initThread(p, mythreadid, threadcount);
  }

  @Override
  public void cleanup() throws WorkloadException {
    delegate.cleanup();
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    return delegate.doInsert(db, threadstate);
  }

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    return delegate.doTransaction(db, threadstate);
  }

  @Override
  public void requestStop() {
    super.requestStop();
    Workload d = delegate;
    if (d != null) {
      d.requestStop();
    }
  }

  @Override
  public boolean isStopRequested() {
    Workload d = delegate;
    return super.isStopRequested() || (d != null && d.isStopRequested());
  }
}
