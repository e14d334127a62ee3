package org.libreyolo.profile.internal.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TensorMemoryTest {
  private static FirstTracedStep.Op op(String name, double ts, double end, long bytes) {
    return new FirstTracedStep.Op(
        name,
        ts,
        end,
        "1",
        com.fasterxml.jackson.databind.node.JsonNodeFactory.instance
            .objectNode()
            .put("cpu mem", bytes));
  }

  /**
   * A conv whose kernel allocates a 100-byte output and a 40-byte scratch it frees before it
   * returns, then an add allocating 100 bytes. libtorch books each op's net bytes, children
   * included; the own parts booked when each op returns trace the live bytes.
   */
  @Test
  void ownPartsBookedAtEachReturnGiveTheAllocatedAndThePeakBytes() {
    FirstTracedStep step =
        new FirstTracedStep(
            List.of(
                op("aten::conv2d", 0, 10, 100), // net: output kept, scratch freed
                op("aten::empty", 1, 2, 100), // the output
                op("aten::empty", 3, 4, 40), // the scratch, freed in conv2d's own code
                op("aten::add", 11, 12, 100)));
    TensorMemory m = TensorMemory.of(step);
    assertThat(m.allocatedBytes()).isEqualTo(240);
    assertThat(m.peakLiveBytes()).as("output and scratch at once, then the add").isEqualTo(200);
    // 100 + 40 live at 4, conv returns freeing 40 (100), add brings 200
  }

  @Test
  void aStepWithoutMemoryRecordedHasNone() {
    FirstTracedStep step = new FirstTracedStep(List.of(op("aten::conv2d", 0, 10, 0)));
    assertThat(TensorMemory.of(step)).isNull();
    assertThat(TensorMemory.of(new FirstTracedStep(List.of()))).isNull();
  }
}
