package org.libreyolo.profile.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressLogTest {
  private static final long S = 1_000_000_000L;
  private final AtomicLong now = new AtomicLong(0);
  private final List<String> lines = new ArrayList<>();
  private final List<Runnable> later = new ArrayList<>();
  private final ProgressLog log = ProgressLog.to(lines::add, now::get, later::add);

  @Test
  void aShortJobPrintsNothing() {
    log.update("loading the engine and the model", 0, 1);
    for (int i = 1; i <= 20; i++) {
      now.addAndGet(S / 20);
      log.update("runs", i, 20);
    }
    later.forEach(Runnable::run); // the announcement's timer fires after loading ended
    assertEquals(List.of(), lines);
  }

  @Test
  void aSlowStartIsAnnouncedWhileItLasts() {
    log.update("loading the engine and the model", 0, 1);
    now.addAndGet(2 * S);
    later.forEach(Runnable::run);
    assertEquals(List.of("progress: loading the engine and the model (2.0 s in)"), lines);
  }

  @Test
  void everyForkGetsALineWithTheTimeLeft() {
    now.set(3 * S);
    for (int k = 0; k <= 4; k++) {
      log.update("forks (fresh JVMs)", k, 4);
      now.addAndGet(2 * S);
      later.forEach(Runnable::run); // the first fork is announced while it runs
      later.clear();
      now.addAndGet(8 * S);
    }
    assertEquals(5, lines.size(), lines.toString());
    assertEquals("progress: forks (fresh JVMs) 0/4 (5.0 s in)", lines.get(0));
    assertEquals("progress: forks (fresh JVMs) 1/4 (13 s in, about 30 s left)", lines.get(1));
    assertEquals("progress: forks (fresh JVMs) 4/4 (43 s in)", lines.get(4));
  }

  @Test
  void forksOfTwoSecondsGetALineEach() {
    now.set(3 * S);
    for (int k = 0; k <= 10; k++) {
      log.update("forks (fresh JVMs)", k, 10);
      now.addAndGet(2 * S);
    }
    assertEquals(10, lines.size(), lines.toString()); // 1/10 .. 10/10; 0/10 is the timer's
  }

  /** A first fork that ends before the quiet time is over still gets its line, once. */
  @Test
  void aForkThatEndsBeforeTheAnnouncementGetsItsLineAndNoStaleZero() {
    log.update("forks (fresh JVMs)", 0, 3);
    now.addAndGet(1_900_000_000L);
    log.update("forks (fresh JVMs)", 1, 3);
    now.addAndGet(S / 10);
    later.forEach(Runnable::run); // the announcement finds a line said since: nothing
    assertEquals(List.of("progress: forks (fresh JVMs) 1/3 (1.9 s in, about 3.8 s left)"), lines);
  }

  /** The first fork ends just after its announcement: it still gets its line. */
  @Test
  void aForkThatEndsRightAfterTheAnnouncementKeepsItsLine() {
    log.update("forks (fresh JVMs)", 0, 3);
    now.addAndGet(2 * S);
    later.forEach(Runnable::run);
    now.addAndGet(S / 2);
    log.update("forks (fresh JVMs)", 1, 3);
    assertEquals(2, lines.size(), lines.toString());
    assertTrue(lines.get(1).startsWith("progress: forks (fresh JVMs) 1/3"));
  }

  @Test
  void aFastLoopPrintsAHeartbeatNotALinePerIteration() {
    now.set(3 * S);
    for (int i = 1; i <= 1000; i++) {
      now.addAndGet(S / 50); // 20 s in all
      log.update("runs", i, 1000);
    }
    // the first, one per 5 s, and the last
    assertTrue(lines.size() >= 4 && lines.size() <= 6, lines.toString());
    assertTrue(lines.get(lines.size() - 1).startsWith("progress: runs 1000/1000"));
  }
}
