#!/bin/bash
# hostile-intree.sh: the hostile catalogue against the in-tree server, as
# the baseline, whatever SERVER the boot has.
SERVER=intree exec bash "$(dirname "$0")/hostile.sh"
