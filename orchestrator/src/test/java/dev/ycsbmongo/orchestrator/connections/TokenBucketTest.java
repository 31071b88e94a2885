package dev.ycsbmongo.orchestrator.connections;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TokenBucketTest {

  private static final long SECOND = 1_000_000_000L;

  @Test
  void grantsOneAtOnceThenTheRate() {
    TokenBucket b = new TokenBucket(10, 0);
    assertEquals(1, b.take(0, 5));
    assertEquals(0, b.take(0, 5));
    assertEquals(SECOND / 10, b.nanosUntilNext(0));
    assertEquals(1, b.take(SECOND / 10, 5));
  }

  @Test
  void burstIsATwentiethOfASecond() {
    TokenBucket b = new TokenBucket(1000, 0);
    b.take(0, 1);
    assertEquals(50, b.take(10 * SECOND, 1000), "an idle bucket holds 50 ms of rate, not 10 s");
  }

  @Test
  void overASecondGrantsTheRate() {
    TokenBucket b = new TokenBucket(200, 0);
    long granted = 0;
    for (long t = 0; t <= SECOND; t += SECOND / 1000) {
      granted += b.take(t, 1000);
    }
    assertTrue(granted >= 200 && granted <= 202, "granted " + granted);
  }

  @Test
  void zeroIsUnlimited() {
    TokenBucket b = new TokenBucket(0, 0);
    assertEquals(1_000_000, b.take(0, 1_000_000));
    assertEquals(0, b.nanosUntilNext(0));
  }

  @Test
  void rejectsNegativeAndNaN() {
    assertThrows(IllegalArgumentException.class, () -> new TokenBucket(-1, 0));
    assertThrows(IllegalArgumentException.class, () -> new TokenBucket(Double.NaN, 0));
  }
}
