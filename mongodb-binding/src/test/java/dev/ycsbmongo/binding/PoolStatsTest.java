package dev.ycsbmongo.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.ServerAddress;
import com.mongodb.connection.ClusterId;
import com.mongodb.connection.ConnectionId;
import com.mongodb.connection.ServerId;
import com.mongodb.event.ConnectionCheckOutFailedEvent;
import com.mongodb.event.ConnectionCheckedInEvent;
import com.mongodb.event.ConnectionCheckedOutEvent;
import com.mongodb.event.ConnectionCreatedEvent;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;

class PoolStatsTest {

  private static final ServerId SERVER = new ServerId(new ClusterId(), new ServerAddress("127.0.0.1", 27017));
  private static final ConnectionId CONNECTION = new ConnectionId(SERVER);

  @BeforeAll
  static void configureMeasurements() {
    Measurements.setProperties(new Properties());
  }

  @Test
  void summarisesConnectionsInUseAndWaits() {
    PoolStats stats = new PoolStats();
    stats.connectionCreated(new ConnectionCreatedEvent(CONNECTION));
    stats.connectionCheckedOut(new ConnectionCheckedOutEvent(CONNECTION, 1, TimeUnit.MICROSECONDS.toNanos(100)));
    stats.connectionCheckedOut(new ConnectionCheckedOutEvent(CONNECTION, 2, TimeUnit.MILLISECONDS.toNanos(7)));
    stats.connectionCheckedIn(new ConnectionCheckedInEvent(CONNECTION, 1));
    stats.connectionCheckedIn(new ConnectionCheckedInEvent(CONNECTION, 2));
    assertEquals("[mongodb] pool summary: 1 connections created (0 closed), max 2 in use of maxPoolSize 100, "
        + "2 checkouts (avg wait 3550 us, max wait 7 ms), checkout failures 0", stats.summary(100));
  }

  @Test
  void saysLoudlyWhenCheckoutsFailAndWhatToDo() {
    PoolStats stats = new PoolStats();
    stats.connectionCheckOutFailed(new ConnectionCheckOutFailedEvent(SERVER, 1,
        ConnectionCheckOutFailedEvent.Reason.TIMEOUT, TimeUnit.SECONDS.toNanos(120)));
    stats.connectionCheckOutFailed(new ConnectionCheckOutFailedEvent(SERVER, 2,
        ConnectionCheckOutFailedEvent.Reason.CONNECTION_ERROR, 0));
    String summary = stats.summary(0);
    assertTrue(summary.contains("maxPoolSize unlimited"), summary);
    assertTrue(summary.contains("[mongodb] WARNING: 2 connection checkouts FAILED (timeout 1, connection error 1"),
        summary);
    assertTrue(summary.contains("for the timeouts, raise mongodb.maxPoolSize or mongodb.waitQueueTimeoutMs"), summary);
    assertTrue(summary.contains("could not be opened or authenticated"), summary);
  }
}
