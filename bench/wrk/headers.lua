-- wrk script of the benchmark kit (bench/run.sh): sends the headers a case needs, the same to the agent and
-- to nginx. BENCH_HEADERS holds them, one "Name: value" a line (a session token, HTTP Basic, If-None-Match);
-- empty or unset sends wrk's own headers only. wrk builds the request once, so this costs nothing per request.
local given = os.getenv("BENCH_HEADERS") or ""
for line in given:gmatch("[^\n]+") do
  local name, value = line:match("^([^:]+):%s*(.-)%s*$")
  if name then
    wrk.headers[name] = value
  end
end
