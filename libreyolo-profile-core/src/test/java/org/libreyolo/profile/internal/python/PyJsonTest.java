package org.libreyolo.profile.internal.python;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.libreyolo.profile.result.Json;

class PyJsonTest {
  @ParameterizedTest
  @CsvSource({
    "100.0, 100.0",
    "0.3, 0.3",
    "0.00001, 1e-05",
    "0.0001, 0.0001",
    "0.0005, 0.0005",
    "1e16, 1e+16",
    "1e15, 1000000000000000.0",
    "-2.5, -2.5",
    "123456.789, 123456.789",
    "1.5e-7, 1.5e-07",
    "12345678.0, 12345678.0",
    "0.26, 0.26"
  })
  void reprMatchesPython(double value, String expected) {
    assertThat(Json.repr(value)).isEqualTo(expected);
  }

  @Test
  void dumpsLikePythonCompactAndIndented() throws Exception {
    ObjectNode node =
        (ObjectNode)
            new ObjectMapper()
                .readTree(
                    "{\"a\": 1, \"b\": [1.0, 2.5e-6], \"c\": {}, \"d\": [], \"e\": \"x\u2014y\", \"f\": null, \"g\": true}");
    assertThat(Json.compact(node))
        .isEqualTo(
            "{\"a\": 1, \"b\": [1.0, 2.5e-06], \"c\": {}, \"d\": [], \"e\": \"x\\u2014y\", \"f\": null, \"g\": true}");
    assertThat(Json.indented(node.retain("a", "b", "c")))
        .isEqualTo("{\n  \"a\": 1,\n  \"b\": [\n    1.0,\n    2.5e-06\n  ],\n  \"c\": {}\n}");
  }
}
