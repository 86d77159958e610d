#!/bin/bash
# e2e.sh: NFS over RDMA end to end, loopback through rxe in one guest.
#
# Environment (guest arguments): SERVER=intree|ours (default intree),
# CLASS (rdma), PORT (20049), VERSIONS ("3 4.0 4.1 4.2"), SIZES (bytes),
# BIG (the largest of the default SIZES: 268435456, 256 MiB), ONLY
# (lib.sh: the checks of each version by name, "NFSv4.1 metadata
# operations"; a version none of whose checks is selected is not mounted).
# For each NFS version: mount with proto=rdma, write files of every size
# buffered and with O_DIRECT, compare the server's copy
# and a cold read back with the source byte for byte, run fio with crc32c
# verification in four concurrent jobs, do metadata operations, delete
# the version's files (the export is a 1500 MiB tmpfs), unmount.  Then
# stop nfsd and unload the transport.
. "$(dirname "$0")/lib.sh"

SERVER=${SERVER:-intree}
CLASS=${CLASS:-rdma}
PORT=${PORT:-20049}
VERSIONS=${VERSIONS:-3 4.0 4.1 4.2}
BIG=${BIG:-268435456}
SIZES=${SIZES:-0 1 4095 4096 4097 65535 65537 1048699 $BIG}
MNT=/mnt/nfs
SRC=/tmp/src	# a tmpfs: the guest's disk is a copy-on-write snapshot

say "server: $SERVER, class $CLASS, port $PORT, kernel $(uname -r)"
serve "$SERVER" "$CLASS" "$PORT"
check "portlist lists $CLASS $PORT for IPv4 and IPv6" \
	test "$(grep -c "^$CLASS $PORT\$" /proc/fs/nfsd/portlist)" = 2

src_bytes=$(($(echo "$SIZES" | tr ' ' '+')))
mkdir -p $SRC
must "source files on a tmpfs" \
	mount -t tmpfs -o size=$((src_bytes / 1048576 + 16))m src $SRC
for s in $SIZES; do
	head -c "$s" /dev/urandom >"$SRC/f$s"
done

same() { # same SIZE FILE: FILE is byte for byte the source of SIZE bytes
	cmp -s "$SRC/f$1" "$2"
}

integrity() {
	local v=$1 s d=$MNT/v$1 t0=$SECONDS t1
	mkdir -p "$d"
	for s in $SIZES; do
		cp "$SRC/f$s" "$d/b$s" &&
			dd if="$SRC/f$s" of="$d/d$s" bs=1M oflag=direct status=none
	done
	sync
	echo 3 >/proc/sys/vm/drop_caches
	t1=$SECONDS
	for s in $SIZES; do
		same "$s" "$EXPORT/v$v/b$s" && same "$s" "$d/b$s" &&
			same "$s" "$EXPORT/v$v/d$s" &&
			dd if="$d/d$s" bs=1M iflag=direct status=none | cmp -s - "$SRC/f$s" ||
			{ say "size $s differs"; return 1; }
	done
	say "NFSv$v: written in $((t1 - t0)) s, compared in $((SECONDS - t1)) s"
}

fio_verify() {
	fio --name=verify --directory="$MNT" --rw=randwrite --bs=4k --size=4m \
		--numjobs=4 --iodepth=4 --ioengine=libaio --direct=1 \
		--verify=crc32c --verify_fatal=1 --output="$GUEST_OUT/fio-verify-$SERVER-$1.txt"
}

metadata() {
	local d=$MNT/meta$1
	mkdir "$d" && echo data >"$d/a" &&
		ln "$d/a" "$d/hard" && ln -s a "$d/sym" &&
		[ "$(readlink "$d/sym")" = a ] && [ "$(stat -c %h "$d/a")" = 2 ] &&
		mv "$d/a" "$d/b" && [ "$(cat "$d/hard")" = data ] &&
		chmod 600 "$d/b" && [ "$(stat -c %a "$d/b")" = 600 ] &&
		truncate -s 100000 "$d/b" && [ "$(stat -c %s "$d/b")" = 100000 ] &&
		touch "$d/f"{1..50} && [ "$(ls "$d" | wc -l)" = 53 ] &&
		flock -x "$d/b" true &&
		rm -r "$d" && [ ! -e "$d" ]
}

for v in $VERSIONS; do
	cases=("NFSv$v data integrity, sizes $SIZES" integrity
		"NFSv$v fio crc32c verify, 4 concurrent jobs" fio_verify
		"NFSv$v metadata operations" metadata)
	any=
	for ((i = 0; i < ${#cases[@]}; i += 2)); do
		selected "${cases[i]}" && any=1
	done
	if [ -z "$any" ]; then
		only_count 0 $((${#cases[@]} / 2))
		continue
	fi
	if ! check "NFSv$v mount over RDMA" nfs_mount "$v" "$PORT" "$MNT"; then
		continue
	fi
	check "NFSv$v proto=rdma in mount options" grep -q "$MNT nfs.*proto=rdma" /proc/mounts
	for ((i = 0; i < ${#cases[@]}; i += 2)); do
		! only "${cases[i]}" || check "${cases[i]}" "${cases[i + 1]}" "$v"
	done
	rm -rf "$MNT/v$v" "$MNT"/verify.*
	check "NFSv$v unmount" umount "$MNT"
done

nfsd_stop
check "nfsd stopped: no RDMA listener left" \
	sh -c "! grep -q '^$CLASS ' /proc/fs/nfsd/portlist"
umount /proc/fs/nfsd $EXPORT $SRC 2>/dev/null
modprobe -r nfsd
case $SERVER in
ours) check "rmmod svcrdma" rmmod svcrdma ;;
esac
check "rpcrdma unloads" modprobe -r rpcrdma
finish
