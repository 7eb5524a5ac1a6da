package io.gpuchassis.agent.compose;

/**
 * A change of a {@link ChangeSet} the binding engine refused or failed, with the engine's reason;
 * every change of the set that had been made was undone.
 */
public final class ChangeException extends RuntimeException {

  private final Change change;

  public ChangeException(Change change, BindingException cause) {
    super(cause.getMessage(), cause);
    this.change = change;
  }

  public Change change() {
    return change;
  }

  public BindingException reason() {
    return (BindingException) getCause();
  }
}
