#!/usr/bin/env bash
# Checks the benchmark kit without running a benchmark: its scripts parse (bash -n, and shellcheck when
# installed), and its functions read recorded wrk and jcmd outputs (bench/testdata) and judge and write as
# they should. Run by BenchKitIT in `mvn verify`; quick, and needs neither wrk nor nginx.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/lib.sh
source "$here/lib.sh"
failures=0
check() { # check WHAT EXPECTED ACTUAL
  if [[ $2 == "$3" ]]; then echo "ok   $1"; else echo "FAIL $1: expected '$2', got '$3'"; failures=$((failures + 1)); fi
}

for script in "$here"/*.sh "$here/../bmc-agent/src/bench/cold-start.sh"; do
  check "bash -n $(basename "$script")" 0 "$(bash -n "$script" >/dev/null 2>&1; echo $?)"
done
if command -v shellcheck >/dev/null; then
  check "shellcheck" 0 "$(cd "$here/.." && shellcheck -x bench/run.sh bench/lib.sh bench/self-test.sh bench/scrape-cost.sh >&2; echo $?)"
else
  echo "skip shellcheck: not installed"
fi

t=$here/testdata
# wrk_parse: requests/s, p99 in ms whatever wrk's unit, requests, non-2xx, socket errors
check "wrk_parse of the agent's chassis GET (p99 in ms)" "711 335.51 2171 0 0" "$(wrk_parse "$t/wrk-agent-chassis.txt")"
check "wrk_parse of nginx's service root (p99 in ms)" "20436 13.02 61451 0 0" "$(wrk_parse "$t/wrk-nginx-root.txt")"
check "wrk_parse of the 304s" "1481 172.94 4465 0 0" "$(wrk_parse "$t/wrk-agent-chassis-304.txt")"
check "wrk_parse adds up socket errors" "36 784.18 192 0 72" "$(wrk_parse "$t/wrk-agent-root-refused.txt")"
check "wrk_parse of a run that got nothing" "0 0.00 0 0 63" "$(wrk_parse "$t/wrk-agent-basic-nothing.txt")"
check "wrk_parse converts microseconds and counts non-2xx" "9 0.85 100 7 0" \
  "$(printf '     99%%  850.00us\n  100 requests in 10.00s, 1.00MB read\n  Non-2xx or 3xx responses: 7\nRequests/sec:      9.40\n' | wrk_parse /dev/stdin)"
check "wrk_parse converts seconds" "1 1200.00 10 0 0" \
  "$(printf '     99%%    1.20s\n  10 requests in 10.00s, 1.00MB read\nRequests/sec:      1.00\n' | wrk_parse /dev/stdin)"
check "wrk_parse fails on a wrk that failed" 1 "$(echo 'unable to connect to 127.0.0.1:1' | wrk_parse /dev/stdin >/dev/null; echo $?)"
# cpu_per_request and median: the agent's CPU per request over a run, and the median over rounds
check "cpu_per_request: 160 ticks at 100 Hz over 600,000 requests" "2.7" "$(cpu_per_request 160 600000 100)"
check "cpu_per_request with HZ left out is at 100 Hz" "16.0" "$(cpu_per_request 8 5000)"
check "cpu_per_request of no requests" "-" "$(cpu_per_request 50 0 100)"
check "median of three" "17.4" "$(median 20.1 17.4 16.0)"
check "median of two averages them" "16.5" "$(median 17.0 16.0)"
check "median leaves out what is not a number" "18.0" "$(median - 18.0)"
check "median of nothing" "-" "$(median -)"

# wrk_summary: medians over rounds, errors added up
check "wrk_summary of one run is that run" "711 335.51 0" "$(wrk_summary "$t/wrk-agent-chassis.txt")"
check "wrk_summary takes the medians of three runs" "711 335.51 72" \
  "$(wrk_summary "$t/wrk-agent-chassis.txt" "$t/wrk-agent-chassis-304.txt" "$t/wrk-agent-root-refused.txt")"
check "wrk_summary of two runs averages the middle two" "10218 6.51 63" \
  "$(wrk_summary "$t/wrk-nginx-root.txt" "$t/wrk-agent-basic-nothing.txt")"

# cold_start_medians: the wall and CPU medians cold-start.sh ends with
check "cold_start_medians reads the walls and the CPU" "2304 1985 3640 2960" \
  "$(printf 'run 1: first start 2304 ms (CPU 3640 ms), restart 1985 ms (CPU 2960 ms)\nmedian first start: 2304 ms\nmedian restart:     1985 ms\nmedian CPU at the first answer: first start 3640 ms, restart 2960 ms\n' | cold_start_medians /dev/stdin)"
check "cold_start_medians of a run that printed nothing" "- - - -" "$(cold_start_medians /dev/null)"

# heap_kb: used and committed over both generations, and the old one alone
check "heap_kb of SerialGC's GC.heap_info" "32696 63360 21923" "$(heap_kb "$t/heap-info-serial.txt")"

# the targets
check "ratio" "0.80" "$(ratio 8000 10000)"
check "ratio against nothing" "-" "$(ratio 8000 0)"
check "0.8x with p99 4.9 ms meets the authenticated target" met "$(verdict auth_met 0.80 4.9)"
check "p99 of 5 ms misses it" missed "$(verdict auth_met 0.95 5.00)"
check "0.79x misses it" missed "$(verdict auth_met 0.79 1)"
check "10,000 req/s meets the expand target at any ratio" met "$(verdict expand_met 10000 0.1)"
check "0.3x meets it at any rate" met "$(verdict expand_met 500 0.30)"
check "a ratio of '-' meets nothing" missed "$(verdict at_least - 0.9)"
check "a 64 MB heap cap with no OutOfMemoryError" met "$(verdict heap_met 64 0)"
check "an OutOfMemoryError misses it" missed "$(verdict heap_met 64 1)"
check "a larger cap misses it" missed "$(verdict heap_met 256 0)"
check "thousands" "31,700 / 999 / 1,000,000" "$(thousands 31700) / $(thousands 999) / $(thousands 1000000)"

# replace_section: the text between the markers is replaced, the rest kept; no markers, nothing changed
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'before\n<!-- bench:begin -->\nold\nlines\n<!-- bench:end -->\nafter\n' >"$work/doc.md"
printf 'new table\n' >"$work/new.md"
replace_section "$work/doc.md" bench "$work/new.md"
check "replace_section replaces between the markers" \
  "before|<!-- bench:begin -->|new table|<!-- bench:end -->|after" "$(paste -sd '|' "$work/doc.md")"
replace_section "$work/doc.md" bench "$work/new.md"
check "replace_section again gives the same file" \
  "before|<!-- bench:begin -->|new table|<!-- bench:end -->|after" "$(paste -sd '|' "$work/doc.md")"
printf 'no markers\n' >"$work/plain.md"
check "replace_section refuses a file without markers" "1 no markers" \
  "$(replace_section "$work/plain.md" bench "$work/new.md" 2>/dev/null; echo "$? $(cat "$work/plain.md")")"
check "docs/PERFORMANCE.md has the kit's sections" "2 2" \
  "$(grep -cE '^<!-- bench:(begin|end) -->$' "$here/../docs/PERFORMANCE.md") $(grep -cE '^<!-- bench:soak:(begin|end) -->$' "$here/../docs/PERFORMANCE.md")"

((failures == 0)) || { echo "$failures check(s) failed"; exit 1; }
echo "all checks passed"
