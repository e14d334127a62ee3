package org.libreyolo.profile.internal.trace;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * The fast path from bytes to events (docs/trace-reading.md): one thread reads (and inflates) the
 * stream into fixed-size blocks that overlap by a margin, worker threads scan the blocks in
 * parallel, each from a guessed event start, and the calling thread hands the events on in file
 * order, accepting a block's events only when its guessed start is exactly where the previous
 * block's events ended (otherwise it rescans that block from the true start). Heap stays a few
 * blocks, whatever the trace's size. Anything the scanner does not read exactly ends in {@link
 * EventScanner.Unsupported}: the caller then uses the full parser.
 */
final class BlockEventReader {
  static final int BLOCK_BYTES = 4 << 20;
  static final int OVERLAP_BYTES = 256 << 10;

  private final int blockBytes;
  private final int overlapBytes;
  private final int workers;

  BlockEventReader(int blockBytes, int overlapBytes, int workers) {
    if (overlapBytes > blockBytes) {
      throw new IllegalArgumentException("overlap larger than a block");
    }
    this.blockBytes = blockBytes;
    this.overlapBytes = overlapBytes;
    this.workers = workers;
  }

  static BlockEventReader standard() {
    return new BlockEventReader(
        BLOCK_BYTES, OVERLAP_BYTES, Math.max(1, Runtime.getRuntime().availableProcessors()));
  }

  /** Where the events array starts, found by the caller in the first block. */
  interface ArrayStart {
    /** The offset in {@code firstBlock} just after the events array's {@code [}, or -1. */
    int find(byte[] firstBlock, int length);
  }

