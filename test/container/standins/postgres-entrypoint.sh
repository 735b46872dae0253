#!/bin/sh
# Stand-in for the official postgres image's entrypoint, on Debian's PostgreSQL: honours the same
# variables (POSTGRES_PASSWORD required, POSTGRES_USER, POSTGRES_DB, PGDATA), initialises the data
# directory on first start, accepts password logins from the network, runs the server as `postgres`.
set -eu
: "${PGDATA:=/var/lib/postgresql/data}"
user=${POSTGRES_USER:-postgres}
db=${POSTGRES_DB:-$user}
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ "$#" -eq 0 ] || [ "${1#-}" != "$1" ]; then set -- postgres "$@"; fi
if [ "$1" != postgres ]; then exec "$@"; fi
shift
mkdir -p "$PGDATA" /var/run/postgresql
chown postgres:postgres "$PGDATA" /var/run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -z "${POSTGRES_PASSWORD:-}" ]; then
    echo "Error: Database is uninitialized and superuser password is not specified (POSTGRES_PASSWORD)." >&2
    exit 1
  fi
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  chown postgres "$pwfile"
  as_postgres "$bin/initdb" -D "$PGDATA" -U "$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    # Debian's psql wrapper would pick a port from /etc/postgresql: the server's own binary, socket and port.
    as_postgres "$bin/pg_ctl" -D "$PGDATA" -o "-c listen_addresses='' -p 5432 -k /var/run/postgresql" -w start >/dev/null
    as_postgres "$bin/psql" -h /var/run/postgresql -p 5432 -v ON_ERROR_STOP=1 -U "$user" -d postgres -qc "CREATE DATABASE \"$db\""
    as_postgres "$bin/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups "$bin/postgres" -D "$PGDATA" -c listen_addresses='*' "$@"
