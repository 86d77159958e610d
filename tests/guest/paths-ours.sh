#!/bin/bash
# paths-ours.sh: paths.sh against our server, whatever SERVER the boot
# has, so that one boot can run e2e and paths against either server.
SERVER=ours exec bash "$(dirname "$0")/paths.sh"
