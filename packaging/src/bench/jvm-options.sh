#!/usr/bin/env bash
# Chooses the launcher's JVM options by measurement: for each option set, the agent (simulated reference chassis,
# AppCDS archive mapped) serves an authenticated chassis GET under wrk (-t2 -c16, session token, HTTPS keep-alive)
# while 50 clients hold GET /redfish/v1/EventService/SSE open; prints requests/s, p99, resident memory (VmRSS at
# the end of the load, VmHWM the peak) and the heap in use. Option sets run in turn, round after round, so that a
# busy machine weighs on all alike; medians are printed.
# Usage: packaging/src/bench/jvm-options.sh [ROUNDS] [-- 'OPTIONS' ...]   (build the jar first; needs wrk and curl)
set -euo pipefail
rounds=${1:-3}
shift || true
[[ ${1:-} == -- ]] && shift
root=$(cd "$(dirname "$0")/../../.." && pwd)
jar=${JAR:-$root/bmc-agent/target/bmc-agent.jar}
[[ -f $jar ]] || { echo "build the jar first: mvn -B -q package -DskipTests" >&2; exit 1; }
for tool in wrk curl; do command -v $tool >/dev/null || { echo "$tool is needed (apt-get install $tool)" >&2; exit 1; }; done
port=18745 pw=bench-password duration=${DURATION:-20} warmup=${WARMUP:-10} subscribers=${SUBSCRIBERS:-50}
base="https://127.0.0.1:$port"
work=$(mktemp -d)
# shellcheck disable=SC2046
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
base_opts="-Xmx64m -XX:+UseSerialGC"
if (($# == 0)); then
  # C2 alone; the launcher's options before the young generation and archive mapping; the launcher's now
  trimmed="-XX:TrimNativeHeapInterval=2000 -XX:ReservedCodeCacheSize=24m -Xss512k"
  set -- "" "$trimmed" \
    "$trimmed -Xmx40m -Xmn12m -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0 -Dio.netty.jfr.enabled=false"
fi
cat >"$work/config.yaml" <<YAML
outbound:
  maxSseStreams: $((subscribers + 10))
  sseStreamsPerAccount: $((subscribers + 10))
YAML

wait_ready() {
  until curl -ks -o /dev/null -w '%{http_code}' "$base/redfish/v1/" 2>/dev/null | grep -q 200; do
    kill -0 "$1" 2>/dev/null || { cat "$work/agent.log" >&2; exit 1; }
    sleep 0.05
  done
}
token() {
  curl -ks -D - -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"UserName\":\"admin\",\"Password\":\"$pw\"}" "$base/redfish/v1/SessionService/Sessions" |
    awk -F': ' 'tolower($1) == "x-auth-token" {gsub("\r", "", $2); print $2}'
}
kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$2/status"; }
heap_kb() { jcmd "$1" GC.heap_info 2>/dev/null | awk '/used/ {for (i = 1; i <= NF; i++) if ($i == "used") {v = $(i + 1); sub("K,?", "", v); s += v}} END {print s + 0}'; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# $base_opts and the option sets are split on spaces on purpose: each holds several options.
# shellcheck disable=SC2086
# prepare one state directory and the AppCDS archive (made after a load, so it holds the classes serving needs)
BMC_AGENT_ADMIN_PASSWORD=$pw java $base_opts -XX:ArchiveClassesAtExit="$work/agent.jsa" -jar "$jar" \
  --listen 127.0.0.1:$port --state-dir "$work/state" --config "$work/config.yaml" >"$work/agent.log" 2>&1 &
pid=$!
wait_ready $pid
t=$(token)
wrk -t2 -c16 -d3s -H "X-Auth-Token: $t" "$base/redfish/v1/Chassis/GPUChassis" >/dev/null
kill $pid; wait $pid 2>/dev/null || true

n=$#
declare -a opts=("$@")
declare -A rps p99 rss hwm heap
for r in $(seq "$rounds"); do
  for i in $(seq 0 $((n - 1))); do
    rm -rf "$work/run"; cp -a "$work/state" "$work/run"
    # shellcheck disable=SC2086
    java $base_opts ${opts[$i]} -XX:SharedArchiveFile="$work/agent.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off \
      -jar "$jar" --listen 127.0.0.1:$port --state-dir "$work/run" --config "$work/config.yaml" >"$work/agent.log" 2>&1 &
    pid=$!
    wait_ready $pid
    t=$(token)
    for _ in $(seq "$subscribers"); do
      curl -ksN -o /dev/null -H "X-Auth-Token: $t" "$base/redfish/v1/EventService/SSE" 2>/dev/null &
    done
    wrk -t2 -c16 -d"${warmup}s" -H "X-Auth-Token: $t" "$base/redfish/v1/Chassis/GPUChassis" >/dev/null
    out=$(wrk -t2 -c16 -d"${duration}s" --latency -H "X-Auth-Token: $t" "$base/redfish/v1/Chassis/GPUChassis")
    streams=$(($(jobs -rp | wc -l) - 1)) # the subscribers' curls still connected
    rps[$i]+="$(awk '/Requests\/sec/ {print $2}' <<<"$out") "
    p99[$i]+="$(awk '$1 == "99%" {v = $2; if (v ~ /ms$/) {sub("ms", "", v)} else if (v ~ /us$/) {sub("us", "", v); v /= 1000} else if (v ~ /s$/) {sub("s", "", v); v *= 1000}; print v}' <<<"$out") "
    rss[$i]+="$(kb VmRSS $pid) "
    hwm[$i]+="$(kb VmHWM $pid) "
    heap[$i]+="$(heap_kb $pid) "
    echo "round $r, set $((i + 1)): $(awk '/Requests\/sec/ {print $2}' <<<"$out") req/s, RSS $(($(kb VmRSS $pid) / 1024)) MB, $streams event streams open" >&2
    kill $pid; wait $pid 2>/dev/null || true
    # shellcheck disable=SC2046
    kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null || true
  done
done

echo "machine: $(nproc) cores, $(java -version 2>&1 | head -1), load average $(cut -d ' ' -f 1-3 /proc/loadavg); median of $rounds"
echo "every set: $base_opts + AppCDS; GET /redfish/v1/Chassis/GPUChassis with a session token, wrk -t2 -c16 -d${duration}s, $subscribers SSE streams open"
printf '| %s | %s | %s | %s | %s | %s |\n' "JVM options" "req/s" "p99 ms" "RSS MB" "peak RSS MB" "heap used MB"
printf '| --- | ---: | ---: | ---: | ---: | ---: |\n'
for i in $(seq 0 $((n - 1))); do
  m() { tr ' ' '\n' <<<"$1" | grep . | median; }
  printf '| %s | %.0f | %.1f | %.0f | %.0f | %.0f |\n' "${opts[$i]:-(C2 on)}" "$(m "${rps[$i]}")" "$(m "${p99[$i]}")" \
    "$(echo "$(m "${rss[$i]}") / 1024" | bc -l)" "$(echo "$(m "${hwm[$i]}") / 1024" | bc -l)" "$(echo "$(m "${heap[$i]}") / 1024" | bc -l)"
done
