/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gcc-compat.h: the GCC internals that differ between the versions the
   plugin builds for, GCC 11 to 16, in one place, keyed on the major
   version of GCC's plugin headers, BUILDING_GCC_MAJOR (bversion.h; the
   same number as plugin-version.h's GCCPLUGIN_VERSION_MAJOR, but
   plugin-version.h defines variables, so only scanomp.cc includes it),
   as the Linux kernel's scripts/gcc-plugins/gcc-common.h does.
   Everything else in plugin/ reads as one GCC, and calls what is defined
   here where the versions part:

     scanomp_diagnose_valist  an error or a note from a va_list: GCC 15
                              asserts that every diagnostic is issued
                              inside a diagnostic group, which inform and
                              error_at open for themselves but
                              emit_diagnostic_valist does not; GCC 16 made
                              diagnostic_t's DK_* diagnostics::kind's
     scanomp_source_line      a line of a source file, read through the
                              diagnostics' file cache: a free function
                              until GCC 13, a member of the global
                              diagnostic context's file_cache from 14
     char_span                the span that returns, in namespace
                              diagnostics from GCC 16
     last_nondebug_stmt       the last statement of a block that is not a
                              debug statement: GCC 14's name for what was
                              last_stmt
     SCANOMP_INITIAL_DEVICE   1 where a device clause's -1 is OpenMP
                              5.2's omp_initial_device, the host, as GCC
                              passes it to libgomp from GCC 13 (before,
                              -1 there was the default device)

   A plugin file includes its GCC headers, then its stage's header, which
   includes this one through base/loop.h.  */

#ifndef SCANOMP_GCC_COMPAT_H
#define SCANOMP_GCC_COMPAT_H

#include "bversion.h"
#include "diagnostic.h"
#include "tree-cfg.h"

#if BUILDING_GCC_MAJOR < 11
#error "scanomp builds for GCC 11 or later"
#endif

#if BUILDING_GCC_MAJOR >= 16
#include "diagnostics/file-cache.h"
using diagnostics::char_span;
#endif

/* Issue the diagnostic GMSGID with the arguments AP at LOC: a note if
   NOTE, else an error.  It goes in the diagnostic group that the caller
   holds around it and the notes that follow it, if any, else in one of
   its own.  */
static inline void
scanomp_diagnose_valist (bool note, location_t loc, const char *gmsgid,
                         va_list *ap)
{
  auto_diagnostic_group group;
#if BUILDING_GCC_MAJOR >= 16
  emit_diagnostic_valist (note ? diagnostics::kind::note
                          : diagnostics::kind::error, loc, 0, gmsgid, ap);
#else
  emit_diagnostic_valist (note ? DK_NOTE : DK_ERROR, loc, 0, gmsgid, ap);
#endif
}

/* Line LINE of the source file FILE, as the diagnostics read it (no line
   end); an empty span when it cannot be read.  */
static inline char_span
scanomp_source_line (const char *file, int line)
{
#if BUILDING_GCC_MAJOR >= 14
  return global_dc->get_file_cache ().get_source_line (file, line);
#else
  return location_get_source_line (file, line);
#endif
}

#if BUILDING_GCC_MAJOR < 14
/* GCC 14's name for the last statement of BB that is not a debug
   statement.  */
static inline gimple *
last_nondebug_stmt (basic_block bb)
{
  return last_stmt (bb);
}
#endif

#define SCANOMP_INITIAL_DEVICE (BUILDING_GCC_MAJOR >= 13)

#endif /* SCANOMP_GCC_COMPAT_H */
