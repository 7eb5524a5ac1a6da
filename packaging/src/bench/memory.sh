#!/usr/bin/env bash
# Measures the agent's resident memory (VmRSS, and the peak VmHWM, from /proc/PID/status) under JVM option sets:
# once Redfish answers, and after a Redfish load (400 authenticated GETs over one kept-alive connection and 40
# over new TLS connections, across the service root, chassis, slots, sensors, systems, tasks and logs).
# Each option set runs on the simulated reference chassis from a copy of one prepared state directory
# (a restart), and is measured RUNS times (the median is printed).
# Usage: packaging/src/bench/memory.sh [RUNS] [-- 'OPTIONS' ...]   (build the jar first: mvn -B -q package -DskipTests)
set -euo pipefail
runs=${1:-3}
shift || true
[[ ${1:-} == -- ]] && shift
root=$(cd "$(dirname "$0")/../../.." && pwd)
jar="$root/bmc-agent/target/bmc-agent.jar"
[[ -f $jar ]] || { echo "build the jar first: mvn -B -q package -DskipTests" >&2; exit 1; }
port=18744
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
pw=bench-password

if (($# == 0)); then
  set -- "" \
    "-Xmx64m -XX:+UseSerialGC" \
    "-Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1" \
    "-Xmx64m -XX:+UseSerialGC -XX:SharedArchiveFile=$work/agent.jsa" \
    "-Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:SharedArchiveFile=$work/agent.jsa" \
    "-Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:SharedArchiveFile=$work/agent.jsa -Xss512k -XX:ReservedCodeCacheSize=32m -XX:MaxDirectMemorySize=32m"
fi

# wait_ready PID: until /redfish/v1/ answers 200
wait_ready() {
  until curl -ks -o /dev/null -w '%{http_code}' "https://127.0.0.1:$port/redfish/v1/" 2>/dev/null | grep -q 200; do
    kill -0 "$1" 2>/dev/null || { cat "$work/agent.log" >&2; exit 1; }
    sleep 0.05
  done
}
kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$2/status"; }

paths=(/redfish/v1/ /redfish/v1/Chassis/GPUChassis /redfish/v1/Chassis/GPUChassis/PCIeSlots
  /redfish/v1/Chassis/GPUChassis/Sensors /redfish/v1/Chassis/GPUChassis/Sensors/GPU1Temperature
  /redfish/v1/Systems /redfish/v1/TaskService/Tasks /redfish/v1/Managers/BMC/LogServices/EventLog/Entries)
urls="$work/urls"
: >"$urls"
for i in $(seq 50); do for p in "${paths[@]}"; do echo "url = \"https://127.0.0.1:$port$p\"" >>"$urls"; echo "output = /dev/null" >>"$urls"; done; done

# prepare one state directory (database, certificate, administrator) and the AppCDS archive
BMC_AGENT_ADMIN_PASSWORD=$pw java -XX:ArchiveClassesAtExit="$work/agent.jsa" -jar "$jar" --listen 127.0.0.1:$port \
  --state-dir "$work/state" >"$work/agent.log" 2>&1 &
pid=$!
wait_ready $pid
curl -ks -u admin:$pw -K "$urls" >/dev/null
kill $pid; wait $pid 2>/dev/null || true

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2))}'; }
echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1); MB, median of $runs"
printf '%-110s %8s %8s %8s\n' "JVM options" "ready" "loaded" "peak"
for opts in "$@"; do
  ready=() loaded=() peak=()
  for r in $(seq "$runs"); do
    rm -rf "$work/run"; cp -a "$work/state" "$work/run"
    # shellcheck disable=SC2086
    java $opts -jar "$jar" --listen 127.0.0.1:$port --state-dir "$work/run" >"$work/agent.log" 2>&1 &
    pid=$!
    wait_ready $pid
    sleep 5
    ready+=("$(kb VmRSS $pid)")
    curl -ks -u admin:$pw -K "$urls" >/dev/null
    for i in $(seq 40); do curl -ks -u admin:$pw -o /dev/null "https://127.0.0.1:$port${paths[i % ${#paths[@]}]}"; done
    sleep 5
    loaded+=("$(kb VmRSS $pid)")
    peak+=("$(kb VmHWM $pid)")
    kill $pid; wait $pid 2>/dev/null || true
  done
  mb() { printf '%s\n' "$@" | median | awk '{printf "%.0f", $1 / 1024}'; }
  printf '%-110s %8s %8s %8s\n' "${opts:-(none)}" "$(mb "${ready[@]}")" "$(mb "${loaded[@]}")" "$(mb "${peak[@]}")"
done
