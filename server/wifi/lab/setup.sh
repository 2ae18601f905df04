#!/usr/bin/env bash
# Builds the openNDS lab and starts VibeConnect's built server as its captive portal (FAS):
#
#   vcl-phone1..3  ph0 (DHCP: 192.0.2.11-13)  --veth--  lan1..3 in br0 192.0.2.1   vcl-router
#   vcl-router     openNDS (gatewayinterface br0, :2050), dnsmasq (DHCP, DNS), NAT to wan0
#   vcl-router     wan0 198.51.100.1  --veth--  up0 198.51.100.2                    vcl-inet
#   vcl-inet       "the internet" (:80), its DNS, our server (FAS :8000; level 3: nginx :8443 TLS)
#
# Environment:
#   LEVEL=1|3                 openNDS fas_secure_enabled: 1 (http, base64 query, the phone is
#                             sent to the gateway) or 3 (https, AES query, authmon polls us)
#   WIFI_SESSION_MINUTES=1    the server's grant length (level 3 hands it to openNDS)
#   SESSIONTIMEOUT=1440       openNDS's own session length in minutes (what level 1 gets)
#   WIFI_DEVICES_PER_ACCOUNT=1, CHECKINTERVAL=5 (openNDS's seconds between session checks)
#   GAME_CONFIG_FILE=         the game's rules for the server (docs/game.md); the defaults when unset
#   NODE=node                 the Node.js that runs dist/server/main.js (build it first)
#   LAB_DIR                   state and logs (default .tmp/opennds-lab in the project)
# Needs root and Debian's opennds nftables iptables iproute2 dnsmasq-base isc-dhcp-client
# iputils-ping curl php-cli openssl nginx (see preflight.mjs). Undo with teardown.sh, always.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lab-env.sh"

LEVEL="${LEVEL:-1}"
WIFI_SESSION_MINUTES="${WIFI_SESSION_MINUTES:-1}"
WIFI_DEVICES_PER_ACCOUNT="${WIFI_DEVICES_PER_ACCOUNT:-1}"
SESSIONTIMEOUT="${SESSIONTIMEOUT:-1440}"
CHECKINTERVAL="${CHECKINTERVAL:-5}"
NODE="${NODE:-$(command -v node)}"
GATEWAY_ID=lab
# An accent, brackets and a comma: openNDS URL-encodes the name its own way in its query and
# in the hash authmon sends.
GATEWAY_NAME="${GATEWAY_NAME:-Sunwave Fête (North), Main Gate}"
case "$LEVEL" in 1 | 3) ;; *) echo "LEVEL must be 1 or 3" >&2; exit 2 ;; esac
[ -f "$REPO/dist/server/main.js" ] || { echo "no build: run node scripts/build.mjs" >&2; exit 2; }
if ip netns list | grep -qw "$ROUTER"; then echo "the lab is already up: run teardown.sh" >&2; exit 2; fi

case "$LAB" in */opennds-lab*) ;; *) echo "LAB_DIR must end in opennds-lab (it is emptied): $LAB" >&2; exit 2 ;; esac
rm -rf "$LAB"
mkdir -p "$LAB"/{pids,logs,router-tmp,server,php,nginx} "${PHONES[@]/#/$LAB/}"
FAS_KEY=$(openssl rand -hex 16)
rx() { ip netns exec "$ROUTER" "$@"; }
ix() { ip netns exec "$INET" "$@"; }
# Records a daemon's PID for teardown.sh. Daemons start as `ip netns exec ... &` or `nsenter ... &`,
# which exec the command, so $! is the daemon itself (a backgrounded shell function would be a
# subshell instead).
record() { echo "$2" > "$LAB/pids/$1.pid"; }

# ---------------------------------------------------------------- namespaces and links
for ns in "${NAMESPACES[@]}"; do
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  # IPv4 only: openNDS does not capture IPv6, so a LAN with it would let phones past the portal.
  ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
