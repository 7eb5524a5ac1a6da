package io.gpuchassis.agent.chassis;

import io.gpuchassis.agent.store.Settings;
import java.util.Optional;

/**
 * The operator's asset tag of the chassis (Redfish {@code Chassis.AssetTag}): kept in the agent's
 * settings, so it survives restarts and self-updates, and shown through the model, so that a change
 * is a new snapshot (new ETags, a new generation) like any other.
 */
public final class AssetTag {

  /** The longest tag taken: an inventory label, not a document. */
  public static final int MAX_LENGTH = 64;

  static final String SETTING = "chassis.assetTag";

  private final Settings settings;
  private final ChassisModel model;

  public AssetTag(Settings settings, ChassisModel model) {
    this.settings = settings;
    this.model = model;
  }

  /** Shows the stored tag (at start). Blocks on the database. */
  public void restore() {
    settings.get(SETTING).ifPresent(this::show);
  }

  /** Why {@code tag} cannot be an asset tag; empty when it can. The empty string clears the tag. */
  public static Optional<String> problem(String tag) {
    if (tag.length() > MAX_LENGTH) {
      return Optional.of("an asset tag has at most " + MAX_LENGTH + " characters");
    }
    if (tag.codePoints().anyMatch(c -> Character.isISOControl(c))) {
      return Optional.of("an asset tag has no control characters");
    }
    return Optional.empty();
  }

  /** Stores the tag, then shows it. Blocks on the database. */
  public void set(String tag) {
    problem(tag)
        .ifPresent(
            p -> {
              throw new IllegalArgumentException(p);
            });
    synchronized (this) {
      settings.put(SETTING, tag);
      show(tag);
    }
  }

  private void show(String tag) {
    model.apply(s -> s.withIdentity(s.identity().withAssetTag(tag)));
  }
}
