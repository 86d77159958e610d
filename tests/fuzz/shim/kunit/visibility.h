/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Userspace stand-in for the KUnit visibility header, for the decoder
 * fuzzer: there is no module to export from, so VISIBLE_IF_KUNIT expands
 * to nothing, and so does an export.
 */
#ifndef SVCRDMA_SHIM_KUNIT_VISIBILITY_H
#define SVCRDMA_SHIM_KUNIT_VISIBILITY_H

#define VISIBLE_IF_KUNIT
/* nothing to export from; variadic, so that no argument goes unused */
#define EXPORT_SYMBOL_IF_KUNIT(...)

#endif /* SVCRDMA_SHIM_KUNIT_VISIBILITY_H */
