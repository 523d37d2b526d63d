# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scanomp.m4: find scanomp from a project's configure.ac.  Installed into
# aclocal's directory; copy it into your m4/ to ship it.
# serial 2
#
#   SCANOMP_CHECK([ACTION-IF-FOUND], [ACTION-IF-NOT-FOUND])
#
# Looks scanomp up through pkg-config (scanomp.pc, or scanomp-uninstalled.pc
# in a build tree named on PKG_CONFIG_PATH), then checks that $CC loads its
# GCC plugin and that a program links against libscanrt.  Substitutes
# SCANOMP_CFLAGS (OpenMP, the plugin, the include directory) and
# SCANOMP_LIBS; both can be overridden on configure's command line.
# Without ACTION-IF-NOT-FOUND, a missing scanomp stops configure.  Put
# m4_pattern_forbid([^SCANOMP_]) in configure.ac too, so that autoconf
# stops when it cannot find this file (with a prefix other than /usr, run
# ACLOCAL_PATH=PREFIX/share/aclocal autoreconf, or copy it into m4/).
#
# Example:
#   SCANOMP_CHECK
#   prog_CFLAGS = $(SCANOMP_CFLAGS)      (in Makefile.am)
#   prog_LDADD = $(SCANOMP_LIBS)

# Fail at autoconf time, not in configure, if pkg.m4 is missing.  A
# project that forbids ^SCANOMP_ (so that a missing scanomp.m4 stops
# autoconf) keeps the variables this macro sets.
m4_pattern_forbid([^PKG_[A-Z_]+$])
m4_pattern_allow([^SCANOMP_(CFLAGS|LIBS|PKG_ERRORS)$])

AC_DEFUN([SCANOMP_CHECK],
[AC_REQUIRE([AC_PROG_CC])dnl
PKG_CHECK_MODULES([SCANOMP], [scanomp >= 0.1],
  [scanomp_found=yes], [scanomp_found=no])
AS_IF([test "$scanomp_found" = yes],
  [AC_CACHE_CHECK([whether $CC runs the scanomp plugin and links libscanrt],
     [scanomp_cv_works],
     [scanomp_save_CFLAGS=$CFLAGS
      scanomp_save_LIBS=$LIBS
      CFLAGS="$CFLAGS $SCANOMP_CFLAGS"
      LIBS="$SCANOMP_LIBS $LIBS"
      AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <scanrt.h>]],
          [[return scanrt_get_num_devices () < 0;]])],
        [scanomp_cv_works=yes], [scanomp_cv_works=no])
      CFLAGS=$scanomp_save_CFLAGS
      LIBS=$scanomp_save_LIBS])
   scanomp_found=$scanomp_cv_works])
AS_IF([test "$scanomp_found" = yes],
  [m4_default([$1], [:])],
  [m4_default([$2],
     [AC_MSG_ERROR([scanomp was not found or does not work with $CC: install it, or set PKG_CONFIG_PATH to its build directory; config.log has the details])])])
])
