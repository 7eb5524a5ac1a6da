#!/usr/bin/env bash
# The package test, run by `mvn verify` (integration-test phase of the packaging module) after jdeb built the
# package: its metadata (dpkg-deb -I) and contents with modes (dpkg-deb -c); the package unpacked into a
# temporary root (dpkg-deb -x) and its maintainer scripts run there against stand-ins for adduser, getent,
# chown and systemctl (the real ones would change this machine); the unpacked launcher started with the
# packaged configuration turned simulated, reaching Redfish, its state folder private and its natives and
# class-data archive in its cache folder; the unit checked by systemd-analyze verify and security.
# Usage: package-test.sh TARGET_DIR
set -euo pipefail
target=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)

say() { echo "[package-test] ${SECONDS}s $*"; }
fail() { echo "[package-test] FAIL: $*" >&2; exit 1; }
expect_eq() { [[ $1 == "$2" ]] || fail "$3: expected '$2', found '$1'"; }

debs=("$target"/bmc-agent_*_all.deb)
((${#debs[@]} == 1)) && [[ -f ${debs[0]} ]] || fail "expected one bmc-agent_<version>_all.deb in $target, found: ${debs[*]}"
deb=${debs[0]}
work=$(mktemp -d "$target/package-test.XXXXXX")
pid=
cleanup() {
  if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
}
trap cleanup EXIT
say "package $(basename "$deb"), work folder $work"

# --- metadata ---------------------------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
expect_eq "$(field Package)" bmc-agent "Package"
expect_eq "$(field Architecture)" all "Architecture"
version=$(field Version)
[[ $version =~ ^[0-9]+(\.[0-9]+)*(~SNAPSHOT)?$ ]] || fail "Version '$version' is not the Maven version in Debian form"
expect_eq "$(basename "$deb")" "bmc-agent_${version}_all.deb" "file name"
[[ $(field Depends) == *"openjdk-17-jre-headless | java17-runtime-headless"* ]] || fail "Depends lacks a Java 17 runtime: $(field Depends)"
[[ -n $(field Maintainer) && -n $(field Description) ]] || fail "Maintainer or Description missing"
expect_eq "$(dpkg-deb -I "$deb" conffiles)" $'/etc/bmc-agent/config.yaml\n/etc/bmc-agent/board.yaml' "conffiles"
for script in postinst prerm postrm; do
  dpkg-deb -I "$deb" "$script" >/dev/null || fail "no $script in the package"
done
say "metadata: bmc-agent $version, all, Depends: $(field Depends)"

# --- contents and modes -----------------------------------------------------------------------------------
# "mode owner path[ -> link]" for every entry that is not a plain folder
listing=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ || $6 ~ /firmware-keys/ {l = $1 " " $2 " " $6; if ($7 == "->") l = l " -> " $8; print l}' | sort)
expected=$(sort <<'LIST'
-rw-r--r-- root/root ./usr/share/bmc-agent/bmc-agent.jar
-rwxr-xr-x root/root ./usr/share/bmc-agent/bmc-agent
lrwxrwxrwx root/root ./usr/bin/bmc-agent -> ../share/bmc-agent/bmc-agent
-rw-r--r-- root/root ./lib/systemd/system/bmc-agent.service
-rw-r--r-- root/root ./lib/udev/rules.d/60-bmc-agent.rules
-rw-r--r-- root/root ./etc/bmc-agent/config.yaml
-rw-r--r-- root/root ./etc/bmc-agent/board.yaml
drwxr-xr-x root/root ./etc/bmc-agent/firmware-keys/
LIST
)
[[ $listing == "$expected" ]] || fail "package contents differ:"$'\n'"$(diff <(echo "$expected") <(echo "$listing"))"
say "contents: $(wc -l <<<"$listing") entries with the expected modes and owners"

root=$work/root
control=$work/control
dpkg-deb -x "$deb" "$root"
dpkg-deb -e "$deb" "$control"
cmp -s "$root/etc/bmc-agent/board.yaml" "$repo/bmc-agent/src/main/resources/board/reference-board.yaml" ||
  fail "/etc/bmc-agent/board.yaml is not the reference board file"
if grep -inE '^[^#]*password' "$root/etc/bmc-agent/config.yaml"; then fail "the packaged configuration holds a password"; fi
grep -qE '^ *mode: real' "$root/etc/bmc-agent/config.yaml" || fail "the packaged configuration does not select real hardware"
for script in "$control"/{postinst,prerm,postrm} "$root/usr/share/bmc-agent/bmc-agent"; do
  sh -n "$script" || fail "$script is not valid sh"
  [[ $(head -n 1 "$script") == '#!/bin/sh' ]] || fail "$script does not start with #!/bin/sh"
done
say "unpacked: board file is the reference board, configuration selects real hardware without a password, scripts parse"

# --- maintainer scripts -----------------------------------------------------------------------------------
# Stand-ins record their calls in $calls; getent, addgroup, adduser and deluser keep a small user database in $db.
stubs=$work/stubs sysroot=$work/sysroot calls=$work/calls db=$work/db
mkdir -p "$stubs" "$sysroot"
printf 'group dialout\n' >"$db"
: >"$calls"
for tool in getent addgroup adduser deluser delgroup chown systemctl udevadm; do
  cat >"$stubs/$tool" <<STUB
#!/bin/sh
echo "$tool \$*" >>"$calls"
db="$db"
STUB
done
cat >>"$stubs/getent" <<'STUB'
grep -qx "$1 $2" "$db"
STUB
cat >>"$stubs/addgroup" <<'STUB'
for last; do :; done; echo "group $last" >>"$db"
STUB
cat >>"$stubs/adduser" <<'STUB'
case " $* " in *" --system "*) for last; do :; done; printf 'passwd %s\ngroup %s\n' "$last" "$last" >>"$db";; esac
STUB
cat >>"$stubs/deluser" <<'STUB'
for last; do :; done; grep -vx "passwd $last" "$db" >"$db.new" || true; mv "$db.new" "$db"
STUB
chmod 755 "$stubs"/*
run_script() { : >"$calls"; DPKG_ROOT=$sysroot PATH="$stubs:$PATH" sh "$control/$1" "${@:2}" || fail "$1 $* failed"; }
called() { grep -qxF -- "$1" "$calls" || fail "expected the call '$1'; calls were:"$'\n'"$(cat "$calls")"; }
not_called() { if grep -q -- "$1" "$calls"; then fail "unexpected call matching '$1':"$'\n'"$(cat "$calls")"; fi; }
state=$sysroot/var/lib/bmc-agent

run_script postinst configure ""        # first installation, in a chroot (no systemd running)
called "addgroup --quiet --system i2c"
called "addgroup --quiet --system gpio"
called "adduser --quiet --system --group --home /var/lib/bmc-agent --no-create-home --shell /usr/sbin/nologin --gecos GPU chassis management agent bmc-agent"
for group in dialout i2c gpio; do called "adduser --quiet bmc-agent $group"; done
called "chown bmc-agent:bmc-agent $state"
expect_eq "$(stat -c %a "$state")" 700 "state folder mode after postinst"
not_called systemctl
mkdir -p "$sysroot/run/systemd/system"   # from now on systemd runs
run_script postinst configure ""        # first installation again: user and groups exist, nothing starts
not_called addgroup
not_called "adduser --quiet --system"
called "systemctl --system daemon-reload"
not_called "systemctl try-restart"
not_called "systemctl start"
not_called "systemctl enable"
run_script postinst configure 0.0.9     # upgrade: restart if running
called "systemctl try-restart bmc-agent.service"
run_script prerm upgrade 0.2.0
not_called "systemctl stop"
run_script prerm remove
called "systemctl stop bmc-agent.service"
touch "$state/agent.db"
mkdir -p "$sysroot/var/cache/bmc-agent" "$sysroot/etc/systemd/system/multi-user.target.wants"
ln -s /lib/systemd/system/bmc-agent.service "$sysroot/etc/systemd/system/multi-user.target.wants/bmc-agent.service"
run_script postrm remove
[[ -f $state/agent.db ]] || fail "postrm remove deleted the state"
not_called deluser
run_script postrm purge
[[ ! -e $state && ! -e $sysroot/var/cache/bmc-agent ]] || fail "postrm purge left the state or cache folder"
[[ ! -L $sysroot/etc/systemd/system/multi-user.target.wants/bmc-agent.service ]] || fail "postrm purge left the enablement link"
called "deluser --quiet --system bmc-agent"
say "maintainer scripts: user and groups made once, state 0700, no start on installation, restart on upgrade, remove keeps state, purge removes it and the user"

# --- the unpacked launcher --------------------------------------------------------------------------------
# a free port below the kernel's ephemeral range: one the kernel may hand to any client socket could be
# taken between this choice and the agent's bind, or between its two starts
port=$(python3 - <<'PY'
import random, socket
below = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
for _ in range(200):
    candidate = random.randrange(10000, below)
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", candidate))
        except OSError:
            continue
    print(candidate)
    break
PY
)
[[ -n $port ]] || fail "no free port below the ephemeral range"
# the packaged configuration, simulated and pointing into the temporary root; listen and stateDir given as options
sed -e 's/^\( *mode:\) real/\1 simulated/' -e "s#/etc/bmc-agent#$root/etc/bmc-agent#g" \
  "$root/etc/bmc-agent/config.yaml" >"$work/config.yaml"
password='package-test passphrase'
agent_state=$work/state cache=$work/cache
start_agent() {
  CACHE_DIRECTORY=$cache BMC_AGENT_ADMIN_PASSWORD=$password \
    "$root/usr/bin/bmc-agent" --config "$work/config.yaml" --listen "127.0.0.1:$port" --state-dir "$agent_state" \
    >"$work/agent-$1.log" 2>&1 &
  pid=$!
  local deadline=$((SECONDS + 180)) code=
  until [[ $code == 200 ]]; do
    kill -0 "$pid" 2>/dev/null || { cat "$work/agent-$1.log" >&2; fail "the launcher ended before Redfish answered"; }
    ((SECONDS < deadline)) || { cat "$work/agent-$1.log" >&2; fail "no answer from Redfish within 180 s"; }
    sleep 0.2
    code=$(curl -ks -o /dev/null -w '%{http_code}' "https://127.0.0.1:$port/redfish/v1/" || true)
  done
}
stop_agent() {
  kill -TERM "$pid"
  local status=0
  wait "$pid" || status=$?
  pid=
  [[ $status == 0 ]] || { cat "$work/agent-$1.log" >&2; fail "the agent ended with $status on SIGTERM, not 0 after a clean stop"; }
}

start_agent first
code=$(curl -ks -u "admin:$password" -o /dev/null -w '%{http_code}' "https://127.0.0.1:$port/redfish/v1/Chassis/GPUChassis")
expect_eq "$code" 200 "authenticated GET of the chassis"
expect_eq "$(stat -c %a "$agent_state")" 700 "state folder mode"
db_mode=$(stat -c %a "$agent_state/agent.db")
((8#$db_mode & 8#077)) && fail "the database is readable by others: mode $db_mode"
ls "$cache/tmp" | grep -qi sqlite || fail "SQLite's native library was not unpacked into the cache folder ($cache/tmp)"
# once it answers, the first start keeps the native libraries for the next (on a thread of its own)
for _ in $(seq 300); do
  natives=("$cache"/native/*/libsqlitejdbc.so)
  [[ -s ${natives[0]} ]] && break
  sleep 0.1
done
stop_agent first
archives=("$cache"/cds/bmc-agent-*.jsa)
[[ -s ${archives[0]} ]] || fail "no class-data archive after the first run in $cache/cds"
say "launcher: Redfish answered on 127.0.0.1:$port, state folder 700, database $db_mode, natives in the cache, archive $(basename "${archives[0]}") written"

[[ -f ${archives[0]%.jsa}.options ]] || fail "the first run did not keep its runtime-options check beside the archive"
[[ -s ${natives[0]} ]] || fail "the first run did not keep SQLite's native library in $cache/native"

start_agent second
grep -qF "${archives[0]}" "/proc/$pid/maps" || fail "the second start did not map the class-data archive"
for lib in libsqlitejdbc.so libnetty_tcnative_linux_ libnetty_transport_native_epoll_; do
  grep -q "$cache/native/.*/$lib" "/proc/$pid/maps" || fail "the second start did not load $lib from $cache/native"
done
# the second start took the trimming option from the cache: it must be what the runtime's libjvm.so says
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
trim_expected=
grep -q TrimNativeHeapInterval "$(find "$java_home/lib" -name libjvm.so | head -n 1)" &&
  trim_expected=-XX:TrimNativeHeapInterval=2000
trim_given=$(tr '\0' '\n' <"/proc/$pid/cmdline" | grep -x -- '-XX:TrimNativeHeapInterval=2000' || true)
expect_eq "$trim_given" "$trim_expected" "native-heap trimming on the second start (from the cache)"
stop_agent second
say "launcher: the second start mapped the archive, loaded the kept native libraries and took its trimming check from the cache"

# --- the unit ---------------------------------------------------------------------------------------------
unit=$root/lib/systemd/system/bmc-agent.service
if ! command -v systemd-analyze >/dev/null; then
  [[ ${CI:-} == true ]] && fail "systemd-analyze is missing on CI (.ci/setup installs the systemd package)"
  say "SKIPPED: systemd-analyze is not installed, so the unit was NOT verified (apt-get install systemd)"
  exit 0
fi
# verify resolves ExecStart= on this machine: point it at the unpacked launcher
mkdir -p "$work/unit"
sed "s#^ExecStart=/usr/share/bmc-agent/#ExecStart=$root/usr/share/bmc-agent/#" "$unit" >"$work/unit/bmc-agent.service"
verify=$(systemd-analyze verify "$work/unit/bmc-agent.service" 2>&1) || fail "systemd-analyze verify: $verify"
[[ -z $verify ]] || fail "systemd-analyze verify complained: $verify"
security=$(systemd-analyze security --offline=true "$work/unit/bmc-agent.service" 2>&1) || fail "systemd-analyze security: $security"
exposure=$(sed -n 's/.*Overall exposure level for bmc-agent.service: \([0-9.]*\).*/\1/p' <<<"$security")
[[ -n $exposure ]] || fail "no exposure level in: $security"
awk -v e="$exposure" 'BEGIN {exit !(e <= 2.0)}' || fail "exposure level $exposure is above 2.0"
say "unit: systemd-analyze verify clean; security exposure $exposure ($(systemd-analyze --version | head -n 1))"
rm -rf "$work"
say "PASSED"
