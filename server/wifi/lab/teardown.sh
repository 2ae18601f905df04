#!/usr/bin/env bash
# Stops everything setup.sh started and removes the lab's namespaces and /etc/netns overlays.
# Safe to run at any time, also after a half-finished setup, and more than once.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lab-env.sh"

# Alive: a thread of the process is not a zombie. openNDS 9.10.0 sometimes ends its main thread but
# leaves a worker blocked (the PID a zombie, a thread asleep), which still holds the namespaces.
alive() {
  local stat
  for stat in /proc/"$1"/task/*/stat; do
    [ -r "$stat" ] && [ "$(awk '{print $3}' "$stat" 2> /dev/null)" != Z ] && return 0
  done
  return 1
}
stop() { # stop PID: TERM, wait up to 3 s, then KILL
  local _
  for _ in $(seq 1 15); do alive "$1" || return 0; kill "$1" 2> /dev/null; sleep 0.2; done
  alive "$1" && kill -9 "$1" 2> /dev/null
}

# openNDS first, asked to stop cleanly: it removes its firewall rules and ends its authmon.
if [ -f "$LAB/pids/opennds.pid" ]; then
  pid=$(cat "$LAB/pids/opennds.pid")
  if alive "$pid"; then
    nsenter -t "$pid" -m -n ndsctl stop > /dev/null 2>&1 || true
    for _ in $(seq 1 15); do alive "$pid" || break; sleep 0.2; done
  fi
fi
for file in "$LAB"/pids/*.pid; do
  [ -f "$file" ] || continue
  stop "$(cat "$file")"
  rm -f "$file"
done
# Whatever else still runs in the lab's namespaces was started by the lab (authmon, php, a
# browser, dhclient): by PID, TERM first, then KILL.
for ns in "${NAMESPACES[@]}"; do
  ip netns list | grep -qw "$ns" || continue
  for pid in $(ip netns pids "$ns" 2> /dev/null); do kill "$pid" 2> /dev/null; done
done
sleep 0.3
for ns in "${NAMESPACES[@]}"; do
  ip netns list | grep -qw "$ns" || continue
  for pid in $(ip netns pids "$ns" 2> /dev/null); do alive "$pid" && kill -9 "$pid" 2> /dev/null; done
done
for ns in "${NAMESPACES[@]}"; do
  ip netns del "$ns" 2> /dev/null || true
  rm -rf "/etc/netns/$ns"
done
rmdir /etc/netns 2> /dev/null || true
if [ -f "$LAB/created-etc-dnsmasq.conf" ] && [ ! -s /etc/dnsmasq.conf ]; then
  rm -f /etc/dnsmasq.conf "$LAB/created-etc-dnsmasq.conf"
fi
echo "lab down (logs kept in $LAB/logs)"
