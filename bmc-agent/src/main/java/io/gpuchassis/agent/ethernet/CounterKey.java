package io.gpuchassis.agent.ethernet;

/** A counter by where it is read and its name there, e.g. RDMA_HW {@code out_of_sequence}. */
public record CounterKey(CounterSource source, String name) {

  @Override
  public String toString() {
    return source + "/" + name;
  }
}
