/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-in for <linux/kernel.h>, for the decoder fuzzer: the
 * byte-order, arithmetic and errno helpers svc_rdma_hdr.c uses, with the
 * kernel's meaning (min() refuses operands of two types, as the kernel's
 * does, by a pointer comparison the compiler warns about).
 */
#ifndef SVCRDMA_SHIM_LINUX_KERNEL_H
#define SVCRDMA_SHIM_LINUX_KERNEL_H

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <linux/types.h>

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
/* the compiler attributes named as the kernel names them */
#define __noreturn		__attribute__((__shim_noreturn))
#define __printf(a, b)		__attribute__((__shim_printf(a, b)))
#define __shim_noreturn		__noreturn__
#define __shim_printf(a, b)	__format__(printf, a, b)

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define cpu_to_be32(x)	((__be32)__builtin_bswap32((u32)(x)))
#define be32_to_cpu(x)	((u32)__builtin_bswap32((u32)(x)))
#else
#define cpu_to_be32(x)	((__be32)(u32)(x))
#define be32_to_cpu(x)	((u32)(x))
#endif

static inline u32 be32_to_cpup(const __be32 *p)
{
	return be32_to_cpu(*p);
}

#define min(x, y) ({					\
	__typeof__(x) __min_x = (x);			\
	__typeof__(y) __min_y = (y);			\
	(void)(&__min_x == &__min_y);			\
	__min_x < __min_y ? __min_x : __min_y; })

#define min_t(type, x, y) ({			\
	type __min_tx = (x);				\
	type __min_ty = (y);				\
	__min_tx < __min_ty ? __min_tx : __min_ty; })

#define upper_32_bits(n)	((u32)((n) >> 32))
#define lower_32_bits(n)	((u32)(n))

/* @y must be a power of two, as the kernel's round_down() requires */
#define round_down(x, y)	((x) & ~(__typeof__(x))((y) - 1))
/* likewise */
#define round_up(x, y)		((((x) - 1) | (__typeof__(x))((y) - 1)) + 1)

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))

#endif /* SVCRDMA_SHIM_LINUX_KERNEL_H */
