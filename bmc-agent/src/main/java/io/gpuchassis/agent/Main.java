package io.gpuchassis.agent;

public final class Main {
  public static void main(String[] args) {
  }
}