done
ip -n "$ROUTER" link add br0 address 02:00:00:00:00:01 type bridge
ip -n "$ROUTER" addr add "$GW_IP/24" dev br0
ip -n "$ROUTER" link set br0 up
for i in 1 2 3; do
  ip link add "lan$i" netns "$ROUTER" type veth peer name ph0 netns "vcl-phone$i" address "$(phone_mac "$i")"
  ip -n "$ROUTER" link set "lan$i" master br0 up
  ip -n "vcl-phone$i" link set ph0 up
done
ip link add wan0 netns "$ROUTER" type veth peer name up0 netns "$INET"
ip -n "$ROUTER" addr add "$WAN_IP/24" dev wan0
ip -n "$ROUTER" link set wan0 up
ip -n "$INET" addr add "$INET_IP/24" dev up0
ip -n "$INET" link set up0 up
ip -n "$ROUTER" route add default via "$INET_IP"
rx sysctl -qw net.ipv4.ip_forward=1
# The venue router NATs the LAN in a table of its own (openNDS owns ip filter, nat and mangle).
rx nft -f - <<'NFT'
table ip lab_nat {
  chain post { type nat hook postrouting priority 100; oifname "wan0" masquerade; }
}
NFT
# openNDS calls itself online only once the upstream gateway answers.
rx ping -c1 -W2 "$INET_IP" > /dev/null

# ---------------------------------------------------------------- per-namespace /etc
# openNDS's shell helpers read /etc/opennds/opennds.conf whatever -c says, and rewrite /etc/hosts
# and /etc/dnsmasq.conf; `ip netns exec` mounts /etc/netns/<ns>/<name> over /etc/<name>, so each
# namespace gets its own copies and the host's stay untouched. A file is only mounted over one
# that exists, hence an empty /etc/dnsmasq.conf on hosts without one (removed again at teardown).
for ns in "${NAMESPACES[@]}"; do mkdir -p "/etc/netns/$ns"; done
for phone in "${PHONES[@]}"; do echo "nameserver $GW_IP" > "/etc/netns/$phone/resolv.conf"; done
echo "nameserver $GW_IP" > "/etc/netns/$ROUTER/resolv.conf"
echo "nameserver 127.0.0.1" > "/etc/netns/$INET/resolv.conf"
cp -a /etc/opennds "/etc/netns/$ROUTER/opennds"
cp /etc/hosts "/etc/netns/$ROUTER/hosts"
if [ ! -e /etc/dnsmasq.conf ]; then : > /etc/dnsmasq.conf; touch "$LAB/created-etc-dnsmasq.conf"; fi
: > "/etc/netns/$ROUTER/dnsmasq.conf"

if [ "$LEVEL" = 3 ]; then FASPORT=8443; else FASPORT=8000; fi
# Keys in lower case: the C parser ignores case, but libopennds.sh greps "faskey " and the like.
# Level 3 also runs the bundled binauth_log.sh, which is what sends a session's end to the FAS
# (authmon's "deauthed" notice, which frees the device's place in the app).
cat > "/etc/netns/$ROUTER/opennds/opennds.conf" <<CONF
gatewayname $GATEWAY_NAME
enable_serial_number_suffix 0
gatewayinterface br0
gatewayport 2050
debuglevel 3
checkinterval $CHECKINTERVAL
sessiontimeout $SESSIONTIMEOUT
preauthidletimeout 30
authidletimeout 120
login_option_enabled 0
fasport $FASPORT
fasremoteip $INET_IP
faspath /wifi/portal/$GATEWAY_ID/
fas_secure_enabled $LEVEL
faskey $FAS_KEY
$([ "$LEVEL" = 3 ] && echo "binauth /usr/lib/opennds/binauth_log.sh")
FirewallRuleSet authenticated-users {
}
FirewallRuleSet preauthenticated-users {
}
FirewallRuleSet users-to-router {
    FirewallRule allow udp port 53
    FirewallRule allow tcp port 53
    FirewallRule allow udp port 67
}
CONF

