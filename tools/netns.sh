#!/usr/bin/env bash
# Run a command in a network namespace of its own (unshare -n, as root): loopback up, and a veth pair kept inside
# it (198.18.0.1/24 and 198.18.0.2/24, a range for tests), so that a WebRTC test's browsers gather a host candidate
# that is not loopback, and none of their traffic reaches the machine's own addresses or any network.
#   tools/netns.sh COMMAND [ARGS...]
set -euo pipefail
if [ "${GAMEBOX_IN_NETNS:-}" != 1 ]; then
  export GAMEBOX_IN_NETNS=1
  exec unshare -n -- "$0" "$@"
fi
ip link set lo up
# no duplicate address detection: the veths' IPv6 link-local addresses are then final at once, not "tentative" for a
# second or two and then changed under a browser that has started (Chromium took that for a network change and failed
# the page loads then under way: net::ERR_NETWORK_CHANGED)
if [ -d /proc/sys/net/ipv6 ]; then
  sysctl -qw net.ipv6.conf.default.accept_dad=0 net.ipv6.conf.all.accept_dad=0 || true
fi
ip link add gamebox0 type veth peer name gamebox1
ip addr add 198.18.0.1/24 dev gamebox0
ip addr add 198.18.0.2/24 dev gamebox1
ip link set gamebox0 up
ip link set gamebox1 up
# a default route through the pair, so that the browsers see a network (and mDNS its multicast) inside, not outside
ip route add default dev gamebox0
exec "$@"
