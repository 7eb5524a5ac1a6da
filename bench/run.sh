#!/usr/bin/env bash
# The agent's benchmark kit (issue 16): the agent on the simulated reference chassis, started by the packaged
# launcher as on a board, against nginx serving the very same JSON bodies as static files over HTTPS in the
# same run; wrk -t2 -c16 with keep-alive for each case, the agent's memory and heap under that load with 50
# SSE subscribers, its cold start, and a Markdown table written into docs/PERFORMANCE.md.
# bench/README.md says what each case measures and how to read the ratio.
#
# Usage: bench/run.sh [--duration SECONDS] [--jvm-opts 'OPTIONS'] [--no-cold-start] [--no-write] [--note TEXT]
#        bench/run.sh --soak [MINUTES]       (the chassis GET load with the subscribers; RSS and heap every 30 s)
# Environment: DURATION (10), WARMUP (3), ROUNDS (1; medians over rounds), COLD_RUNS (5), SUBSCRIBERS (50), NGINX_WORKERS (auto),
#   AGENT_PORT (18791), NGINX_PORT (18792), COLD_PORT (18793), BMC_AGENT_JAVA_OPTS (as --jvm-opts).
# Needs Debian's wrk, nginx, curl and jq (installed with apt-get when missing, as root or through sudo) and the
# built jar (made with `mvn -B -q package -DskipTests` when missing).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
# shellcheck source=bench/lib.sh
source "$here/lib.sh"

duration=${DURATION:-10}
warmup=${WARMUP:-3}
rounds=${ROUNDS:-1}
cold_runs=${COLD_RUNS:-5}
subscribers=${SUBSCRIBERS:-50}
nginx_workers=${NGINX_WORKERS:-auto}
agent_port=${AGENT_PORT:-18791}
nginx_port=${NGINX_PORT:-18792}
cold_port=${COLD_PORT:-18793}
jvm_opts=${BMC_AGENT_JAVA_OPTS:-}
threads=2 connections=16
write=1 cold=1 soak=0 soak_minutes=10 note=""
# the command as the results show it, with the settings given in the environment (a note is shown on its own)
command_line=""
for var in DURATION WARMUP ROUNDS COLD_RUNS SUBSCRIBERS NGINX_WORKERS BMC_AGENT_JAVA_OPTS; do
  [[ -n ${!var:-} ]] && command_line+="$var=$(printf '%q' "${!var}") "
done
command_line+=bench/run.sh
skip=0
for arg in "$@"; do
  if ((skip)); then command_line+=" …"; skip=0; continue; fi
  [[ $arg == --note ]] && skip=1
  command_line+=" $(printf '%q' "$arg")"
done

usage() { sed -n '/^# Usage:/,/^# built jar/p' "$0" | sed 's/^# \{0,1\}//'; }
while (($#)); do
  case $1 in
    --soak)
      soak=1
      if [[ ${2:-} =~ ^[0-9]+$ ]]; then soak_minutes=$2; shift; fi ;;
    --duration) duration=${2:?--duration needs seconds}; shift ;;
    --jvm-opts) jvm_opts=${2?--jvm-opts needs options}; shift ;;
    --no-cold-start) cold=0 ;;
    --no-write) write=0 ;;
    --note) note=${2:?--note needs a text}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
  shift
