#!/usr/bin/env bash
# What a Prometheus scrape of the whole chassis costs the agent: its CPU time per scrape and the bytes of
# one scrape, in both text formats. Starts the built jar on the simulated reference chassis with the
# launcher's heap and compiler options, warms up, then scrapes /metrics from one connection for 15 s with
# wrk while reading the agent's CPU ticks from /proc. Usage: bench/scrape-cost.sh [seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-15}
for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "installing $tool"; sudo=""; [[ $(id -u) -eq 0 ]] || sudo=sudo
    $sudo apt-get install -y -qq "$tool" >/dev/null; }
done
[[ -f bmc-agent/target/bmc-agent.jar ]] || mvn -B -q package -DskipTests
state=$(mktemp -d)
port=18643
password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
BMC_AGENT_ADMIN_PASSWORD=$password java -Xmx40m -Xmn12m -XX:+UseSerialGC -XX:-TieredCompilation \
  -XX:CICompilerCount=1 -Xss512k -jar bmc-agent/target/bmc-agent.jar \
  --listen "127.0.0.1:$port" --state-dir "$state" >"$state/agent.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$state"' EXIT
url=https://127.0.0.1:$port/metrics
until [[ $(curl -sk -o /dev/null -w '%{http_code}' -u "admin:$password" "$url") == 200 ]]; do sleep 0.2; done
auth="Authorization: Basic $(printf 'admin:%s' "$password" | base64 -w0)"
text=$(curl -sk -u "admin:$password" "$url" | wc -c)
open=$(curl -sk -u "admin:$password" -H 'Accept: application/openmetrics-text; version=1.0.0' "$url" | wc -c)
series=$(curl -sk -u "admin:$password" "$url" | grep -vc '^#')
wrk -t1 -c1 -d10s -H "$auth" "$url" >/dev/null # warm-up: the scrape's code compiled
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
out=$(wrk -t1 -c1 -d"${seconds}s" --latency -H "$auth" "$url")
after=$(ticks)
requests=$(awk '/requests in/ {print $1}' <<<"$out")
rate=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
cpu_ms=$(awk -v t=$((after - before)) -v hz="$hz" -v n="$requests" 'BEGIN {printf "%.2f", t * 1000 / hz / n}')
echo "scrape of the reference chassis: $series samples, $text bytes (text 0.0.4), $open bytes (OpenMetrics)"
echo "one connection for ${seconds} s: $requests scrapes, $rate per second, p99 $p99"
echo "agent CPU per scrape: $cpu_ms ms"
