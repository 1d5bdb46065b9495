#!/bin/sh
# Writes the web service's nginx.conf from nginx.conf.template, for the image or a local run.
#   NGINX_LISTEN    what nginx listens on (default 8080)
#   MOCK_UPSTREAM   the mock, host:port (default mock:8080)
#   WEB_ROOT        the built app (default /srv/bourse)
#   NGINX_SNIPPETS  the generated header snippets (default /etc/bourse/nginx)
#   NGINX_RUN_DIR   where nginx.conf, control.conf, the pid and temp files go (default /tmp/nginx)
#   CONTROL_TOKEN   set: /__control is passed to the mock, which asks for the token;
#                   unset or empty: /__control is refused (403)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
listen=${NGINX_LISTEN:-8080}
mock=${MOCK_UPSTREAM:-mock:8080}
root=${WEB_ROOT:-/srv/bourse}
snippets=${NGINX_SNIPPETS:-/etc/bourse/nginx}
run=${NGINX_RUN_DIR:-/tmp/nginx}
for value in "$listen" "$mock" "$root" "$snippets" "$run"; do
  case $value in
    *[!A-Za-z0-9._:/@+-]*) echo "render.sh: refusing a value nginx would misread: $value" >&2; exit 2 ;;
  esac
done
mkdir -p "$run"
if [ -n "${CONTROL_TOKEN:-}" ]; then
  printf '%s\n' 'location /__control/ {' '  proxy_pass http://mock;' '}' >"$run/control.conf"
else
  printf '%s\n' 'location /__control {' \
    '  default_type text/plain;' \
    '  return 403 "The control API is not published: set CONTROL_TOKEN to reach it here.\n";' \
    '}' >"$run/control.conf"
fi
sed -e "s|@LISTEN@|$listen|g" -e "s|@MOCK@|$mock|g" -e "s|@ROOT@|$root|g" \
  -e "s|@SNIPPETS@|$snippets|g" -e "s|@RUN@|$run|g" \
  "$here/nginx.conf.template" >"$run/nginx.conf"
echo "$run/nginx.conf"
