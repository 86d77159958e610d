/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-in for <linux/types.h>, for the decoder fuzzer
 * (tests/fuzz).  Only the names svc_rdma_hdr.c and its header use, built
 * on the compiler's own fixed-width types.  Byte-order annotations are
 * plain integers here: sparse checks them in the module build.
 */
#ifndef SVCRDMA_SHIM_LINUX_TYPES_H
#define SVCRDMA_SHIM_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

typedef __UINT8_TYPE__		u8;
typedef __UINT16_TYPE__		u16;
typedef __UINT32_TYPE__		u32;
typedef __UINT64_TYPE__		u64;
typedef __INT32_TYPE__		s32;
typedef __UINT32_TYPE__		__u32;
typedef __UINT32_TYPE__		__be32;

#define U32_MAX			((u32)~0U)

#endif /* SVCRDMA_SHIM_LINUX_TYPES_H */
