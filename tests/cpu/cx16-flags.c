// SPDX-License-Identifier: GPL-2.0-only
/*
 * cx16-flags: does this CPU's CMPXCHG16B leave the other flags alone?
 *
 * CMPXCHG16B sets ZF and no other flag.  QEMU's TCG up to 7.2 computes
 * the flags it keeps from the flag state it last stored, without storing
 * the current one first: after an instruction that ends a translation
 * block with the flags computed (POPF does), then an ALU operation, the
 * flags come out as that operation's source operand.  Linux 6.12's SLUB
 * runs CMPXCHG16B after such an operation on every allocation, and the
 * interrupt that next saves the flags may restore TF and DF from them:
 * double faults, and string copies run backwards.
 *
 * The test runs that sequence with a source operand that has CF and OF
 * set, and an addition whose true result has neither.  A CPU without
 * CMPXCHG16B (scripts/vm's -cx16) passes: no kernel path runs it.
 *
 * Exit: 0 when the flags are right or there is no CMPXCHG16B; 1 when
 * they are wrong.
 */
#include <cpuid.h>
#include <stdalign.h>
#include <stdio.h>

#define FLAG_CF		0x001UL
#define FLAG_OF		0x800UL

static unsigned long cx16_after_add(unsigned long src)
{
	static alignas(16) unsigned __int128 slot;
	unsigned long flags, sum = 0;

	/* the pushes must not land in the red zone the compiler may use */
	asm volatile("leaq -128(%%rsp), %%rsp\n\t"
		     "pushq $0x2\n\t"
		     "popfq\n\t"		/* ends the block, flags computed */
		     "addq %[src], %[sum]\n\t"	/* CF = OF = 0 */
		     "cmpxchg16b %[slot]\n\t"	/* touches ZF alone */
		     "pushfq\n\t"
		     "popq %[flags]\n\t"
		     "leaq 128(%%rsp), %%rsp"
		     : [flags] "=&r" (flags), [sum] "+&r" (sum),
		       [slot] "+m" (slot)
		     : [src] "r" (src), "a" (0UL), "d" (0UL), "b" (0UL),
		       "c" (0UL)
		     : "cc", "memory");
	return flags;
}

int main(void)
{
	unsigned int eax, ebx, ecx, edx;
	unsigned long flags;

	if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_CMPXCHG16B)) {
		printf("no cmpxchg16b: nothing runs it\n");
		return 0;
	}
	flags = cx16_after_add(FLAG_CF | FLAG_OF);
	printf("cmpxchg16b after add: flags %#lx, CF %lu OF %lu (want 0 0)\n",
	       flags, flags & FLAG_CF, (flags & FLAG_OF) >> 11);
	return (flags & (FLAG_CF | FLAG_OF)) ? 1 : 0;
}
