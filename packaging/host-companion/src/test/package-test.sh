#!/usr/bin/env bash
# The host companion's package test, run by `mvn verify` (integration-test phase of packaging/host-companion)
# after jdeb built the package, as packaging/src/test/package-test.sh does for the agent's: its metadata
# (dpkg-deb -f, -I) and contents with modes (dpkg-deb -c); the package unpacked into a temporary root
# (dpkg-deb -x), no password or configuration shipped; its maintainer scripts run there against a stand-in
# systemctl; the unpacked command reporting a host tree to a stand-in agent over HTTPS through an argument
# file, as the unit does; the unit checked by systemd-analyze verify and security.
# Usage: package-test.sh TARGET_DIR
set -euo pipefail
target=$(cd "$1" && pwd)

say() { echo "[host-companion package-test] ${SECONDS}s $*"; }
fail() { echo "[host-companion package-test] FAIL: $*" >&2; exit 1; }
expect_eq() { [[ $1 == "$2" ]] || fail "$3: expected '$2', found '$1'"; }

debs=("$target"/host-companion_*_all.deb)
((${#debs[@]} == 1)) && [[ -f ${debs[0]} ]] || fail "expected one host-companion_<version>_all.deb in $target, found: ${debs[*]}"
deb=${debs[0]}
work=$(mktemp -d "$target/package-test.XXXXXX")
agent_pid=
cleanup() {
  if [[ -n $agent_pid ]] && kill -0 "$agent_pid" 2>/dev/null; then kill "$agent_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT
say "package $(basename "$deb"), work folder $work"

# --- metadata ---------------------------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
expect_eq "$(field Package)" host-companion "Package"
expect_eq "$(field Architecture)" all "Architecture"
version=$(field Version)
[[ $version =~ ^[0-9]+(\.[0-9]+)*(~SNAPSHOT)?$ ]] || fail "Version '$version' is not the Maven version in Debian form"
expect_eq "$(basename "$deb")" "host-companion_${version}_all.deb" "file name"
[[ $(field Depends) == *"openjdk-17-jre-headless | java17-runtime-headless"* ]] || fail "Depends lacks a Java 17 runtime: $(field Depends)"
[[ -n $(field Maintainer) && -n $(field Description) ]] || fail "Maintainer or Description missing"
if dpkg-deb -I "$deb" conffiles >/dev/null 2>&1; then fail "the package ships conffiles: it has no configuration of its own"; fi
for script in postinst postrm; do
  dpkg-deb -I "$deb" "$script" >/dev/null || fail "no $script in the package"
done
say "metadata: host-companion $version, all, Depends: $(field Depends), no conffiles"

# --- contents and modes -----------------------------------------------------------------------------------
listing=$(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ {print $1 " " $2 " " $6}' | sort)
expected=$(sort <<'LIST'
-rw-r--r-- root/root ./usr/share/host-companion/host-companion.jar
-rwxr-xr-x root/root ./usr/bin/host-companion
-rw-r--r-- root/root ./lib/systemd/system/host-companion.service
LIST
)
[[ $listing == "$expected" ]] || fail "package contents differ:"$'\n'"$(diff <(echo "$expected") <(echo "$listing"))"
say "contents: $(wc -l <<<"$listing") files with the expected modes and owners"

root=$work/root
control=$work/control
dpkg-deb -x "$deb" "$root"
dpkg-deb -e "$deb" "$control"
cmp -s "$root/usr/share/host-companion/host-companion.jar" "$target/host-companion.jar" ||
  fail "the packaged jar is not the module's shaded host-companion.jar"
[[ ! -e $root/etc ]] || fail "the package ships files in /etc: $(find "$root/etc")"
if find "$root" -iname '*password*' | grep -q .; then fail "the package ships a password file"; fi
for script in "$control"/{postinst,postrm} "$root/usr/bin/host-companion"; do
  sh -n "$script" || fail "$script is not valid sh"
  [[ $(head -n 1 "$script") == '#!/bin/sh' ]] || fail "$script does not start with #!/bin/sh"
done
say "unpacked: the module's jar, nothing in /etc, no password, scripts parse"

# --- maintainer scripts -----------------------------------------------------------------------------------
stubs=$work/stubs sysroot=$work/sysroot calls=$work/calls
mkdir -p "$stubs" "$sysroot"
cat >"$stubs/systemctl" <<STUB
#!/bin/sh
echo "systemctl \$*" >>"$calls"
STUB
chmod 755 "$stubs/systemctl"
run_script() { : >"$calls"; DPKG_ROOT=$sysroot PATH="$stubs:$PATH" sh "$control/$1" "${@:2}" || fail "$1 $* failed"; }
called() { grep -qxF -- "$1" "$calls" || fail "expected the call '$1'; calls were:"$'\n'"$(cat "$calls")"; }
not_called() { if grep -q -- "$1" "$calls"; then fail "unexpected call matching '$1':"$'\n'"$(cat "$calls")"; fi; }
link=$sysroot/etc/systemd/system/multi-user.target.wants/host-companion.service

run_script postinst configure ""        # first installation, in a chroot (no systemd running)
expect_eq "$(readlink "$link")" /lib/systemd/system/host-companion.service "enablement link after a first installation"
not_called systemctl
mkdir -p "$sysroot/run/systemd/system"   # from now on systemd runs
rm "$link"                              # the operator disabled the report
run_script postinst configure 0.0.9     # upgrade: the operator's choice stays
[[ ! -e $link && ! -L $link ]] || fail "an upgrade enabled the report the operator had disabled"
called "systemctl --system daemon-reload"
not_called "systemctl start"
run_script postinst configure ""        # a first installation again
[[ -L $link ]] || fail "no enablement link after a first installation"
mkdir -p "$sysroot/etc"
echo "--system=Host3" >"$sysroot/etc/host-companion.args"
run_script postrm remove
[[ -L $link ]] || fail "remove took the operator's enablement"
called "systemctl --system daemon-reload"
run_script postrm purge
[[ ! -L $link ]] || fail "purge left the enablement link"
[[ -f $sysroot/etc/host-companion.args ]] || fail "purge deleted the operator's /etc/host-companion.args"
say "maintainer scripts: enabled on a first installation only (an upgrade keeps a disable), nothing started, purge removes the link and keeps the operator's files"

# --- the unpacked command, as the unit runs it --------------------------------------------------------------
# A stand-in agent over HTTPS: a session, then the report, whose request lines and bodies it logs.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
  -keyout "$work/agent-key.pem" -out "$work/agent-cert.pem" 2>/dev/null || fail "openssl could not make the agent's certificate"
cat >"$work/agent.py" <<'PY'
import http.server, ssl, sys
port_file, cert, key, log = sys.argv[1:5]
class Agent(http.server.BaseHTTPRequestHandler):
    def answer(self, status, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()
    def record(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
        with open(log, "a") as f:
            f.write(f"{self.command} {self.path} {body}\n")
    def do_POST(self):
        self.record()
        if self.path == "/redfish/v1/SessionService/Sessions":
            self.answer(201, [("X-Auth-Token", "token"), ("Location", "/redfish/v1/SessionService/Sessions/1")])
        else:
            self.answer(204)
    def do_DELETE(self):
        self.record()
        self.answer(204)
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", 0), Agent)
tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
tls.load_cert_chain(cert, key)
server.socket = tls.wrap_socket(server.socket, server_side=True)
with open(port_file, "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
PY
: >"$work/agent.log"
python3 "$work/agent.py" "$work/agent.port" "$work/agent-cert.pem" "$work/agent-key.pem" "$work/agent.log" &
agent_pid=$!
for _ in $(seq 100); do [[ -s $work/agent.port ]] && break; sleep 0.1; done
[[ -s $work/agent.port ]] || fail "the stand-in agent did not start"
port=$(cat "$work/agent.port")

# The host: its SMBIOS UUID, and the root port the chassis is cabled to with a 256 GiB 64-bit prefetchable
# window (the third of the resource file's last four lines)
host=$work/host
bridge=$host/sys/bus/pci/devices/0000:3f:01.0
mkdir -p "$host/sys/class/dmi/id" "$bridge"
echo 4C4C4544-0042-3510-8052-B4C04F4B4E31 >"$host/sys/class/dmi/id/product_uuid"
echo 0x060400 >"$bridge/class"
for i in $(seq 0 16); do
  if ((i == 15)); then echo "0x0000380000000000 0x0000383fffffffff 0x000000000014220c"; else echo "0x0 0x0 0x0"; fi
done >"$bridge/resource"
echo "operator password" >"$work/password"
# The agent options in a file of their own, included by the report's (as docs/COMPOSITION.md shows)
cat >"$work/agent.args" <<ARGS
--agent=https://127.0.0.1:$port
--user=host-companion
--password-file=$work/password
--ca-file=$work/agent-cert.pem
ARGS
cat >"$work/host-companion.args" <<ARGS
@$work/agent.args
--system=Host3
--bridge=0000:3f:01.0
--root=$host
ARGS
run_command() { "$root/usr/bin/host-companion" "$@" >"$work/out" 2>"$work/err"; }

run_command --version || fail "host-companion --version failed: $(cat "$work/err")"
expect_eq "$(cat "$work/out")" "host-companion ${version/\~/-}" "--version"
run_command report "@$work/host-companion.args" || fail "the report failed: $(cat "$work/err")"
grep -qF "with a hot-plug window of 262144 MiB" "$work/out" || fail "the report did not say its window: $(cat "$work/out")"
report=$(grep -F "POST /redfish/v1/Systems/Host3/Actions/Oem/GpuChassisAgent.HostReport " "$work/agent.log") ||
  fail "the agent got no report:"$'\n'"$(cat "$work/agent.log")"
expect_eq "${report#* * }" '{"SystemUUID":"4c4c4544-0042-3510-8052-b4c04f4b4e31","HotPlugWindowMiB":262144,"Devices":[]}' "the report's body"
grep -qF "DELETE /redfish/v1/SessionService/Sessions/1" "$work/agent.log" || fail "the session was not ended"

# Exit codes pass through the wrapper: a bridge that is not one (1, before the agent hears of it), a bad
# command line (2)
: >"$work/agent.log"
status=0
run_command report "@$work/host-companion.args" --bridge 0000:3f:00.0 || status=$?
expect_eq "$status" 1 "exit code of a report naming a missing bridge"
grep -qF "the host has no PCI function 0000:3f:00.0" "$work/err" || fail "no reason given: $(cat "$work/err")"
[[ ! -s $work/agent.log ]] || fail "the agent was asked despite the bad bridge: $(cat "$work/agent.log")"
status=0
run_command report --no-such-option || status=$?
expect_eq "$status" 2 "exit code of a bad command line"
kill "$agent_pid"
agent_pid=
say "command: --version, a report through nested argument files with the bridge's 262144 MiB window in its body, exit codes 1 and 2 through the wrapper"

# --- the unit ---------------------------------------------------------------------------------------------
unit=$root/lib/systemd/system/host-companion.service
for line in "Type=oneshot" "ConditionPathExists=/etc/host-companion.args" \
  "ExecStart=/usr/bin/host-companion report @/etc/host-companion.args" "WantedBy=multi-user.target"; do
  grep -qxF "$line" "$unit" || fail "the unit lacks '$line'"
done
if grep -qiE '^[^#]*password' "$unit"; then fail "the unit sets a password"; fi
if ! command -v systemd-analyze >/dev/null; then
  [[ ${CI:-} == true ]] && fail "systemd-analyze is missing on CI (.ci/setup installs the systemd package)"
  say "SKIPPED: systemd-analyze is not installed, so the unit was NOT verified (apt-get install systemd)"
  exit 0
fi
# verify resolves ExecStart= on this machine: point it at the unpacked command
mkdir -p "$work/unit"
sed "s#^ExecStart=/usr/bin/#ExecStart=$root/usr/bin/#" "$unit" >"$work/unit/host-companion.service"
verify=$(systemd-analyze verify "$work/unit/host-companion.service" 2>&1) || fail "systemd-analyze verify: $verify"
[[ -z $verify ]] || fail "systemd-analyze verify complained: $verify"
security=$(systemd-analyze security --offline=true "$work/unit/host-companion.service" 2>&1) || fail "systemd-analyze security: $security"
exposure=$(sed -n 's/.*Overall exposure level for host-companion.service: \([0-9.]*\).*/\1/p' <<<"$security")
[[ -n $exposure ]] || fail "no exposure level in: $security"
awk -v e="$exposure" 'BEGIN {exit !(e <= 2.0)}' || fail "exposure level $exposure is above 2.0"
say "unit: oneshot on /etc/host-companion.args, systemd-analyze verify clean; security exposure $exposure ($(systemd-analyze --version | head -n 1))"
rm -rf "$work"
say "PASSED"
