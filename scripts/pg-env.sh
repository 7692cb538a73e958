# Sourced by scripts/test and .ci/run: finds PostgreSQL binaries and makes sure a server that
# tests can use is running. Exports TEST_DATABASE_URL.

pg_bindir() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"; return 0
  fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$d" ] && [ -x "$d/initdb" ] && { echo "$d"; return 0; }
  return 1
}

install_postgres_if_missing() {
  if pg_bindir >/dev/null; then return 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "PostgreSQL binaries not found: installing the postgresql package" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "PostgreSQL binaries not found. Install them with: sudo apt-get install postgresql" >&2
    return 1
  fi
}

pg_ready() { # url
  psql "$1" -Atqc 'select 1' >/dev/null 2>&1
}

ensure_test_postgres() {
  local default_url="postgres://postgres@127.0.0.1:5432/postgres"
  export TEST_DATABASE_URL="${TEST_DATABASE_URL:-$default_url}"
  if command -v psql >/dev/null 2>&1 && pg_ready "$TEST_DATABASE_URL"; then return 0; fi
  install_postgres_if_missing
  # The machine's own cluster, when it has one.
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    local v
    for v in $(ls /etc/postgresql 2>/dev/null); do
      pg_ctlcluster --skip-systemctl-redirect "$v" main start >/dev/null 2>&1 || true
    done
    for _ in $(seq 1 30); do pg_ready "$TEST_DATABASE_URL" && return 0; sleep 0.5; done
  fi
  # Otherwise a private cluster under target/, on port 55432, trust auth.
  local bin dir port=55432
  bin=$(pg_bindir)
  dir="$PWD/target/test-pg"
  local runas=()
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || useradd -r -M postgres
    runas=(runuser -u postgres --)
    mkdir -p "$dir"; chown postgres "$dir"
  fi
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    "${runas[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
  fi
  "${runas[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
    -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off" start >/dev/null || true
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  for _ in $(seq 1 30); do pg_ready "$TEST_DATABASE_URL" && return 0; sleep 0.5; done
  echo "could not start PostgreSQL for the tests (see $dir/log)" >&2
  return 1
}

# Drops the test databases (lords_test_*, lords_st_*) that runs before `$1` (unix seconds) left
# behind: nobody is connected to them, and they are older than that time (by the time in their
# name, lords_test_<secs>_<random> and lords_st_<secs>_<pid>, or else by their directory's
# modification time). Databases of runs still going on (other people's too) are left alone.
# Prints how many it dropped.
sweep_stale_test_databases() { # started_at
  local started_at="$1" names name dropped=0
  names=$(psql "$TEST_DATABASE_URL" -qAt -v ON_ERROR_STOP=1 -v started="$started_at" <<'SQL'
select d.datname
from pg_database d
where (d.datname like 'lords\_test\_%' or d.datname like 'lords\_st\_%')
  and not exists (select 1 from pg_stat_activity a where a.datid = d.oid)
  and coalesce(
        (substring(d.datname from '^lords_(?:test|st)_([0-9]{9,11})_'))::bigint,
        extract(epoch from (pg_stat_file('base/' || d.oid)).modification)::bigint
      ) < :started
order by 1;
SQL
  ) || { echo "could not list stale test databases" >&2; return 0; }
  for name in $names; do
    if psql "$TEST_DATABASE_URL" -qAtc "DROP DATABASE IF EXISTS \"$name\" WITH (FORCE)" >/dev/null 2>&1; then
      dropped=$((dropped + 1))
    fi
  done
  echo "$dropped"
}

# The test databases (lords_test_*, lords_st_*) named with a time at or after `$1`: what this
# run left behind (on a shared server, also runs of others that started since).
test_databases_since() { # started_at
  psql "$TEST_DATABASE_URL" -qAt -v started="$1" <<'SQL'
select d.datname from pg_database d
where (substring(d.datname from '^lords_(?:test|st)_([0-9]{9,11})_'))::bigint >= :started
order by 1;
SQL
}
