package io.gpuchassis.agent.sunfish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The agent's id, read from the AggregationSource a Sunfish core answers a registration with. */
class AggregationSourceAnswerTest {

  @Test
  void the_id_is_the_aggregation_sources_id_or_the_last_segment_of_its_uri() {
    assertEquals(
        Optional.of("70cbe8b2"),
        AggregationSourceAnswer.agentId(
            "{\"Id\":\"70cbe8b2\",\"@odata.id\":\"/redfish/v1/AggregationService/AggregationSources/x\"}"));
    assertEquals(
        Optional.of("70cbe8b2"),
        AggregationSourceAnswer.agentId(
            "{\"@odata.id\":\"/redfish/v1/AggregationService/AggregationSources/70cbe8b2/\"}"));
  }

  @Test
  void an_answer_without_an_aggregation_source_names_no_id() {
    assertEquals(Optional.empty(), AggregationSourceAnswer.agentId(""));
    assertEquals(Optional.empty(), AggregationSourceAnswer.agentId("{}"));
    assertEquals(Optional.empty(), AggregationSourceAnswer.agentId("not json"));
    assertEquals(Optional.empty(), AggregationSourceAnswer.agentId("[\"Id\"]"));
    assertEquals(
        Optional.empty(),
        AggregationSourceAnswer.agentId("{\"@odata.id\":\"/redfish/v1/Chassis/GPUChassis\"}"));
  }
}