  /**
   * Reads every event of {@code in} into {@code sink}; returns the document without its events
   * (bytes before and including the array's {@code [}, then {@code ]} and everything after the
   * array) for the caller to read the header from.
   */
  byte[] read(InputStream in, ArrayStart arrayStart, Consumer<TraceEvent> sink)
      throws IOException, EventScanner.Unsupported {
    Semaphore inFlight = new Semaphore(2 * workers + 2);
    BlockingQueue<Object> pending = new ArrayBlockingQueue<>(2 * workers + 4);
    ExecutorService pool = Executors.newFixedThreadPool(workers, daemon("libreyolo-trace-scan"));
    ThreadLocal<EventScanner> scanners = ThreadLocal.withInitial(EventScanner::new);
    Recycled recycled = new Recycled();
    Thread reader =
        daemon("libreyolo-trace-read")
            .newThread(
                () -> {
                  try {
                    Block previous = null;
                    for (int k = 0; ; k++) {
                      inFlight.acquire();
                      Block block =
                          Block.next(
                              in, previous, k, blockBytes, overlapBytes, recycled.buffers.poll());
                      if (block == null) {
                        inFlight.release();
                        break;
                      }
                      int from =
                          k == 0
                              ? arrayStart.find(block.buf, block.length)
                              : EventScanner.guessEventStart(block.buf, 0, block.length);
                      pending.put(
                          new Pending(
                              block,
                              pool.submit(
                                  () -> scan(scanners.get(), block, from, recycled.batch()))));
                      previous = block;
                      if (block.last) {
                        break;
                      }
                    }
                    pending.put(END);
                  } catch (IOException e) {
                    putQuietly(pending, e);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
    reader.start();
    try {
      return merge(pending, inFlight, sink, recycled);
    } finally {
      reader.interrupt();
      pool.shutdownNow();
    }
  }

  private static final Object END = new Object();

  private record Pending(Block block, Future<Scanned> scanned) {}

  /** One block's scan: its start (local; -1 when no start was found) and its events. */
  private record Scanned(
      int start,
      int next,
      boolean arrayEnded,
      EventBatch events,
      EventScanner.Unsupported failure) {}

  /** Buffers and batches the merger is done with, for the reader and the workers to reuse. */
  private static final class Recycled {
    final Queue<byte[]> buffers = new ConcurrentLinkedQueue<>();
    final Queue<EventBatch> batches = new ConcurrentLinkedQueue<>();

    EventBatch batch() {
      EventBatch b = batches.poll();
      return b == null ? new EventBatch() : b;
    }

    void release(Block block, Scanned scanned) {
      buffers.add(block.buf);
      releaseBatch(scanned);
    }

    void releaseBatch(Scanned scanned) {
      if (scanned != null && scanned.events() != null) {
        scanned.events().clear();
        batches.add(scanned.events());
      }
    }
  }

  private Scanned scan(EventScanner scanner, Block block, int from, EventBatch events) {
    if (from < 0) {
      return new Scanned(
          -1, -1, false, null, new EventScanner.Unsupported("no event start in the block"));
    }
    try {
      int next = scanner.scan(block.buf, from, block.own(), block.length, events);
      return new Scanned(from, next, scanner.arrayEnded(), events, null);
    } catch (EventScanner.Unsupported e) {
      return new Scanned(from, -1, false, null, e);
    }
  }

  private byte[] merge(
      BlockingQueue<Object> pending,
      Semaphore inFlight,
      Consumer<TraceEvent> sink,
      Recycled recycled)
      throws IOException, EventScanner.Unsupported {
    TraceEvent event = new TraceEvent();
    EventScanner own = new EventScanner();
    long expected = -1; // absolute offset of the next event's start
    long tailFrom = -1; // absolute offset just after the array's closing bracket, once seen
    ByteArrayOutputStream document = new ByteArrayOutputStream();
    while (true) {
      Object item = take(pending);
      if (item == END) {
        break;
      }
      if (item instanceof IOException e) {
        throw e;
      }
      Pending p = (Pending) item;
      Block block = p.block();
      Scanned s = null;
      if (tailFrom < 0) {
        s = result(p.scanned());
        if (block.index == 0) {
          if (s.start() < 0) {
            throw new EventScanner.Unsupported("no events array in the first block");
          }
          document.write(block.buf, 0, s.start());
          document.write(']');
          expected = s.start();
        }
        int local = (int) (expected - block.offset);
        if (s.failure() != null || s.start() != local) {
          if (local < 0 || local >= block.length) {
            throw new EventScanner.Unsupported("an event longer than the block overlap");
          }
          recycled.releaseBatch(s);
          s = scan(own, block, local, recycled.batch());
          if (s.failure() != null) {
            throw s.failure();
          }
        }
        s.events().forEach(event, sink);
        expected = block.offset + s.next();
        if (s.arrayEnded()) {
          tailFrom = expected + 1;
        } else if (block.last) {
          throw new EventScanner.Unsupported("input ends inside the event array");
        }
      }
      if (tailFrom >= 0) {
        int from = (int) Math.max(0, tailFrom - block.offset);
        if (from < block.own()) {
          document.write(block.buf, from, block.own() - from);
        }
      }
      recycled.release(block, s);
      inFlight.release();
    }
    if (tailFrom < 0) {
      throw new EventScanner.Unsupported("input ends inside the event array");
    }
    return document.toByteArray();
  }

  private static Object take(BlockingQueue<Object> q) throws IOException {
    try {
      return q.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading the trace");
    }
  }

  private static Scanned result(Future<Scanned> f) throws IOException {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading the trace");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
    }
  }

  private static void putQuietly(BlockingQueue<Object> q, Object item) {
    try {
      q.put(item);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }

  /**
   * Bytes {@code [offset, offset + length)} of the stream: the block's own bytes, then the next
   * block's first {@code overlap} bytes so an event crossing the boundary can be finished here.
   */
  private static final class Block {
    final int index;
    final long offset;
    final byte[] buf;
    final int length;
    final boolean last;
    final int blockBytes;

    private Block(int index, long offset, byte[] buf, int length, boolean last, int blockBytes) {
      this.index = index;
      this.offset = offset;
      this.buf = buf;
      this.length = length;
      this.last = last;
      this.blockBytes = blockBytes;
    }

    /** Bytes that belong to this block (events starting here are this block's). */
    int own() {
      return last ? length : blockBytes;
    }

    /**
     * The block after {@code previous}, in {@code reuse} if given (it may be {@code previous}'s own
     * buffer: the overlap copy moves within it, as System.arraycopy allows).
     */
    static Block next(
        InputStream in, Block previous, int index, int blockBytes, int overlap, byte[] reuse)
        throws IOException {
      byte[] buf = reuse != null ? reuse : new byte[blockBytes + overlap];
      int have = 0;
      if (previous != null) {
        have = previous.length - blockBytes;
        System.arraycopy(previous.buf, blockBytes, buf, 0, have);
      }
      int read = in.readNBytes(buf, have, buf.length - have);
      int length = have + read;
      if (previous != null && length == 0) {
        return null;
      }
      boolean last = length < buf.length;
      long offset = previous == null ? 0 : previous.offset + blockBytes;
      return new Block(index, offset, buf, length, last, blockBytes);
    }
  }
}
