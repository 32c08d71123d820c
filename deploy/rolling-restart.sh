#!/bin/sh
# Restarts every instance in turn without a failed request: take it out of
# nginx's rotation, let requests in flight finish, restart it (SIGTERM, start),
# wait until it is ready, put it back. Then the next one.
#
#   sudo deploy/rolling-restart.sh                 # ports 3001 3002, systemd
#   PORTS="3001 3002 3003" sudo deploy/rolling-restart.sh
#
# The rolling-restart drill (npm run drill -- deploy) runs this very script,
# with RESTART pointing at its own instances instead of systemd.
set -eu

PORTS=${PORTS:-"3001 3002"}
UPSTREAM_FILE=${UPSTREAM_FILE:-/etc/nginx/live-site-upstream.conf}
NGINX_CMD=${NGINX_CMD:-nginx}
# Run with $port set; must return once the old process has exited and the new one started.
RESTART=${RESTART:-'systemctl restart "live-site@$port"'}
# Requests already inside nginx finish on their instance meanwhile.
DRAIN_SECONDS=${DRAIN_SECONDS:-2}
READY_TIMEOUT=${READY_TIMEOUT:-60}

log() { printf '%s rolling-restart: %s\n' "$(date -u +%H:%M:%S)" "$*"; }

set_down() { # port, "down" or "up"
  if [ "$2" = down ]; then
    sed -i "s/^\([[:space:]]*server 127\.0\.0\.1:$1 [^;]*\);/\1 down;/" "$UPSTREAM_FILE"
  else
    sed -i "s/^\([[:space:]]*server 127\.0\.0\.1:$1 [^;]*\) down;/\1;/" "$UPSTREAM_FILE"
  fi
  $NGINX_CMD -t -q
  $NGINX_CMD -s reload
}

for port in $PORTS; do
  grep -q "server 127\.0\.0\.1:$port " "$UPSTREAM_FILE" || {
    log "port $port is not in $UPSTREAM_FILE"
    exit 1
  }
done

for port in $PORTS; do
  log "draining $port"
  set_down "$port" down
  sleep "$DRAIN_SECONDS"
  log "restarting $port"
  eval "$RESTART"
  waited=0
  until curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz"; do
    waited=$((waited + 1))
    if [ "$waited" -ge "$READY_TIMEOUT" ]; then
      log "$port not ready after ${READY_TIMEOUT}s; it stays out of rotation"
      exit 1
    fi
    sleep 1
  done
  set_down "$port" up
  log "$port back in rotation"
done
log "done"
