#!/bin/bash
# hostile-ours.sh: the hostile catalogue against our server, judged row by
# row, whatever SERVER the boot has.
SERVER=ours exec bash "$(dirname "$0")/hostile.sh"