# ---------------------------------------------------------------- "the internet"
ip netns exec "$INET" "$NODE" "$LAB_HERE/upstream.mjs" "$INET_IP" 80 8080 > "$LAB/logs/upstream.log" 2>&1 &
record upstream $!
# Its DNS, which the router's dnsmasq forwards to: it knows no names, and nothing leaves the lab.
ip netns exec "$INET" dnsmasq -k --port=53 --listen-address="$INET_IP" --bind-interfaces --no-resolv \
  --no-hosts --user=root --pid-file= --log-facility=- > "$LAB/logs/dns-inet.log" 2>&1 &
record dns-inet $!

# ---------------------------------------------------------------- our server, the FAS
poll_from=""
if [ "$LEVEL" = 3 ]; then
  # authmon (php on the router) and the phone reach us over https; the certificate is for the IP,
  # self-signed, and trusted only by the router's php (PHP_INI_SCAN_DIR below) and the test.
  openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=$INET_IP" \
    -addext "subjectAltName=IP:$INET_IP" -keyout "$LAB/nginx/fas.key" -out "$LAB/fas.crt" 2> /dev/null
  printf 'openssl.cafile=%s\n' "$LAB/fas.crt" > "$LAB/php/99-lab-ca.ini"
  PUBLIC_URL="https://$INET_IP:8443" SERVER_HOST=127.0.0.1
  poll_from=", \"pollFrom\": [\"$WAN_IP\"]"
else
  PUBLIC_URL="http://$INET_IP:8000" SERVER_HOST=$INET_IP
fi
cat > "$LAB/server/gateways.json" <<JSON
[{ "id": "$GATEWAY_ID", "name": "$GATEWAY_NAME", "faskey": "$FAS_KEY", "level": $LEVEL,
   "address": "$GW_IP:2050"$poll_from }]
JSON
# A clean environment and a folder of its own as the working directory (no developer's .env). The
# phones reach us from the router's WAN address, declared as an organiser would (docs/wifi.md).
(cd "$LAB/server" && exec ip netns exec "$INET" env -i PATH="$PATH" HOME="$LAB/server" \
  NODE_ENV=production LOG_LEVEL=info HOST="$SERVER_HOST" PORT=8000 PUBLIC_URL="$PUBLIC_URL" \
  TRUST_PROXY=127.0.0.1 WIFI_UPLINK_ADDRESSES="$WAN_IP" DATABASE_URL="sqlite:$LAB/server/app.db" AUTH_JWT_SECRET="$(openssl rand -hex 32)" \
  AUTH_EMAIL_CONFIRMATION=false MAIL_OUTBOX_DIR="$LAB/server/outbox" CLIENT_DIST_DIR="$REPO/dist/client" \
  WIFI_GATEWAYS_FILE="$LAB/server/gateways.json" WIFI_SESSION_MINUTES="$WIFI_SESSION_MINUTES" \
  WIFI_DEVICES_PER_ACCOUNT="$WIFI_DEVICES_PER_ACCOUNT" GAME_CONFIG_FILE="${GAME_CONFIG_FILE:-}" \
  "$NODE" "$REPO/dist/server/main.js") > "$LAB/logs/server.log" 2>&1 &
record server $!
if [ "$LEVEL" = 3 ]; then
  cat > "$LAB/nginx/nginx.conf" <<NGINX
