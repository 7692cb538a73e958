# Sourced by scripts/load and scripts/pgbench-baseline: a private copy of the release binary, a
# fresh database, `lords serve` on it, and the clean-up of all three on exit.
# Needs: $admin (where databases are created). Sets: $lords, $work, $db, $db_url, and after
# start_server, $server_pid and $url.

# load_env_setup NAME: builds (unless LORDS_BIN names a built binary), copies the binary,
# creates the database, installs the clean-up.
load_env_setup() {
  local name=$1 target=${CARGO_TARGET_DIR:-$PWD/target} bin=${LORDS_BIN:-}
  if [ -z "$bin" ]; then
    echo "building the release binary (CARGO_TARGET_DIR=$target)" >&2
    CARGO_TARGET_DIR=$target cargo build --release --quiet
    bin=$target/release/lords
  fi
  work=$(mktemp -d "${TMPDIR:-/tmp}/lords-$name.XXXXXX")
  # A private copy: the target directory may be shared with other builds.
  cp "$bin" "$work/lords"
  lords=$work/lords
  db="lords_${name}_$(date +%s)_$$"
  db_url="${admin%/*}/$db"
  server_pid=
  trap load_env_cleanup EXIT
  psql "$admin" -qc "CREATE DATABASE \"$db\"" >/dev/null
}

load_env_cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "${KEEP_DB:-0}" = 1 ]; then
    echo "kept database $db_url; server log: $work/server.log" >&2
  else
    psql "$admin" -qc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 || true
    rm -rf "$work"
  fi
}

# start_server: `lords serve` on the database, on a free port; waits until it listens.
start_server() {
  : > "$work/server.log"
  # `lords load` signs all its accounts up, and joins all its games, from this one address
  # (joins in flight count against the per-address limit until they succeed); its players act
  # as fast as the server answers, far over a person's request budgets, which are lifted.
  DATABASE_URL=$db_url LORDS_LISTEN=127.0.0.1:0 LORDS_SIGNUP_MAX_PER_WINDOW=1000000 \
    LORDS_RATE_READS_PER_MINUTE=1000000 LORDS_RATE_ACTIONS_PER_MINUTE=1000000 LORDS_RATE_LOBBY_WRITES_PER_MINUTE=1000000 \
    LORDS_LOGIN_MAX_FAILURES=${LORDS_LOGIN_MAX_FAILURES:-1000000} \
    LORDS_JWT_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n') \
    "$lords" serve 2>>"$work/server.log" &
  server_pid=$!
  url=
  for _ in $(seq 1 300); do
    url=$(grep -o 'listening on http://[0-9.:]*' "$work/server.log" | head -n 1 | cut -d' ' -f3 || true)
    [ -n "$url" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$url" ] || { echo "the server did not start; log:" >&2; cat "$work/server.log" >&2; exit 1; }
  echo "server $server_pid at $url (database $db)" >&2
}
