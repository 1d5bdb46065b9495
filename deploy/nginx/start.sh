#!/bin/sh
# The web image's entry point (and the local check's): renders nginx.conf from the environment
# (render.sh beside this file), then runs nginx in the foreground.
set -eu
conf=$(sh "$(dirname "$0")/render.sh")
exec nginx -e stderr -p "$(dirname "$conf")" -c "$conf" -g 'daemon off;'
