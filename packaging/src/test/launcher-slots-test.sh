#!/usr/bin/env bash
# The launcher's choice of the agent's install slot (docs/FIRMWARE.md, "The agent's own update"), run by
# `mvn verify` in the packaging module: the packaged launcher started against a stand-in `java` that records
# the jar and slot it was given, over boot states as the agent and earlier starts leave them. The agent's own
# side (install, trial, mark-good, the report of a fallback) is tested end to end by AgentSelfUpdateIT.
# Usage: launcher-slots-test.sh TARGET_DIR
set -euo pipefail
target=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
launcher=$here/../deb/bin/bmc-agent

say() { echo "[launcher-slots-test] $*"; }
fail() { echo "[launcher-slots-test] FAIL: $*" >&2; exit 1; }
expect_eq() { [[ $1 == "$2" ]] || fail "$3: expected '$2', found '$1'"; }

work=$(mktemp -d "$target/launcher-slots-test.XXXXXX")
mkdir -p "$work/jdk/bin" "$work/usr/share/bmc-agent"
# the stand-in runtime: writes its arguments one per line, and exits as told
cat >"$work/jdk/bin/java" <<'JAVA'
#!/bin/sh
printf '%s\n' "$@" >"$FAKE_ARGS"
exit "${FAKE_EXIT:-0}"
JAVA
chmod +x "$work/jdk/bin/java"
cp "$launcher" "$work/usr/share/bmc-agent/bmc-agent"
echo package >"$work/usr/share/bmc-agent/bmc-agent.jar"

slots=$work/state/slots
reset_slots() { rm -rf "$work/state"; mkdir -p "$slots/A" "$slots/B"; echo A >"$slots/A/bmc-agent.jar"; echo B >"$slots/B/bmc-agent.jar"; }
boot() { printf '%s\n' "$@" >>"$slots/state"; }
# the value of a key in the boot state: its last line wins
value() { awk -F= -v k="$1" '$1 == k { v = substr($0, length(k) + 2) } END { print v }' "$slots/state"; }
# starts the launcher; sets $jar (the jar it ran), $slot (the slot it named) and $said (its stderr)
start() {
  : >"$work/args"
  said=$(JAVA_HOME=$work/jdk FAKE_ARGS=$work/args XDG_CACHE_HOME=$work/cache BMC_AGENT_SLOTS=${SLOTS-$slots} \
    "$work/usr/share/bmc-agent/bmc-agent" --listen 127.0.0.1:0 2>&1 >/dev/null) || fail "the launcher failed: $said"
  jar=$(awk 'prev == "-jar" { print } { prev = $0 }' "$work/args")
  jar=$(cat "$jar")
  slot=$(sed -n 's/^-Dbmc-agent\.slot=//p' "$work/args")
}

say "no boot state: the package's jar, counted nowhere"
reset_slots
start
expect_eq "$jar/$slot" package/package "jar/slot without a boot state"
[[ ! -e $slots/state ]] || fail "a start without a boot state wrote one"

say "a slot on trial: started and counted 3 times, then marked bad and the good slot started"
reset_slots
boot primary=B B.state=good B.schema=5 primary=A A.state=pending attempts=0 db.schema=5
for n in 1 2 3; do
  start
  expect_eq "$jar/$slot" A/A "start $n of the slot on trial"
  expect_eq "$(value attempts)" "$n" "attempts after start $n"
done
start
expect_eq "$jar/$slot" B/B "the start after 3 attempts"
expect_eq "$(value A.state)/$(value primary)/$(value fallback)" bad/B/A "the boot state after the fallback"
[[ $said == *"slot A did not prove itself in 3 starts: marked bad, starting B"* ]] || fail "no word of the fallback: $said"
start
expect_eq "$jar/$slot" B/B "the start after the fallback"

say "no good slot to fall back to: the package's jar"
reset_slots
boot primary=A A.state=pending attempts=3 B.state=bad
start
expect_eq "$jar/$slot" package/package "the fallback without a good slot"
expect_eq "$(value primary)/$(value fallback)" package/A "the boot state"

say "a fallback across a database migration is refused, said clearly"
reset_slots
boot primary=B B.state=good B.schema=5 primary=A A.state=pending A.schema=6 db.schema=6 attempts=3
start
expect_eq "$jar/$slot" A/A "the start when the fallback cannot read the database"
expect_eq "$(value attempts)" 4 "attempts keep counting"
[[ $said == *"B reads database schemas up to 5 and the database is at 6: not falling back"* ]] || fail "no word of the refusal: $said"

say "a good primary whose jar is gone: the other good slot"
reset_slots
boot primary=A A.state=good B.state=good
rm "$slots/A/bmc-agent.jar"
start
expect_eq "$jar/$slot" B/B "the start when the primary's jar is missing"
[[ $said == *"slot A is primary but holds no jar"* ]] || fail "no word of the missing jar: $said"

say "a good primary runs without counting"
reset_slots
boot primary=B B.state=good attempts=0
start
expect_eq "$jar/$slot/$(value attempts)" B/B/0 "the good primary"

say "no slots folder (the launcher run by hand): the package's jar, no slot named"
SLOTS='' start
expect_eq "$jar/$slot" package/ "jar/slot without slots"
grep -q 'bmc-agent.slots' "$work/args" && fail "slots named without a slots folder"

rm -rf "$work"
say "passed"
