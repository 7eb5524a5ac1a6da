# Functions of the benchmark kit that need no agent, no nginx and no wrk: reading wrk's output,
# judging a figure against its target, replacing the kit's section of a Markdown file.
# Sourced by bench/run.sh and bench/self-test.sh (which checks them on recorded wrk outputs).
# shellcheck shell=bash

# wrk_parse FILE: one line "RPS P99_MS REQUESTS NON2XX SOCKET_ERRORS" from wrk's --latency output.
# wrk prints latencies with a unit (us, ms, s, m); P99_MS is always in milliseconds. A field wrk did not
# print counts as 0; no "Requests/sec" at all (wrk failed) prints nothing and returns 1.
wrk_parse() {
  awk '
    function ms(v,   n, u) {
      n = v + 0; u = v; sub(/^[0-9.]+/, "", u)
      if (u == "us") return n / 1000
      if (u == "ms") return n
      if (u == "s") return n * 1000
      if (u == "m") return n * 60000
      if (u == "h") return n * 3600000
      return n
    }
    /^ *99% / { p99 = ms($2) }
    / requests in / { requests = $1 }
    /Non-2xx or 3xx responses:/ { non2xx = $NF }
    /Socket errors:/ { gsub(/,/, ""); errors = $4 + $6 + $8 + $10 }
    /^Requests\/sec:/ { rps = $2; seen = 1 }
    END {
      if (!seen) exit 1
      printf "%.0f %.2f %d %d %d\n", rps, p99, requests, non2xx, errors
    }' "$1"
}

# cpu_per_request TICKS REQUESTS [HZ]: microseconds of CPU per request (one decimal) from a process's CPU
# clock ticks (utime + stime in /proc/PID/stat, HZ a second, 100 when not given) over a run of REQUESTS
# requests; "-" when there were none.
cpu_per_request() {
  awk -v t="${1:-0}" -v n="${2:-0}" -v hz="${3:-100}" \
    'BEGIN { if (n + 0 == 0 || hz + 0 == 0) print "-"; else printf "%.1f\n", t * 1000000 / hz / n }'
}

# median VALUE...: the median of the numbers given ("-" left out), one decimal; "-" when none are numbers.
median() {
  printf '%s\n' "$@" | awk '
    $1 != "-" && $1 != "" { v[++n] = $1 + 0 }
    END {
      if (!n) { print "-"; exit }
      for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
      printf "%.1f\n", n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }'
}

# wrk_summary FILE...: "RPS P99_MS BAD" over several runs of one case: the median requests/s, the median
# p99, and the sum of non-2xx/3xx answers and socket errors. A run wrk did not finish counts as 0 req/s.
wrk_summary() {
  local file
  for file in "$@"; do wrk_parse "$file" || echo "0 0 0 0 0"; done | awk '
    { rps[NR] = $1; p99[NR] = $2; bad += $4 + $5 }
    function med(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    END { printf "%.0f %.2f %d\n", med(rps, NR), med(p99, NR), bad }'
}

# ratio A B: A / B with two decimals, "-" when B is 0 or missing.
ratio() {
  awk -v a="${1:-0}" -v b="${2:-0}" 'BEGIN { if (b + 0 == 0) print "-"; else printf "%.2f\n", a / b }'
}

# at_least VALUE BOUND: true when VALUE >= BOUND (decimals allowed; "-" is never enough).
at_least() {
  [[ $1 != - && $2 != - ]] && awk -v v="$1" -v b="$2" 'BEGIN { exit !(v + 0 >= b + 0) }'
}

# below VALUE BOUND: true when VALUE < BOUND.
below() {
  [[ $1 != - && $2 != - ]] && awk -v v="$1" -v b="$2" 'BEGIN { exit !(v + 0 < b + 0) }'
}

# verdict CONDITION...: "met" when the command given succeeds, "missed" otherwise.
verdict() {
  if "$@"; then echo met; else echo missed; fi
}

# The targets of issue 16. auth_met RATIO P99_MS: an authenticated single resource, at least 0.8 x nginx
# with p99 under 5 ms. expand_met REQ_S RATIO: the $expand of the GPU inventory, 10,000 req/s or 0.3 x nginx.
# heap_met MAX_HEAP_MB OUT_OF_MEMORY_ERRORS: the heap capped at 64 MB, and never exhausted.
auth_met() { at_least "$1" 0.8 && below "$2" 5; }
expand_met() { at_least "$1" 10000 || at_least "$2" 0.3; }
heap_met() { [[ $1 =~ ^[0-9]+$ ]] && (($1 > 0 && $1 <= 64 && $2 == 0)); }

# thousands N: 31700 -> 31,700 (the way docs/PERFORMANCE.md writes figures).
thousands() {
  awk -v n="$1" 'BEGIN {
    s = sprintf("%.0f", n); out = ""
    while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
    print s out
  }'
}

# replace_section FILE NAME CONTENT_FILE: replaces what lies between the lines "<!-- NAME:begin -->" and
# "<!-- NAME:end -->" of FILE with CONTENT_FILE's text, keeping both marker lines. Fails, changing
# nothing, when FILE lacks either marker.
replace_section() {
  local file=$1 name=$2 content=$3 begin end
  begin="<!-- $name:begin -->"
  end="<!-- $name:end -->"
  if ! grep -qxF "$begin" "$file" || ! grep -qxF "$end" "$file"; then
    echo "$file has no '$begin' ... '$end' section" >&2
    return 1
  fi
  awk -v begin="$begin" -v end="$end" -v content="$content" '
    $0 == begin { print; while ((getline line < content) > 0) print line; skipping = 1; next }
    $0 == end { skipping = 0 }
    !skipping { print }' "$file" >"$file.tmp" && mv "$file.tmp" "$file"
}

# heap_kb JCMD_GC_HEAP_INFO_FILE: "USED_KB COMMITTED_KB OLD_USED_KB" summed over the generations that
# jcmd GC.heap_info lists (Serial: "def new generation total 19648K, used 5621K" and "tenured generation
# total ..., used ..."); OLD_USED_KB is the old generation's alone (0 for a collector without one).
heap_kb() {
  awk '
    / total [0-9]+K, used [0-9]+K/ {
      for (i = 1; i <= NF; i++) {
        if ($i == "total") { t = $(i + 1); sub(/K,?$/, "", t) }
        if ($i == "used") { u = $(i + 1); sub(/K.*$/, "", u) }
      }
      total += t; used += u
      if (/tenured|[Oo]ld[Gg]en/) old += u
    }
    END { if (total) printf "%d %d %d\n", used, total, old; else exit 1 }' "$1"
}

# cold_start_medians COLD_START_OUTPUT: "FIRST_MS RESTART_MS FIRST_CPU_MS RESTART_CPU_MS" from the last lines
# of bmc-agent/src/bench/cold-start.sh, "-" for what it did not print
cold_start_medians() {
  awk '
    /^median first start:/ { first = $4 }
    /^median restart:/ { restart = $3 }
    /^median CPU at the first answer:/ { first_cpu = $9; restart_cpu = $12 }
    END {
      printf "%s %s %s %s\n", (first == "" ? "-" : first), (restart == "" ? "-" : restart),
        (first_cpu == "" ? "-" : first_cpu), (restart_cpu == "" ? "-" : restart_cpu)
    }' "$1"
}
