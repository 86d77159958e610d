#!/bin/bash
# paths-intree.sh: paths.sh against the in-tree server (the baseline),
# whatever SERVER the boot has, so that one boot can run e2e and paths
# against either server.
SERVER=intree exec bash "$(dirname "$0")/paths.sh"