done
[[ $duration =~ ^[0-9]+$ && $warmup =~ ^[0-9]+$ ]] || { echo "DURATION and WARMUP are whole seconds" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS is a whole number from 1" >&2; exit 2; }
((soak_minutes >= 1)) || { echo "--soak needs at least 1 minute" >&2; exit 2; }

log() { printf '[bench %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "$*"; exit 1; }

# --- tools ------------------------------------------------------------------------------------------------
# install_packages NAME...: Debian packages through apt-get. Debian's nginx package starts the system's nginx
# when it is installed; a policy-rc.d that exists only during the installation keeps it from doing so (the
# kit runs its own nginx, and never touches a system one).
install_packages() {
  local sudo=() policy=/usr/sbin/policy-rc.d made_policy=0
  if ((EUID != 0)); then
    command -v sudo >/dev/null || die "missing $*: install them (apt-get install $*) or run as root"
    sudo=(sudo)
  fi
  log "installing $* with apt-get"
  if [[ ! -e $policy ]]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" >/dev/null && "${sudo[@]}" chmod 755 "$policy"
    made_policy=1
  fi
  local status=0
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2 ||
    { "${sudo[@]}" apt-get update -q >&2 && "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >&2; } ||
    status=$?
  ((made_policy)) && "${sudo[@]}" rm -f "$policy"
  ((status == 0)) || die "apt-get install $* failed"
}
missing=()
command -v wrk >/dev/null || missing+=(wrk)
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
[[ -x $nginx_bin ]] || missing+=(nginx)
command -v curl >/dev/null || missing+=(curl)
command -v jq >/dev/null || missing+=(jq)
((${#missing[@]} == 0)) || install_packages "${missing[@]}"
[[ -x $nginx_bin ]] || nginx_bin=$(command -v nginx)
command -v java >/dev/null || die "no java: run 'bash .ci/setup' (JDK 17)"
jcmd_bin=$(command -v jcmd || true)

jar=$root/bmc-agent/target/bmc-agent.jar
if [[ ! -f $jar ]]; then
  log "no $jar: building it (mvn -B -q package -DskipTests)"
  (cd "$root" && mvn -B -q package -DskipTests) >&2
fi

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for p in "$agent_port" "$nginx_port" "$cold_port"; do
  port_free "$p" || die "port $p is in use: choose others with AGENT_PORT, NGINX_PORT, COLD_PORT"
done

# --- processes, and cleaning them up whatever happens --------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/bmc-bench.XXXXXX")
out=$here/out
rm -rf "$out"
mkdir -p "$out"
agent_pid="" nginx_pid="" sampler_pid="" load_pid=""
sse_pids=()

# stop PID [SECONDS]: SIGTERM, then SIGKILL if it has not ended in time (a JVM writing its AppCDS archive
# at exit takes a while). Only ever given processes this script started.
stop() {
  local pid=$1 wait_s=${2:-60} i
  [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < wait_s * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null || true
}
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  for pid in "${sse_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  stop "$load_pid" 5
  stop "$sampler_pid" 5
  stop "$nginx_pid" 10
  stop "$agent_pid" 60
  for pid in "${sse_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- the agent, as a board starts it -------------------------------------------------------------------------
# The packaged layout: the launcher beside the jar. Its AppCDS archive and natives go to XDG_CACHE_HOME.
mkdir -p "$work/app" "$work/cache"
cp "$jar" "$work/app/bmc-agent.jar"
cp "$root/packaging/src/deb/bin/bmc-agent" "$work/app/bmc-agent"
chmod 755 "$work/app/bmc-agent"
export XDG_CACHE_HOME=$work/cache
password=bench-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')
agent_url=https://127.0.0.1:$agent_port
nginx_url=https://127.0.0.1:$nginx_port

# The benchmark's limits, the only configuration it gives: wrk opens 16 connections from one address before
# any of them has authenticated (the default lets an address hold 8), and the 50 SSE streams all belong to
# the one account (the default allows 5 an account, 10 in all).
cat >"$work/agent.yaml" <<EOF
http:
  maxUnauthenticatedConnectionsPerAddress: 32
outbound:
  maxSseStreams: 60
  sseStreamsPerAccount: 60
EOF

# wait_https URL PID LOG SECONDS: until URL answers 200, failing when PID ends or time runs out.
wait_https() {
  local i
  for ((i = 0; i < $4 * 20; i++)); do
    [[ $(curl -ks -o /dev/null -w '%{http_code}' "$1" 2>/dev/null) == 200 ]] && return 0
    kill -0 "$2" 2>/dev/null || { tail -n 30 "$3" >&2; die "$1: the process ended before answering"; }
    sleep 0.05
  done
  tail -n 30 "$3" >&2
  die "$1: no answer within $4 s"
}

# start_agent STATE_DIR LOG: the launcher with the kit's configuration, until Redfish answers.
start_agent() {
  BMC_AGENT_ADMIN_PASSWORD=$password BMC_AGENT_JAVA_OPTS=$jvm_opts "$work/app/bmc-agent" \
    --listen "127.0.0.1:$agent_port" --state-dir "$1" --config "$work/agent.yaml" --console none >"$2" 2>&1 &
  agent_pid=$!
  wait_https "$agent_url/redfish/v1/" "$agent_pid" "$2" 180
}

archive_made() { compgen -G "$work/cache/bmc-agent/cds/*.jsa" >/dev/null; }

# --- cold start: the launcher's options, with its AppCDS archive made by a start that is not measured ------
cold_first="-" cold_restart="-" cold_first_cpu="-" cold_restart_cpu="-"
if ((cold && !soak)); then
  log "cold start: $cold_runs first starts and restarts through the launcher (bmc-agent/src/bench/cold-start.sh)"
  LAUNCHER=$work/app/bmc-agent PORT=$cold_port JAVA_OPTS=$jvm_opts \
    "$root/bmc-agent/src/bench/cold-start.sh" "$cold_runs" | tee "$out/cold-start.txt" >&2
  # the CPU at the first answer is steadier than the wall time when the machine's speed drifts
  read -r cold_first cold_restart cold_first_cpu cold_restart_cpu < <(cold_start_medians "$out/cold-start.txt")
fi
if ! archive_made; then
  log "first start of the launcher: it writes its AppCDS archive when it stops"
  start_agent "$work/state" "$out/agent-first.log"
  stop "$agent_pid" 180
  agent_pid=""
fi

log "starting the agent (launcher, simulated reference chassis) on $agent_url"
start_agent "$work/state" "$out/agent.log"
agent_cmdline=$(tr '\0' ' ' <"/proc/$agent_pid/cmdline")
# the options that matter, without the launcher's folders for natives and the archive's path
agent_options=$(sed -e 's| -jar .*||' -e 's|^[^ ]*java ||' -e 's| -D[a-z.]*tmpdir=[^ ]*||g' \
  -e 's|\(-XX:SharedArchiveFile=\)[^ ]*|\1(archive)|' -e 's|\(-XX:ArchiveClassesAtExit=\)[^ ]*|\1(archive)|' \
  -e 's|\(-Dbmc-agent.native.dir=\)[^ ]*|\1(natives folder)|' <<<"$agent_cmdline")

# --- a session, and the resources of the cases ---------------------------------------------------------------
curl -ks -D "$work/login.h" -o "$work/login.json" -H 'Content-Type: application/json' \
  -d "{\"UserName\": \"admin\", \"Password\": \"$password\"}" "$agent_url/redfish/v1/SessionService/Sessions"
token=$(awk -F': ' 'tolower($1) == "x-auth-token" { print $2 }' "$work/login.h" | tr -d '\r')
[[ -n $token ]] || { cat "$work/login.h" "$work/login.json" >&2; die "no session: the login was refused"; }
basic=$(printf 'admin:%s' "$password" | base64 -w0)

get() { curl -ksf -H "X-Auth-Token: $token" "$agent_url$1"; }
first_member() { get "$1" | jq -er '.Members[0]["@odata.id"]'; }
chassis=$(first_member /redfish/v1/Chassis)
fabric=$(first_member /redfish/v1/Fabrics)
switch=$(first_member "$fabric/Switches")
port=$(first_member "$switch/Ports")
sensor=$(first_member "$chassis/Sensors")
expand="$chassis/PCIeDevices?\$expand=.(\$levels=1)"
gpus=$(get "$expand" | jq -r '.["Members@odata.count"]')
log "resources: $chassis, $port, $sensor, $expand ($gpus devices)"

# --- nginx over the same bodies, the same certificate ---------------------------------------------------------
# Each case's body, fetched from the agent once, becomes a static file; nginx answers it with the agent's own
# Content-Type and the agent's other constant headers (OData-Version, Cache-Control, Link, the security
# headers), so both send about the same bytes; its ETag is nginx's own (size and time of the file).
ndir=$work/nginx
mkdir -p "$ndir/www" "$ndir/temp"
chmod 711 "$work"
chmod 755 "$ndir" "$ndir/www"
declare -A case_path
locations=""
# serve NAME PATH: the agent's answer to PATH as nginx's location for it.
serve() {
  local name=$1 path=$2 headers
  curl -ks -D "$work/$name.h" -o "$ndir/www/$name.json" -H "X-Auth-Token: $token" "$agent_url$path"
  chmod 644 "$ndir/www/$name.json"
  case_path[$name]=$path
  headers=$(tr -d '\r' <"$work/$name.h" | awk -F': ' 'NR > 1 && NF > 1 {
      name = tolower($1)
      if (name ~ /^(date|etag|content-length|content-type|connection|keep-alive|transfer-encoding)$/) next
      value = substr($0, length($1) + 3)
      if (value ~ /[$"]/) next
      printf "      add_header %s \"%s\" always;\n", $1, value
    }')
  locations+="    location = ${path%%\?*} {
      try_files /$name.json =404;
$headers
    }
"
}
serve root /redfish/v1/
serve chassis "$chassis"
serve port "$port"
serve sensor "$sensor"
serve expand "$expand"
content_type=$(awk -F': ' 'tolower($1) == "content-type" { print $2 }' "$work/chassis.h" | tr -d '\r')

# The TLS 1.3 cipher suite the agent chose, nginx prefers too (left alone, it takes the client's first choice,
# AES-256, where the agent picks AES-128), so that both pay the same cipher.
tls_of() { curl -ksv -o /dev/null "$1" 2>&1 | sed -n 's/^\* SSL connection using //p' | head -n 1; }
suite=$(tls_of "$agent_url/redfish/v1/" | sed -n 's|^TLSv1.3 / \(TLS_[A-Z0-9_]*\)$|\1|p')
suites=""
if [[ -n $suite ]]; then
  others=$(printf '%s\n' TLS_AES_128_GCM_SHA256 TLS_AES_256_GCM_SHA384 TLS_CHACHA20_POLY1305_SHA256 | grep -vxF "$suite" | paste -sd:)
  suites="ssl_conf_command Ciphersuites $suite:$others;
    ssl_prefer_server_ciphers on;"
fi
cat >"$ndir/nginx.conf" <<EOF
# worker_processes: $nginx_workers (the kit's NGINX_WORKERS); auto is one per core, since the agent's event loops
# may use every core too.
worker_processes $nginx_workers;
daemon off;
pid $ndir/nginx.pid;
error_log $ndir/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  types { }
  default_type "$content_type";
  sendfile on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 100000000;
  client_body_temp_path $ndir/temp/body;
  proxy_temp_path $ndir/temp/proxy;
  fastcgi_temp_path $ndir/temp/fastcgi;
  uwsgi_temp_path $ndir/temp/uwsgi;
  scgi_temp_path $ndir/temp/scgi;
  server {
    listen 127.0.0.1:$nginx_port ssl;
    ssl_certificate $work/state/tls/https-cert.pem;
    ssl_certificate_key $work/state/tls/https-key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    $suites
    root $ndir/www;
$locations
  }
}
EOF
"$nginx_bin" -t -q -p "$ndir" -e "$ndir/error.log" -c "$ndir/nginx.conf" || die "nginx refused $ndir/nginx.conf"
"$nginx_bin" -p "$ndir" -e "$ndir/error.log" -c "$ndir/nginx.conf" &
nginx_pid=$!
wait_https "$nginx_url/redfish/v1/" "$nginx_pid" "$ndir/error.log" 20
cp "$ndir/nginx.conf" "$out/nginx.conf"
for name in root chassis port expand; do
  cmp -s <(curl -ks "$nginx_url${case_path[$name]}") <(get "${case_path[$name]}") ||
    log "note: nginx's $name body differs from the agent's now (the agent's changed since)"
done
agent_tls=$(tls_of "$agent_url/redfish/v1/")
nginx_tls=$(tls_of "$nginx_url/redfish/v1/")
log "TLS: agent $agent_tls, nginx $nginx_tls"

# --- 50 SSE subscribers, and the agent's memory sampled every second -----------------------------------------
mkdir -p "$work/sse"
for ((i = 1; i <= subscribers; i++)); do
  curl -ksN -H "X-Auth-Token: $token" -D "$work/sse/$i.h" -o "$work/sse/$i.out" \
    "$agent_url/redfish/v1/EventService/SSE" 2>/dev/null &
  sse_pids+=($!)
done
streams_open() { cat "$work"/sse/*.h 2>/dev/null | grep -c '^HTTP/[0-9.]* 200' || true; }
for ((i = 0; i < 300 && $(streams_open) < subscribers; i++)); do sleep 0.1; done
streams=$(streams_open)
log "SSE subscribers connected: $streams of $subscribers"
((streams == subscribers)) || grep -h '^HTTP' "$work"/sse/*.h | sort | uniq -c >&2 || true

kb() { awk -v k="$1:" '$1 == k { print $2 }' "/proc/$agent_pid/status"; }
(while kill -0 "$agent_pid" 2>/dev/null; do
  echo "$(date +%s) $(kb VmRSS) $(kb VmHWM)"
  sleep 1
done) >"$work/rss.log" 2>/dev/null &
sampler_pid=$!

# commit_label: the commit measured, and whether the work tree differed from it (docs/PERFORMANCE.md aside)
commit_label() {
  local label
  label=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
  git -C "$root" diff --quiet HEAD -- . ':!docs/PERFORMANCE.md' 2>/dev/null || label="$label + uncommitted changes"
  echo "$label"
}

# heap_sample FILE: jcmd GC.heap_info of the agent into FILE.
heap_sample() {
  [[ -n $jcmd_bin ]] && "$jcmd_bin" "$agent_pid" GC.heap_info >"$1" 2>&1 || echo "(no jcmd)" >"$1"
}

# wrk_run SECONDS URL HEADERS OUTPUT [PID]: with a PID, also writes OUTPUT.cpu: the CPU clock ticks (user and
# system) that process used during the run, to be divided by the requests wrk completed.
wrk_run() {
  local before=0
  [[ -n ${5:-} ]] && before=$(cpu_ticks "$5")
  BENCH_HEADERS=$3 wrk -t"$threads" -c"$connections" -d"${1}s" --latency -s "$here/wrk/headers.lua" "$2" >"$4" 2>&1 ||
    echo "wrk failed" >>"$4"
  [[ -n ${5:-} ]] && echo $(($(cpu_ticks "$5") - before)) >"$4.cpu"
  return 0
}
# cpu_ticks PID: utime + stime of the process, in clock ticks (fields 14 and 15 of /proc/PID/stat, counted
# after the command name in parentheses, which may hold spaces).
cpu_ticks() {
  local stat
  stat=$(<"/proc/$1/stat")
  stat=${stat##*) }
  awk '{ print $12 + $13 }' <<<"$stat"
}
# agent_cpu_per_request NAME: the median over the rounds of NAME's agent runs of the agent's CPU per request (µs).
agent_cpu_per_request() {
  local file values=() requests
  for file in "$out/$1-agent"-[0-9]*.txt; do
    requests=$(wrk_parse "$file" | awk '{ print $3 }')
    values+=("$(cpu_per_request "$(cat "$file.cpu" 2>/dev/null || echo 0)" "${requests:-0}" "$clock_hz")")
  done
  median "${values[@]}"
}
# status_of URL HEADERS: the status one request with HEADERS gets.
status_of() {
  local args=() line
  while IFS= read -r line; do [[ -n $line ]] && args+=(-H "$line"); done <<<"$2"
  curl -ks -o /dev/null -w '%{http_code}' "${args[@]}" "$1"
}
etag_of() { curl -ksI -H "X-Auth-Token: $token" "$1" | awk -F': ' 'tolower($1) == "etag" { print $2 }' | tr -d '\r'; }

if ((soak)); then
  # --- soak: the chassis GET load for MINUTES, RSS and heap every 30 s ----------------------------------------
  log "soak: $soak_minutes minutes of GET $chassis with a session token, $streams SSE subscribers connected"
  BENCH_HEADERS="X-Auth-Token: $token" wrk -t"$threads" -c"$connections" -d"$((soak_minutes * 60))s" --latency \
    -s "$here/wrk/headers.lua" "$agent_url$chassis" >"$out/soak-wrk.txt" 2>&1 &
  load_pid=$!
  series=$out/soak.tsv
  echo "minute rss_mb heap_used_mb heap_committed_mb old_used_mb after_full_gc" >"$series"
  start_s=$(date +%s)
  # At the end of the first minute and at the end, a full collection first (jcmd GC.run): the heap used
  # then is what is alive, so the two tell whether anything accumulates.
  for ((n = 1; n <= soak_minutes * 2; n++)); do
    delay=$((start_s + n * 30 - $(date +%s)))
    ((delay > 0)) && sleep "$delay"
    full=0
    if [[ -n $jcmd_bin ]] && ((n == 2 || n == soak_minutes * 2)); then
      "$jcmd_bin" "$agent_pid" GC.run >/dev/null 2>&1 && full=1
    fi
    heap_sample "$work/heap.txt"
    read -r used committed old < <(heap_kb "$work/heap.txt" || echo "0 0 0")
    printf '%s %s %s %s %s %s\n' "$(awk -v n="$n" 'BEGIN { printf "%.1f", n / 2 }')" \
      "$(awk -v k="$(kb VmRSS)" 'BEGIN { printf "%.1f", k / 1024 }')" \
      "$(awk -v k="$used" 'BEGIN { printf "%.1f", k / 1024 }')" "$((committed / 1024))" \
      "$(awk -v k="$old" 'BEGIN { printf "%.1f", k / 1024 }')" "$full" | tee -a "$series" >&2
  done
  wait "$load_pid" || true
  load_pid=""
  read -r srps sp99 _ snon2xx serr < <(wrk_parse "$out/soak-wrk.txt" || echo "0 0 0 0 0")
  # Growth: resident memory, and the old generation after a full collection, from the first minute to the end.
  rss_from=$(awk 'NR == 3 { print $2 }' "$series")
  rss_to=$(awk 'END { print $2 }' "$series")
  live_from=$(awk '$6 == 1 { print $5; exit }' "$series")
  live_to=$(awk '$6 == 1 { v = $5 } END { print v }' "$series")
  rss_grew=$(awk -v a="$rss_from" -v b="$rss_to" 'BEGIN { print (b - a > 8) ? "grew" : "did not grow" }')
  live_grew=$(awk -v a="${live_from:-0}" -v b="${live_to:-0}" 'BEGIN { print (b - a > 2 && b > a * 1.1) ? "grew" : "did not grow" }')
  {
    echo
    echo "Soak measured on $(date -u '+%Y-%m-%d %H:%M UTC') by \`$command_line\` at commit \`$(commit_label)\`:"
    echo "$(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg) at the end. GET \`$chassis\` with a session"
    echo "token, wrk -t$threads -c$connections for $soak_minutes minutes ($(thousands "$srps") req/s, p99 $sp99 ms, $snon2xx non-2xx, $serr socket errors),"
    echo "$streams SSE subscribers connected."
    [[ -n $note ]] && { echo; echo "$note"; }
    echo
    echo "Sampled every 30 s, in MB. *full GC*: right after a full collection (jcmd GC.run), which leaves what is alive in"
    echo "the old generation (the young one refills at once under the load)."
    echo
    echo "| minute | resident (VmRSS) | heap used | heap committed | old generation used |"
    echo "| --- | ---: | ---: | ---: | ---: |"
    awk 'NR > 1 { printf "| %s%s | %s | %s | %s | %s |\n", $1, ($6 == 1 ? " (full GC)" : ""), $2, $3, $4, $5 }' "$series"
    echo
    echo "Resident memory $rss_grew: $rss_from MB after the first minute, $rss_to MB at the end (grown means more"
    echo "than 8 MB). What is alive (the old generation after a full collection) $live_grew: ${live_from:-?} MB after"
    echo "the first minute, ${live_to:-?} MB at the end (grown means more than 2 MB and 10 %)."
    echo
  } >"$out/soak.md"
  cat "$out/soak.md"
  if ((write)); then
    replace_section "$root/docs/PERFORMANCE.md" bench:soak "$out/soak.md"
    log "written into docs/PERFORMANCE.md (the bench:soak section)"
  fi
  exit 0
fi

# --- the cases -------------------------------------------------------------------------------------------------
# name | what the table calls it | resource | headers | kind of target
token_h="X-Auth-Token: $token"
basic_h="Authorization: Basic $basic"
cases=(
  "root-anon|\`GET /redfish/v1/\` without credentials|root|-|anon"
  "root|\`GET /redfish/v1/\`, session token|root|token|auth"
  "chassis|\`GET $chassis\`, session token|chassis|token|auth"
  "chassis-304|the same with a matching \`If-None-Match\` (304)|chassis|token,inm|304"
  "port|\`GET $port\`, session token|port|token|auth"
  "sensor|\`GET $sensor\`, session token|sensor|token|auth"
  "expand|\`GET $chassis/PCIeDevices?\$expand=.(\$levels=1)\` ($gpus devices), session token|expand|token|expand"
  "chassis-basic|\`GET $chassis\`, HTTP Basic|chassis|basic|auth"
)
# Every case once on the agent before any is measured: the agent's request path is compiled by C2 only after
# some seconds of load, and the first case, right after the start, otherwise measured part of that (bench/README.md).
if ((warmup > 0)); then
  for spec in "${cases[@]}"; do
    IFS='|' read -r name _ resource auth _ <<<"$spec"
    path=${case_path[$resource]}
    agent_h=""
    [[ $auth == *token* ]] && agent_h+="$token_h"$'\n'
    [[ $auth == *basic* ]] && agent_h+="$basic_h"$'\n'
    [[ $auth == *inm* ]] && agent_h+="If-None-Match: $(etag_of "$agent_url$path")"$'\n'
    status_of "$agent_url$path" "$agent_h" >/dev/null
    log "$name: agent, ${warmup} s warm-up before any case is measured"
    wrk_run "$warmup" "$agent_url$path" "$agent_h" "$out/$name-agent-prewarm.txt"
  done
fi
results=$work/results.tsv
: >"$results"
declare -A cpu_per_req=()
clock_hz=$(getconf CLK_TCK 2>/dev/null || echo 100)
order=0
for spec in "${cases[@]}"; do
  IFS='|' read -r name label resource auth kind <<<"$spec"
  path=${case_path[$resource]}
  agent_h="" nginx_h=""
  [[ $auth == *token* ]] && agent_h+="$token_h"$'\n' && nginx_h+="$token_h"$'\n'
  [[ $auth == *basic* ]] && agent_h+="$basic_h"$'\n' && nginx_h+="$basic_h"$'\n'
  expected=200
  if [[ $auth == *inm* ]]; then
    agent_h+="If-None-Match: $(etag_of "$agent_url$path")"$'\n'
    nginx_h+="If-None-Match: $(etag_of "$nginx_url$path")"$'\n'
    expected=304
  fi
  # A Basic credential is checked once (PBKDF2), then remembered for a minute: this first request pays the
  # hash, as a poller's first request does, so that the warm-up does not queue 16 hashes at once.
  agent_status=$(status_of "$agent_url$path" "$agent_h")
  nginx_status=$(status_of "$nginx_url$path" "$nginx_h")
  if [[ $agent_status != "$expected" || $nginx_status != "$expected" ]]; then
    log "$name: skipped, agent answered $agent_status and nginx $nginx_status where $expected was expected"
    printf '%s\t%s\t-\t-\t-\t-\t-\t-\t%s\tskipped: agent %s, nginx %s\n' "$name" "$label" "$kind" "$agent_status" "$nginx_status" >>"$results"
    continue
  fi
  # agent and nginx alternately, the one first that went second last time; ROUNDS times, warmed up once
  for ((round = 1; round <= rounds; round++)); do
    servers=(agent nginx)
    ((order++ % 2)) && servers=(nginx agent)
    for server in "${servers[@]}"; do
      if [[ $server == agent ]]; then url=$agent_url$path headers=$agent_h; else url=$nginx_url$path headers=$nginx_h; fi
      if ((round == 1 && warmup > 0)); then
        log "$name: $server, ${warmup} s warm-up"
        wrk_run "$warmup" "$url" "$headers" "$out/$name-$server-warmup.txt"
      fi
      log "$name: $server, ${duration} s, round $round of $rounds"
      if [[ $server == agent ]]; then
        wrk_run "$duration" "$url" "$headers" "$out/$name-$server-$round.txt" "$agent_pid"
      else
        wrk_run "$duration" "$url" "$headers" "$out/$name-$server-$round.txt"
      fi
    done
  done
  read -r a_rps a_p99 a_bad < <(wrk_summary "$out/$name-agent"-[0-9]*.txt)
  read -r n_rps n_p99 n_bad < <(wrk_summary "$out/$name-nginx"-[0-9]*.txt)
  cpu_per_req[$name]=$(agent_cpu_per_request "$name")
  log "$name: agent $a_rps req/s p99 $a_p99 ms (${cpu_per_req[$name]} µs of CPU a request); nginx $n_rps req/s p99 $n_p99 ms"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$label" "$a_rps" "$a_p99" "$a_bad" \
    "$n_rps" "$n_p99" "$n_bad" "$kind" "" >>"$results"
done

# --- memory under load: the chassis GET with the subscribers, heap sampled in the middle ----------------------
log "memory: ${duration} s of GET $chassis with a session token, $streams SSE subscribers, heap sampled midway"
wrk_run "$duration" "$agent_url$chassis" "$token_h" "$out/memory-wrk.txt" &
load_pid=$!
sleep $((duration / 2))
heap_sample "$out/heap-under-load.txt"
wait "$load_pid" || true
load_pid=""
max_heap=0
if [[ -n $jcmd_bin ]]; then
  max_heap=$("$jcmd_bin" "$agent_pid" VM.flags 2>/dev/null | tr ' ' '\n' | sed -n 's/^-XX:MaxHeapSize=//p' || true)
fi
stop "$sampler_pid" 5
sampler_pid=""
cp "$work/rss.log" "$out/rss.log"
rss_max=$(awk '{ if ($2 > m) m = $2 } END { printf "%.1f", m / 1024 }' "$work/rss.log")
hwm=$(awk 'END { printf "%.1f", $3 / 1024 }' "$work/rss.log")
read -r heap_used heap_committed _ < <(heap_kb "$out/heap-under-load.txt" || echo "0 0 0")
max_heap_mb=$(awk -v b="${max_heap:-0}" 'BEGIN { printf "%.0f", b / 1048576 }')
oom=$(grep -c OutOfMemoryError "$out/agent.log" || true)

# --- the table -----------------------------------------------------------------------------------------------
chassis_rps=$(awk -F'\t' '$1 == "chassis" { print $3 }' "$results")
table=$work/table.md
{
  echo "| case | agent req/s | agent p99 | agent CPU per request | nginx req/s | nginx p99 | ratio | target | |"
  echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"
  while IFS=$'\t' read -r name label a_rps a_p99 a_bad n_rps n_p99 n_bad kind skipped; do
    if [[ -n $skipped ]]; then
      echo "| $label | - | - | - | - | - | - | - | $skipped |"
      continue
    fi
    a_cpu=${cpu_per_req[$name]:--}
    r=$(ratio "$a_rps" "$n_rps")
    case $kind in
      anon) target="≥ 0.9× nginx"; v=$(verdict at_least "$r" 0.9) ;;
      auth) target="≥ 0.8× nginx, p99 < 5 ms"; v=$(verdict auth_met "$r" "$a_p99") ;;
      304) target="≥ 1.1× the 200 above ($(ratio "$a_rps" "$chassis_rps")×; its CPU per request $(ratio "$a_cpu" "${cpu_per_req[chassis]:-}")× the 200's)"
        v=$(verdict at_least "$(ratio "$a_rps" "$chassis_rps")" 1.1) ;;
      expand) target="≥ 10,000 req/s or ≥ 0.3× nginx"; v=$(verdict expand_met "$a_rps" "$r") ;;
    esac
    ((a_bad > 0)) && v="missed ($a_bad errors)"
    ((n_bad > 0)) && v="$v; nginx had $n_bad errors"
    cpu_cell="$a_cpu µs"
    [[ $a_cpu == - ]] && cpu_cell=-
    echo "| $label | $(thousands "$a_rps") | $a_p99 ms | $cpu_cell | $(thousands "$n_rps") | $n_p99 ms | $r | $target | $v |"
  done <"$results"
  echo
  echo "| figure | value | target | |"
  echo "| --- | ---: | --- | --- |"
  echo "| agent's resident memory under the load above, $streams SSE subscribers (highest VmRSS; VmHWM) | $rss_max MB; $hwm MB | < 160 MB | $(verdict below "$hwm" 160) |"
  echo "| agent's heap under load (jcmd GC.heap_info: used of committed; -Xmx) | $((heap_used / 1024)) of $((heap_committed / 1024)) MB; ${max_heap_mb} MB | within -Xmx64m | $(verdict heap_met "$max_heap_mb" "$oom") |"
  if ((cold)); then
    echo "| cold start through the launcher (AppCDS archive made), first start, median of $cold_runs (the agent's CPU at its first answer) | $cold_first ms ($cold_first_cpu ms) | < 1500 ms | $(verdict below "$cold_first" 1500) |"
    echo "| the same, restart | $cold_restart ms ($cold_restart_cpu ms) | < 1000 ms | $(verdict below "$cold_restart" 1000) |"
  fi
} >"$table"

commit=$(commit_label)
cpu=$(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -n 1)
section=$work/section.md
{
  echo
  echo "Measured on $(date -u '+%Y-%m-%d %H:%M UTC') by \`$command_line\` at commit \`$commit\`: $(nproc) cores ($cpu),"
  echo "load average $(cut -d ' ' -f 1-3 /proc/loadavg) at the end; $(java -version 2>&1 | head -n 1);"
  echo "$("$nginx_bin" -v 2>&1 | sed 's/^nginx version: //') with \`worker_processes $nginx_workers\`; $(wrk -v 2>&1 | head -n 1 | cut -d ' ' -f 1-2)."
  echo "wrk -t$threads -c$connections, ${warmup} s warm-up, then $rounds round(s) of ${duration} s per case and server (medians), HTTPS keep-alive, agent and nginx alternately."
  echo "The agent's JVM options (the launcher's): \`$agent_options\`."
  echo "Agent CPU per request: the agent's user and system CPU time over each measured run (its \`/proc\` ticks) divided by the requests wrk completed, median over the rounds; it includes what the agent does meanwhile besides answering (polling the simulated chassis, the SSE subscribers' events)."
  [[ -n $note ]] && { echo; echo "$note"; }
  echo
  cat "$table"
  echo
}>"$section"
cat "$section"
if ((write)); then
  replace_section "$root/docs/PERFORMANCE.md" bench "$section"
  log "written into docs/PERFORMANCE.md (the bench section); wrk's outputs are in bench/out/"
fi
