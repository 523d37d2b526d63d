# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scanomp-checks.m4: configure checks for building scanomp.  Each failure
# names the Debian package that provides what is missing.
# serial 3

m4_pattern_forbid([^SCANOMP_])

# SCANOMP_CHECK_GCC_PLUGIN
# ------------------------
# Find the plugin headers of the GCC that $CC runs, require GCC >= 11 and
# a $CXX of the same major version (a plugin is compiled by the C++
# compiler of the GCC that loads it), and check that a plugin compiles
# against them with $CXX.  Sets and substitutes GCC_MAJOR, GCC_PLUGIN_DIR,
# GCC_PLUGIN_CPPFLAGS.
AC_DEFUN([SCANOMP_CHECK_GCC_PLUGIN],
[AC_REQUIRE([AC_PROG_CC])dnl
AC_REQUIRE([AC_PROG_CXX])dnl
AC_ARG_VAR([GCC_PLUGIN_DIR], [GCC's plugin directory (default: $CC -print-file-name=plugin)])
AC_CACHE_CHECK([for the GCC version of $CC], [scanomp_cv_gcc_major],
  [scanomp_cv_gcc_major=no
   AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#if !defined __GNUC__ || defined __clang__ || defined __INTEL_COMPILER
#error not GCC
#endif]])],
     [scanomp_cv_gcc_major=`$CC -dumpversion 2>/dev/null | sed 's/\..*//'`])])
AS_CASE([$scanomp_cv_gcc_major],
  [no|""],
    [AC_MSG_ERROR([\$CC ($CC) is not GCC: scanomp is a GCC plugin; set CC and CXX to a GCC 11 or later, e.g. CC=gcc-14 CXX=g++-14])],
  [[[0-9]]|10],
    [AC_MSG_ERROR([scanomp needs GCC 11 or later as \$CC; $CC is GCC $scanomp_cv_gcc_major])])
GCC_MAJOR=$scanomp_cv_gcc_major
AC_CACHE_CHECK([for the GCC version of $CXX], [scanomp_cv_gxx_major],
  [scanomp_cv_gxx_major=no
   AC_LANG_PUSH([C++])
   AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#if !defined __GNUC__ || defined __clang__ || defined __INTEL_COMPILER
#error not GCC
#endif]])],
     [scanomp_cv_gxx_major=`$CXX -dumpversion 2>/dev/null | sed 's/\..*//'`])
   AC_LANG_POP([C++])])
AS_IF([test "$scanomp_cv_gxx_major" != "$GCC_MAJOR"],
  [AC_MSG_ERROR([\$CXX ($CXX) must be the g++ of \$CC's GCC $GCC_MAJOR, which compiles the plugin that GCC loads: set CXX=g++-$GCC_MAJOR (Debian package g++-$GCC_MAJOR)])])
AC_MSG_CHECKING([for the GCC plugin headers])
AS_IF([test -z "$GCC_PLUGIN_DIR"],
  [GCC_PLUGIN_DIR=`$CC -print-file-name=plugin`])
AS_IF([test -f "$GCC_PLUGIN_DIR/include/gcc-plugin.h"],
  [AC_MSG_RESULT([$GCC_PLUGIN_DIR])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([no gcc-plugin.h under '$GCC_PLUGIN_DIR/include': install the Debian package gcc-$GCC_MAJOR-plugin-dev (Fedora: gcc-plugin-devel)])])
GCC_PLUGIN_CPPFLAGS="-I$GCC_PLUGIN_DIR/include"
AC_LANG_PUSH([C++])
scanomp_save_CPPFLAGS=$CPPFLAGS
CPPFLAGS="$CPPFLAGS $GCC_PLUGIN_CPPFLAGS"
AC_MSG_CHECKING([whether $CXX compiles a GCC plugin])
AC_COMPILE_IFELSE([AC_LANG_PROGRAM([[#include "gcc-plugin.h"
#include "plugin-version.h"
int plugin_is_GPL_compatible;]],
  [[return plugin_default_version_check (0, 0);]])],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no])
   AC_MSG_ERROR([$CXX cannot compile against GCC's plugin headers in $GCC_PLUGIN_DIR/include: install the Debian packages g++-$GCC_MAJOR and gcc-$GCC_MAJOR-plugin-dev])])
CPPFLAGS=$scanomp_save_CPPFLAGS
AC_LANG_POP([C++])
AC_SUBST([GCC_MAJOR])
AC_SUBST([GCC_PLUGIN_DIR])
AC_SUBST([GCC_PLUGIN_CPPFLAGS])
])

# SCANOMP_CHECK_GFORTRAN
# ----------------------
# Find the gfortran of $CC's GCC, whose f951 loads the same plugin: the
# Fortran tests and bench-inscan's Fortran rows run with it.  Without one
# they are left out.  Sets and substitutes GFORTRAN (empty when there is
# none), and the conditional HAVE_GFORTRAN.
AC_DEFUN([SCANOMP_CHECK_GFORTRAN],
[AC_REQUIRE([SCANOMP_CHECK_GCC_PLUGIN])dnl
AC_ARG_VAR([GFORTRAN], [the gfortran of \$CC's GCC, for the Fortran tests (default: gfortran-N or gfortran, N being its major version)])
AS_IF([test -z "$GFORTRAN"],
  [AC_CHECK_PROGS([GFORTRAN], [gfortran-$GCC_MAJOR gfortran])])
AC_MSG_CHECKING([whether $GFORTRAN is GCC $GCC_MAJOR's gfortran])
AS_IF([test -n "$GFORTRAN" \
       && test "`$GFORTRAN -dumpversion 2>/dev/null | sed 's/\..*//'`" = "$GCC_MAJOR"],
  [AC_MSG_RESULT([yes])],
  [AC_MSG_RESULT([no: the Fortran tests are unsupported (Debian package gfortran-$GCC_MAJOR)])
   GFORTRAN=])
AC_SUBST([GFORTRAN])
AM_CONDITIONAL([HAVE_GFORTRAN], [test -n "$GFORTRAN"])
])

# SCANOMP_CHECK_OPENCL
# --------------------
# Require the OpenCL headers and the ICD loader.  Sets and substitutes
# OPENCL_LIBS.
AC_DEFUN([SCANOMP_CHECK_OPENCL],
[AC_ARG_VAR([OPENCL_LIBS], [linker flags for the OpenCL ICD loader (default: -lOpenCL)])
AC_CHECK_HEADER([CL/cl.h], [],
  [AC_MSG_ERROR([no CL/cl.h: install the Debian package opencl-headers (or opencl-c-headers)])],
  [#define CL_TARGET_OPENCL_VERSION 120])
AS_IF([test -z "$OPENCL_LIBS"],
  [AC_CHECK_LIB([OpenCL], [clGetPlatformIDs], [OPENCL_LIBS=-lOpenCL],
    [AC_MSG_ERROR([no OpenCL ICD loader (libOpenCL.so): install the Debian package ocl-icd-opencl-dev])])])
AC_SUBST([OPENCL_LIBS])
])

# SCANOMP_CHECK_RUNTEST
# ---------------------
# Require DejaGnu's runtest, which `make check' uses.
AC_DEFUN([SCANOMP_CHECK_RUNTEST],
[AC_CHECK_PROG([scanomp_have_runtest], [runtest], [yes], [no])
AS_IF([test "$scanomp_have_runtest" != yes],
  [AC_MSG_ERROR([no runtest: install the Debian package dejagnu])])
])

# SCANOMP_CHECK_PTHREAD
# ---------------
# libscanrt uses POSIX threads: add -pthread to CFLAGS and LIBS.
AC_DEFUN([SCANOMP_CHECK_PTHREAD],
[AC_CACHE_CHECK([whether $CC accepts -pthread], [scanomp_cv_pthread],
  [scanomp_save_CFLAGS=$CFLAGS
   CFLAGS="$CFLAGS -pthread"
   AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <pthread.h>]],
       [[pthread_once_t o = PTHREAD_ONCE_INIT; return pthread_once (&o, 0);]])],
     [scanomp_cv_pthread=yes], [scanomp_cv_pthread=no])
   CFLAGS=$scanomp_save_CFLAGS])
AS_IF([test "$scanomp_cv_pthread" = yes],
  [PTHREAD_CFLAGS=-pthread],
  [AC_MSG_ERROR([$CC does not accept -pthread])])
AC_SUBST([PTHREAD_CFLAGS])
])

# SCANOMP_ARG_SANITIZERS
# ----------------------
# --enable-sanitizers: build libscanrt, the examples and the test programs
# with AddressSanitizer and UndefinedBehaviorSanitizer.  Sets and
# substitutes SANITIZER_FLAGS, empty without the option.  The plugin is
# not built with them: it runs inside cc1, which is not.
AC_DEFUN([SCANOMP_ARG_SANITIZERS],
[AC_ARG_ENABLE([sanitizers],
  [AS_HELP_STRING([--enable-sanitizers],
    [build libscanrt, the examples and the tests with -fsanitize=address,undefined])],
  [], [enable_sanitizers=no])
SANITIZER_FLAGS=
AS_IF([test "$enable_sanitizers" != no],
  [SANITIZER_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
   AC_MSG_CHECKING([whether $CC links with $SANITIZER_FLAGS])
   scanomp_save_CFLAGS=$CFLAGS
   CFLAGS="$CFLAGS $SANITIZER_FLAGS"
   AC_LINK_IFELSE([AC_LANG_PROGRAM([], [])],
     [AC_MSG_RESULT([yes])],
     [AC_MSG_RESULT([no])
      AC_MSG_ERROR([$CC cannot link with $SANITIZER_FLAGS: install the Debian packages libasan8 and libubsan1])])
   CFLAGS=$scanomp_save_CFLAGS])
AC_SUBST([SANITIZER_FLAGS])
])

# SCANOMP_CHECK_MPI
# -----------------
# Find an MPI compiler wrapper (MPICC, else mpicc), and the flags it
# adds to compile and to link: Open MPI's --showme:compile and
# --showme:link, else MPICH's -compile_info and -link_info (less their
# first word, the compiler).  libscanrt-mpi is built with them, by $CC,
# where a program including mpi.h links; without an MPI it is left out.
# Sets and substitutes MPICC, MPI_CFLAGS, MPI_LIBS and SCANOMP_MPI (yes
# or no), and the conditional HAVE_MPI.
AC_DEFUN([SCANOMP_CHECK_MPI],
[AC_ARG_VAR([MPICC], [MPI's C compiler wrapper, for libscanrt-mpi (default: mpicc)])
AS_IF([test -z "$MPICC"], [AC_CHECK_PROGS([MPICC], [mpicc])])
MPI_CFLAGS=
MPI_LIBS=
scanomp_have_mpi=no
AS_IF([test -n "$MPICC"],
  [AS_IF([MPI_CFLAGS=`$MPICC --showme:compile 2>/dev/null` \
          && MPI_LIBS=`$MPICC --showme:link 2>/dev/null`], [],
     [MPI_CFLAGS=`$MPICC -compile_info 2>/dev/null | cut -d' ' -f2-`
      MPI_LIBS=`$MPICC -link_info 2>/dev/null | cut -d' ' -f2-`])
   AC_MSG_CHECKING([whether $CC links an MPI program with $MPICC's flags])
   scanomp_save_CFLAGS=$CFLAGS
   scanomp_save_LIBS=$LIBS
   CFLAGS="$CFLAGS $MPI_CFLAGS"
   LIBS="$MPI_LIBS $LIBS"
   AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <mpi.h>]],
       [[int rank; MPI_Comm_rank (MPI_COMM_WORLD, &rank);
         return MPI_Exscan (&rank, &rank, 1, MPI_INT, MPI_SUM,
                            MPI_COMM_WORLD);]])],
     [scanomp_have_mpi=yes])
   CFLAGS=$scanomp_save_CFLAGS
   LIBS=$scanomp_save_LIBS
   AC_MSG_RESULT([$scanomp_have_mpi])])
AS_IF([test $scanomp_have_mpi = no],
  [AC_MSG_NOTICE([no MPI: libscanrt-mpi is left out (Debian packages libopenmpi-dev and openmpi-bin)])
   MPI_CFLAGS=
   MPI_LIBS=])
AC_SUBST([MPI_CFLAGS])
AC_SUBST([MPI_LIBS])
SCANOMP_MPI=$scanomp_have_mpi
AC_SUBST([SCANOMP_MPI])
AM_CONDITIONAL([HAVE_MPI], [test $scanomp_have_mpi = yes])
])