daemon off;
pid $LAB/nginx/nginx.pid;
error_log $LAB/logs/nginx-error.log warn;
events {}
http {
  access_log $LAB/logs/nginx-access.log;
  client_body_temp_path $LAB/nginx;
  proxy_temp_path $LAB/nginx;
  server {
    listen $INET_IP:8443 ssl;
    ssl_certificate $LAB/fas.crt;
    ssl_certificate_key $LAB/nginx/fas.key;
    location / {
      proxy_pass http://127.0.0.1:8000;
      proxy_set_header Host \$host;
      proxy_set_header X-Forwarded-For \$remote_addr;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
NGINX
  ip netns exec "$INET" nginx -p "$LAB/nginx" -c "$LAB/nginx/nginx.conf" > "$LAB/logs/nginx.log" 2>&1 &
  record nginx $!
fi
cacert=()
[ "$LEVEL" = 3 ] && cacert=(--cacert "$LAB/fas.crt")
ready=0
for _ in $(seq 1 100); do
  if ix curl -sf -o /dev/null "${cacert[@]}" "$PUBLIC_URL/readyz"; then ready=1; break; fi
  kill -0 "$(cat "$LAB/pids/server.pid")" 2> /dev/null || break
  sleep 0.2
done
[ "$ready" = 1 ] || { echo "the server does not answer at $PUBLIC_URL" >&2; tail -20 "$LAB/logs/server.log" >&2; exit 1; }

# ---------------------------------------------------------------- openNDS
# Debian's 9.10.0 re-creates ip filter INPUT/FORWARD at priority -100 in pre_setup, which
# bookworm's iptables-nft 1.8.9 refuses ("CHAIN_ADD failed", and openNDS exits). Upstream fixed it
# in commit 9f623b2 (issue #429): the same two lines go into a copy of libopennds.sh, mounted over
# the original only inside the router's own mount namespace.
sed -e '/^[[:space:]]*input_priority=\$(nft /a\	input_priority="disable" # lab: upstream 9f623b2' \
  -e '/^[[:space:]]*forward_priority=\$(nft /a\	forward_priority="disable" # lab: upstream 9f623b2' \
  /usr/lib/opennds/libopennds.sh > "$LAB/libopennds.sh"
chmod 0755 "$LAB/libopennds.sh"
[ "$(grep -c 'lab: upstream' "$LAB/libopennds.sh")" = 2 ] || { echo "could not patch libopennds.sh" >&2; exit 1; }
# The router also gets a /tmp of its own: openNDS keeps its socket, lock and client files there and
# reads the DHCP leases from /tmp/dhcp.leases. Everything on the router (ndsctl, dnsmasq) runs in
# openNDS's mount namespace (nsenter), so it sees the same /tmp and /etc.
#
# openNDS 9.10.0 swaps the process-wide SIGCHLD handler around popen() from several threads and
# sometimes exits at start ("Unable to get routing configuration"), about 1 start in 25: retry.
start_opennds() {
  rm -rf "$LAB/router-tmp" && mkdir "$LAB/router-tmp"
  ip netns exec "$ROUTER" env LAB="$LAB" PHP_INI_SCAN_DIR=":$LAB/php" sh -c \
    'mount --bind "$LAB/router-tmp" /tmp &&
     mount --bind "$LAB/libopennds.sh" /usr/lib/opennds/libopennds.sh && exec opennds -f -d 3' \
    >> "$LAB/logs/opennds.log" 2>&1 &
  local pid=$!
  record opennds "$pid"
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2> /dev/null || return 1
    nsenter -t "$pid" -m -n ndsctl status > /dev/null 2>&1 && break
    sleep 0.5
  done
  sleep 2
  kill -0 "$pid" 2> /dev/null || return 1
  nsenter -t "$pid" -m -n ndsctl status > "$LAB/logs/ndsctl-status.txt" 2>&1 || return 1
  # The race can strike while openNDS answers that very status: its route check there ran beside
  # the watchdog's, and it exited in the same second (a CI run on 2026-11-29, level 3, after
  # ndsctl had answered). Only an openNDS that outlived the answer counts as started.
  sleep 1
  kill -0 "$pid" 2> /dev/null
}
started=0
for attempt in 1 2 3; do
  if start_opennds; then started=1; break; fi
  echo "openNDS start $attempt failed: $(grep -a '^\[3\]' "$LAB/logs/opennds.log" | tail -1)" >&2
  kill -9 "$(cat "$LAB/pids/opennds.pid")" 2> /dev/null || true
  sleep 1
done
[ "$started" = 1 ] || { echo "openNDS did not start" >&2; tail -30 "$LAB/logs/opennds.log" >&2; exit 1; }
NDS_PID=$(cat "$LAB/pids/opennds.pid")

# ---------------------------------------------------------------- DHCP and DNS on the LAN
# openNDS refuses a client whose address is in no DHCP lease file it knows ("IP not allocated by
# dhcp"), so a real DHCP server. dnsmasq starts after openNDS, which wrote
# dhcp-option-force=114,http://status.client (RFC 8910) into /etc/dnsmasq.conf; it could not add
# status.client to the mounted /etc/hosts, so dnsmasq gets that name from a file of ours.
echo "$GW_IP status.client" > "$LAB/hosts.lan"
hosts=()
for i in 1 2 3; do hosts+=("--dhcp-host=$(phone_mac "$i"),$(phone_ip "$i")"); done
nsenter -t "$NDS_PID" -m -n dnsmasq -k --conf-file=/etc/dnsmasq.conf --interface=br0 --bind-interfaces \
  --except-interface=lo --no-resolv --no-hosts --addn-hosts="$LAB/hosts.lan" --server="$INET_IP" \
  --dhcp-range=192.0.2.100,192.0.2.150,255.255.255.0,1h "${hosts[@]}" \
  --dhcp-option=option:router,"$GW_IP" --dhcp-option=option:dns-server,"$GW_IP" \
  --dhcp-leasefile=/tmp/dhcp.leases --dhcp-authoritative --user=root --pid-file= \
  --log-facility=- --log-dhcp > "$LAB/logs/dnsmasq.log" 2>&1 &
record dnsmasq $!
sleep 0.5

# ---------------------------------------------------------------- the phones join
# dhclient asks for option 114 too, and stops once bound (-x keeps the lease). Its script runs
# with an empty environment, so the paths are written into it.
for i in 1 2 3; do
  dir="$LAB/vcl-phone$i"
  cat > "$dir/dhclient.conf" <<'DHC'
option captive-portal-uri code 114 = text;
request subnet-mask, broadcast-address, routers, domain-name-servers, captive-portal-uri;
DHC
  cat > "$dir/dhclient-script.sh" <<DHS
#!/bin/sh
case "\$reason" in
  BOUND|RENEW|REBIND|REBOOT)
    ip addr flush dev "\$interface"
    ip addr add "\$new_ip_address/\$new_subnet_mask" dev "\$interface"
    for r in \$new_routers; do ip route replace default via "\$r" dev "\$interface"; break; done
    env | grep -E '^(new_|reason|interface)' | sort > "$dir/lease.env" ;;
esac
exit 0
DHS
  chmod 0755 "$dir/dhclient-script.sh"
  args=(-cf "$dir/dhclient.conf" -sf "$dir/dhclient-script.sh" -lf "$dir/dhclient.leases" -pf "$dir/dhclient.pid")
  ip netns exec "vcl-phone$i" dhclient -1 "${args[@]}" ph0 > "$dir/dhclient.log" 2>&1
  ip netns exec "vcl-phone$i" dhclient -x "${args[@]}" ph0 >> "$dir/dhclient.log" 2>&1 || true
done

# For the test (lab.ts): what it needs to drive this lab.
cat > "$LAB/lab.json" <<JSON
{ "level": $LEVEL, "publicUrl": "$PUBLIC_URL", "gatewayId": "$GATEWAY_ID",
  "gatewayName": "$GATEWAY_NAME", "routerPid": $NDS_PID, "checkInterval": $CHECKINTERVAL }
JSON
echo "lab up (level $LEVEL): portal $PUBLIC_URL/wifi/portal/$GATEWAY_ID/, logs in $LAB/logs"
