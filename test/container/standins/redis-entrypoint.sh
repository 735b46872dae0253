#!/bin/sh
# Stand-in for the official redis image's entrypoint, on Debian's Redis: `redis-server ARGS` runs
# as `redis` in /data (the working directory, where RDB and AOF files go); like the official image
# without a configuration file, protected mode is off so other containers of the network connect.
set -eu
if [ "$#" -eq 0 ] || [ "${1#-}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" != redis-server ]; then exec "$@"; fi
shift
chown redis:redis /data
exec setpriv --reuid=redis --regid=redis --init-groups redis-server --protected-mode no "$@"
