# Shared by setup.sh and teardown.sh: the lab's names, addresses and state folder.
# The namespaces have fixed names, so one lab runs at a time on a machine.
# shellcheck shell=bash
# Root's commands (ip, nft, dnsmasq...) live in sbin, which a CI shell's PATH may leave out.
export PATH="$PATH:/usr/sbin:/sbin"
LAB_HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$LAB_HERE/../../.." && pwd)"
# Logs, PIDs, certificates and the router's private /tmp. Not under /tmp: the router's /tmp is
# replaced by a folder of this one, and everything here must stay visible inside the router. A
# checkout under /tmp keeps its lab in /var/tmp (lab.ts hands the same folder in as LAB_DIR).
case "$REPO" in
  /tmp/*) DEFAULT_LAB=/var/tmp/vibeconnect/opennds-lab ;;
  *) DEFAULT_LAB="$REPO/.tmp/opennds-lab" ;;
esac
LAB="${LAB_DIR:-$DEFAULT_LAB}"

ROUTER=vcl-router
INET=vcl-inet
PHONES=(vcl-phone1 vcl-phone2 vcl-phone3)
NAMESPACES=("$ROUTER" "$INET" "${PHONES[@]}")

# RFC 5737 documentation ranges: the festival LAN and "the internet". Nothing leaves the lab.
GW_IP=192.0.2.1
INET_IP=198.51.100.2
WAN_IP=198.51.100.1
# Phone N has MAC 02:00:00:00:00:1N and the fixed lease 192.0.2.1N.
phone_mac() { printf '02:00:00:00:00:1%s' "$1"; }
phone_ip() { printf '192.0.2.1%s' "$1"; }
