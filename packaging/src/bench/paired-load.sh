#!/usr/bin/env bash
# Compares two sets of JVM options (or environments) for the launcher under the benchmark kit's load, side by side:
# two agents at once, each started by the packaged launcher beside the built jar (AppCDS archive mapped, a copy of one
# prepared state folder, the kit's configuration) with its options in BMC_AGENT_JAVA_OPTS, each with its own wrk
# (-t2 -c16, HTTPS keep-alive) and 50 SSE subscribers, serving the kit's eight cases in turn: 3 s of warm-up each, then
# 8 s each measured. VmRSS is read every 200 ms. Per agent and round it prints the highest VmRSS, VmHWM, the median and
# 90th percentile of the series, the chassis and port req/s, and the agent's CPU (utime + stime) per request. Both
# agents share whatever else loads the machine, so compare within a round. docs/PACKAGING.md ("C2 alone, one compiler
# thread, and Netty's pooled allocator") has its figures.
# Usage: packaging/src/bench/paired-load.sh NAME 'OPTIONS_A' 'ENV_A' 'OPTIONS_B' 'ENV_B' [ROUNDS]
#   (ENV_*: e.g. 'MALLOC_ARENA_MAX=1'; build the jar first; needs wrk, curl, jq, jcmd; ports 18850, 18851, 18861)
#   SUMMARY_ONLY=1 prints the summaries of the runs kept under $PAIRED_OUT/NAME (default /tmp/bmc-paired) again.
set -uo pipefail
(($# >= 5)) || { sed -n '/^# Usage:/,/^#   SUMMARY/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
name=$1 optsA=$2 envA=$3 optsB=$4 envB=$5 rounds=${6:-2}
root=$(cd "$(dirname "$0")/../../.." && pwd)
base=${PAIRED_OUT:-/tmp/bmc-paired}
app=$base/app
res=$base/res/$name
mkdir -p "$res"
pw=paired-load-password

prepare() {
  rm -rf "$app" && mkdir -p "$app/bin" "$app/cache"
  cp "$root/bmc-agent/target/bmc-agent.jar" "$app/bin/bmc-agent.jar"
  cp "$root/packaging/src/deb/bin/bmc-agent" "$app/bin/bmc-agent"; chmod 755 "$app/bin/bmc-agent"
  cat >"$app/agent.yaml" <<EOF
http:
  maxUnauthenticatedConnectionsPerAddress: 32
outbound:
  maxSseStreams: 60
  sseStreamsPerAccount: 60
EOF
  XDG_CACHE_HOME=$app/cache BMC_AGENT_ADMIN_PASSWORD=$pw "$app/bin/bmc-agent" --listen 127.0.0.1:18850 \
    --state-dir "$app/state" --config "$app/agent.yaml" --console none >"$app/first.log" 2>&1 &
  local pid=$!
  until [[ $(curl -ks -o /dev/null -w '%{http_code}' https://127.0.0.1:18850/redfish/v1/) == 200 ]]; do sleep 0.1; done
  kill $pid; wait $pid
  ls "$app/cache/bmc-agent/cds/"
}
# prepared again when the jar or the launcher changed
if ! [[ -d $app/state ]] || ! cmp -s "$root/bmc-agent/target/bmc-agent.jar" "$app/bin/bmc-agent.jar" ||
  ! cmp -s "$root/packaging/src/deb/bin/bmc-agent" "$app/bin/bmc-agent"; then
  [[ ${SUMMARY_ONLY:-} ]] || prepare
fi

one() { # one PORT OPTS ENV OUT
  local port=$1 opts=$2 envs=$3 out=$4 url=https://127.0.0.1:$1
  rm -rf "$out" && mkdir -p "$out" && cp -a "$app/state" "$out/state"
  # shellcheck disable=SC2086
  env $envs XDG_CACHE_HOME=$app/cache BMC_AGENT_ADMIN_PASSWORD=$pw BMC_AGENT_JAVA_OPTS="$opts" "$app/bin/bmc-agent" \
    --listen 127.0.0.1:$port --state-dir "$out/state" --config "$app/agent.yaml" --console none >"$out/agent.log" 2>&1 &
  local pid=$!
  until [[ $(curl -ks -o /dev/null -w '%{http_code}' "$url/redfish/v1/") == 200 ]]; do
    kill -0 $pid 2>/dev/null || { echo "agent died" >"$out/failed"; return; }; sleep 0.1; done
  local token
  token=$(curl -ks -D - -o /dev/null -H 'Content-Type: application/json' -d "{\"UserName\":\"admin\",\"Password\":\"$pw\"}" \
    "$url/redfish/v1/SessionService/Sessions" | awk -F': ' 'tolower($1)=="x-auth-token"{gsub("\r","",$2);print $2}')
  local basic; basic=$(printf 'admin:%s' "$pw" | base64 -w0)
  local sse=()
  for i in $(seq 50); do curl -ksN -o /dev/null -H "X-Auth-Token: $token" "$url/redfish/v1/EventService/SSE" 2>/dev/null & sse+=($!); done
  (while kill -0 $pid 2>/dev/null; do echo "$(date +%s.%N | cut -c1-14) $(awk '$1=="VmRSS:"{print $2}' /proc/$pid/status)"; sleep 0.2; done) >"$out/rss.log" 2>/dev/null &
  local sampler=$!
  local ch=/redfish/v1/Chassis/GPUChassis
  local portp; portp=$(curl -ks -H "X-Auth-Token: $token" "$url/redfish/v1/Fabrics" | jq -r '.Members[0]["@odata.id"]')
  portp=$(curl -ks -H "X-Auth-Token: $token" "$url$portp/Switches" | jq -r '.Members[0]["@odata.id"]')
  portp=$(curl -ks -H "X-Auth-Token: $token" "$url$portp/Ports" | jq -r '.Members[0]["@odata.id"]')
  local sensor; sensor=$(curl -ks -H "X-Auth-Token: $token" "$url$ch/Sensors" | jq -r '.Members[0]["@odata.id"]')
  local etag; etag=$(curl -ksI -H "X-Auth-Token: $token" "$url$ch" | awk -F': ' 'tolower($1)=="etag"{print $2}' | tr -d '\r')
  curl -ks -o /dev/null -H "Authorization: Basic $basic" "$url$ch"
  local T="X-Auth-Token: $token"
  local cases=("root-anon|/redfish/v1/|" "root|/redfish/v1/|$T" "chassis|$ch|$T" "c304|$ch|$T
If-None-Match: $etag" "port|$portp|$T" "sensor|$sensor|$T" "expand|$ch/PCIeDevices?\$expand=.(\$levels=1)|$T" "basic|$ch|Authorization: Basic $basic")
  local cpu0; cpu0=$(awk '{print $14+$15}' /proc/$pid/stat)
  local spec n p h
  for spec in "${cases[@]}"; do IFS='|' read -r n p h <<<"$spec"; h=${spec#*|*|}
    BENCH_HEADERS=$h wrk -t2 -c16 -d3s -s "$root/bench/wrk/headers.lua" "$url$p" >"$out/$n-warm.txt" 2>&1; done
  for spec in "${cases[@]}"; do IFS='|' read -r n p h <<<"$spec"; h=${spec#*|*|}
    BENCH_HEADERS=$h wrk -t2 -c16 -d8s --latency -s "$root/bench/wrk/headers.lua" "$url$p" >"$out/$n.txt" 2>&1; done
  local cpu1; cpu1=$(awk '{print $14+$15}' /proc/$pid/stat)
  awk '$1=="VmHWM:"{print $2}' /proc/$pid/status >"$out/hwm"
  echo $((cpu1 - cpu0)) >"$out/cpu_ticks"
  jcmd $pid GC.heap_info >"$out/heap.txt" 2>&1
  grep -c . /proc/$pid/task/*/stat 2>/dev/null | wc -l >"$out/threads"
  kill $sampler; kill "${sse[@]}" 2>/dev/null; kill $pid; wait $pid 2>/dev/null; wait "${sse[@]}" 2>/dev/null
  rm -rf "$out/state"
}

summary() { # summary OUT
  local out=$1
  [[ -f $out/failed ]] && { echo "FAILED"; return; }
  local reqs=0 f
  for f in "$out"/*.txt; do [[ $f == *heap* ]] && continue; r=$(awk '/ requests in /{print $1}' "$f"); reqs=$((reqs + ${r:-0})); done
  local chrps; chrps=$(awk '/^Requests\/sec/{printf "%.0f",$2}' "$out/chassis.txt")
  local prps; prps=$(awk '/^Requests\/sec/{printf "%.0f",$2}' "$out/port.txt")
  local errs; errs=$(cat "$out"/*.txt | grep -c "Socket errors\|Non-2xx" )
  local sorted; sorted=$(awk '{print $2}' "$out/rss.log" | grep . | sort -n)
  awk -v hwm="$(cat "$out/hwm")" -v ticks="$(cat "$out/cpu_ticks")" -v reqs=$reqs -v ch="$chrps" -v pr="$prps" -v e="$errs" '
    { v[NR]=$1; if ($1>m) m=$1 }
    END { n=NR; printf "max %.1f hwm %.1f med %.1f p90 %.1f | chassis %s port %s req/s | cpu %.1f us/req | errlines %s\n",
      m/1024, hwm/1024, v[int(n/2)]/1024, v[int(n*0.9)]/1024, ch, pr, ticks*10000/reqs, e }' <<<"$sorted"
}

[[ ${SUMMARY_ONLY:-} ]] && { for d in "$res"/[AB]*; do echo "$d: $(summary "$d")"; done; exit; }
for r in $(seq "$rounds"); do
  if ((r % 2)); then pa=18851 pb=18861; else pa=18861 pb=18851; fi
  one $pa "$optsA" "$envA" "$res/A$r" &
  a=$!

  one $pb "$optsB" "$envB" "$res/B$r" &
  b=$!
  wait $a $b
  echo "[$name r$r $(cut -d' ' -f1-3 /proc/loadavg)] A ($optsA $envA): $(summary "$res/A$r")" | tee -a "$res/summary"
  echo "[$name r$r] B ($optsB $envB): $(summary "$res/B$r")" | tee -a "$res/summary"
done
