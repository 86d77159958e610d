/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-in for the KUnit visibility header, for the decoder
 * fuzzer: there is no module to export from, so both names expand to
 * nothing.
 */
#ifndef SVCRDMA_SHIM_KUNIT_VISIBILITY_H
#define SVCRDMA_SHIM_KUNIT_VISIBILITY_H

#define VISIBLE_IF_KUNIT
/* nothing to export from */
#define EXPORT_SYMBOL_IF_KUNIT(symbol)

#endif /* SVCRDMA_SHIM_KUNIT_VISIBILITY_H */
