#!/bin/bash
# e2e-ours.sh: e2e.sh against our server, whatever SERVER the boot has, so
# that one boot can run the suite against both servers.
SERVER=ours exec bash "$(dirname "$0")/e2e.sh"
