# SPDX-License-Identifier: GPL-2.0-only
# Out-of-tree build of the svcrdma module.
#
#   make                      build svcrdma.ko against KDIR
#   make KDIR=... OUT=dir     build against another tree, into dir
#   make W=1 / make C=2       extra warnings / sparse, passed to Kbuild
#   make install              install into /lib/modules and run depmod
#   make check                every test (see README.md); make demo
#   make deb                  build/deb/svcrdma-dkms_<version>_all.deb
#   make kunit                the KUnit suites in a test-kernel guest, parsed
#   make hostile              the hostile RDMA client (tests/hostile)
#   make cpuprobe             the guests' CPU probe (tests/cpu)
#   make fuzz / fuzz-check    the header decoder under libFuzzer (tests/fuzz):
#                             open-ended, or FUZZ_SECONDS (120) and a summary
#
# KDIR defaults to the running kernel's build tree, else to Debian 12's
# stock headers, resolved through the linux-headers-amd64 metapackage.

SRC := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
KDIR ?= $(firstword $(wildcard /lib/modules/$(shell uname -r)/build) \
	$(shell bash -c '. $(SRC)/scripts/lib.sh && stock_kdir' 2>/dev/null))
OUT ?=
MDIR := $(if $(OUT),$(abspath $(OUT)),$(SRC))
# The files Kbuild needs, mirrored by symlink into OUT so that two builds
# against two kernels never share an object file.
KSOURCES := Kbuild dkms.conf $(wildcard *.c include/*.h tests/kunit/*.c tests/kunit/*.h)

all: modules

modules:
ifneq ($(OUT),)
	@set -e; for f in $(KSOURCES); do \
		mkdir -p $(MDIR)/$$(dirname $$f); \
		ln -sfn $(SRC)/$$f $(MDIR)/$$f; \
	done
endif
	$(MAKE) -C $(KDIR) M=$(MDIR) modules

install: modules
	$(MAKE) -C $(KDIR) M=$(MDIR) modules_install
	depmod -a $(shell $(MAKE) -s -C $(KDIR) kernelrelease 2>/dev/null)

clean:
	$(MAKE) -C $(KDIR) M=$(MDIR) clean

check:
	$(SRC)/scripts/check

demo:
	$(SRC)/scripts/demo

kunit:
	$(SRC)/scripts/kunit

deb:
	$(SRC)/scripts/deb

# tests/hostile: the lying RDMA client, a userspace program run in guests
HOSTILE := $(SRC)/build/hostile/hostile
hostile: $(HOSTILE)
$(HOSTILE): $(SRC)/tests/hostile/hostile.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -Wall -Wextra -Wno-missing-field-initializers -Werror -o $@ $< -lrdmacm -libverbs

# tests/cpu: does the guests' emulated CPU run CMPXCHG16B right (cpu.sh)
CPUPROBE := $(SRC)/build/cpu/cx16-flags
cpuprobe: $(CPUPROBE)
$(CPUPROBE): $(SRC)/tests/cpu/cx16-flags.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -g -Wall -Wextra -Werror -o $@ $<

# tests/fuzz: svc_rdma_hdr.c under libFuzzer, built with clang-14 into
# build/fuzz; never part of the module build
FUZZ_SECONDS ?= 120
fuzz:
	$(SRC)/scripts/fuzz

fuzz-check:
	$(SRC)/scripts/fuzz --check $(FUZZ_SECONDS)

.PHONY: all modules install clean check demo kunit deb hostile cpuprobe fuzz \
	fuzz-check
