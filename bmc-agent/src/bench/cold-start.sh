#!/usr/bin/env bash
# Measures the agent's cold start: from launching `java -jar bmc-agent.jar` to the first 200 answer of
# GET /redfish/v1/, for a first start (empty state directory: database, certificate and administrator
# are created) and for a restart (state already there). Prints each run and the median.
# JVM options to try go in JAVA_OPTS.
# LAUNCHER=path/to/bmc-agent (the packaged launcher, beside a bmc-agent.jar) starts the agent the way a
# board does, with the launcher's JVM options (JAVA_OPTS then go to it as BMC_AGENT_JAVA_OPTS); one start
# that is not measured first makes its AppCDS archive (in XDG_CACHE_HOME), so every measured start maps it.
# PORT (default 18743) is the port used.
# Each start also shows the CPU time the agent had used at its first answer (user + system, from /proc): on a
# machine shared with other work the wall time swings with the load, the CPU time much less.
# Usage: bmc-agent/src/bench/cold-start.sh [RUNS]   (build the jar first: mvn -B -q package -DskipTests)
set -euo pipefail
runs=${1:-10}
root=$(cd "$(dirname "$0")/../../.." && pwd)
jar="$root/bmc-agent/target/bmc-agent.jar"
launcher=${LAUNCHER:-}
if [[ -n $launcher ]]; then
  [[ -x $launcher && -f $(dirname "$launcher")/bmc-agent.jar ]] || { echo "$launcher: no launcher beside a bmc-agent.jar" >&2; exit 1; }
else
  [[ -f $jar ]] || { echo "build the jar first: mvn -B -q package -DskipTests" >&2; exit 1; }
fi
command -v curl >/dev/null || { echo "curl is needed" >&2; exit 1; }
port=${PORT:-18743}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

tick=$(getconf CLK_TCK)

# one_start STATE_DIR: prints milliseconds from launch to the first 200 of /redfish/v1/, then the CPU
# milliseconds the agent had used by then
one_start() {
  local state=$1 start end pid cpu
  start=$(date +%s%N)
  if [[ -n $launcher ]]; then
    BMC_AGENT_ADMIN_PASSWORD=bench-password BMC_AGENT_JAVA_OPTS=${JAVA_OPTS:-} "$launcher" --listen "127.0.0.1:$port" \
      --state-dir "$state" >"$work/agent.log" 2>&1 &
  else
    # shellcheck disable=SC2086
    BMC_AGENT_ADMIN_PASSWORD=bench-password java ${JAVA_OPTS:-} -jar "$jar" --listen 127.0.0.1:$port --state-dir "$state" \
      >"$work/agent.log" 2>&1 &
  fi
  pid=$!
  until curl -ks -o /dev/null -w '%{http_code}' "https://127.0.0.1:$port/redfish/v1/" 2>/dev/null | grep -q 200; do
    if ! kill -0 $pid 2>/dev/null; then cat "$work/agent.log" >&2; exit 1; fi
    sleep 0.01
  done
  end=$(date +%s%N)
  cpu=$(awk -v tick="$tick" '{ print int(($14 + $15) * 1000 / tick) }' "/proc/$pid/stat")
  kill $pid; wait $pid 2>/dev/null || true
  echo "$(( (end - start) / 1000000 )) $cpu"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2))}'; }

echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1)${launcher:+, started by $launcher}"
if [[ -n $launcher ]]; then
  read -r ms _ < <(one_start "$work/state-archive")
  echo "making the launcher's AppCDS archive: $ms ms (not counted)"
fi
first=() restart=() first_cpu=() restart_cpu=()
for i in $(seq "$runs"); do
  state="$work/state-$i"
  read -r ms cpu < <(one_start "$state")
  first+=("$ms") first_cpu+=("$cpu")
  read -r ms cpu < <(one_start "$state")
  restart+=("$ms") restart_cpu+=("$cpu")
  echo "run $i: first start ${first[-1]} ms (CPU ${first_cpu[-1]} ms), restart ${restart[-1]} ms (CPU ${restart_cpu[-1]} ms)"
done
echo "median first start: $(printf '%s\n' "${first[@]}" | median) ms"
echo "median restart:     $(printf '%s\n' "${restart[@]}" | median) ms"
echo "median CPU at the first answer: first start $(printf '%s\n' "${first_cpu[@]}" | median) ms, restart $(printf '%s\n' "${restart_cpu[@]}" | median) ms"
