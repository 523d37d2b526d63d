# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# libscanrt/local.mk: the runtime library and the kernel templates it
# embeds; included by Makefile.am, whose paths are the top directory's.

# The OpenCL C kernel templates, embedded into libscanrt.
TEMPLATES = templates/scanomp-common.h templates/scanomp-group.h \
	templates/scan-cpu.cl templates/scan-gpu.cl templates/scan-lookback.cl \
	templates/scan-blelloch.cl templates/scan-repro.cl

# libscanrt, the runtime.
lib_LTLIBRARIES = libscanrt/libscanrt.la
include_HEADERS = libscanrt/scanrt.h libscanrt/scanrt-abi.h
libscanrt_libscanrt_la_SOURCES = \
	libscanrt/entry/abi.c libscanrt/entry/api.c \
	libscanrt/run/run.h libscanrt/run/route.c libscanrt/run/host.c \
	libscanrt/run/launch.c libscanrt/run/kernelset.c \
	libscanrt/run/reproset.c libscanrt/run/enqueue.c \
	libscanrt/run/tuning.c libscanrt/run/segments.c libscanrt/run/split.c \
	libscanrt/run/repro.c \
	libscanrt/data/data.h libscanrt/data/request.c libscanrt/data/place.c \
	libscanrt/data/memory.c libscanrt/data/pieces.c \
	libscanrt/devices/devices.h libscanrt/devices/device.c \
	libscanrt/devices/list.c libscanrt/devices/program.c \
	libscanrt/devices/sha256.c \
	libscanrt/base/base.h libscanrt/base/report.c \
	libscanrt/base/settings.c libscanrt/base/ops.c libscanrt/base/profile.c \
	libscanrt/base/exact.c
nodist_libscanrt_libscanrt_la_SOURCES = libscanrt/devices/templates.c
libscanrt_libscanrt_la_CPPFLAGS = -I$(srcdir)/libscanrt
libscanrt_libscanrt_la_CFLAGS = $(AM_CFLAGS) $(PTHREAD_CFLAGS) -fopenmp \
	-fvisibility=hidden
libscanrt_libscanrt_la_LIBADD = $(OPENCL_LIBS) -lm
libscanrt_libscanrt_la_LDFLAGS = -version-info 0:0:0 $(PTHREAD_CFLAGS) -fopenmp \
	$(SANITIZER_FLAGS) \
	-Wl,--version-script=$(srcdir)/libscanrt/libscanrt.map
EXTRA_libscanrt_libscanrt_la_DEPENDENCIES = libscanrt/libscanrt.map

libscanrt/devices/templates.c: $(TEMPLATES) build-aux/embed-templates.sh
	$(AM_V_GEN)$(MKDIR_P) libscanrt/devices && \
	$(SHELL) $(srcdir)/build-aux/embed-templates.sh $(srcdir)/templates \
	  > $@.tmp && mv $@.tmp $@
CLEANFILES += libscanrt/devices/templates.c

# libscanrt-mpi, scans across MPI ranks (scanrt-mpi.h), where configure
# found an MPI: built by $(CC) with the flags of MPI's wrapper.
EXTRA_DIST += libscanrt/mpi/libscanrt-mpi.map
if HAVE_MPI
lib_LTLIBRARIES += libscanrt/libscanrt-mpi.la
include_HEADERS += libscanrt/mpi/scanrt-mpi.h
endif
libscanrt_libscanrt_mpi_la_SOURCES = libscanrt/mpi/mpi.c \
	libscanrt/mpi/scanrt-mpi.h
libscanrt_libscanrt_mpi_la_CPPFLAGS = -I$(srcdir)/libscanrt \
	-I$(srcdir)/libscanrt/mpi
libscanrt_libscanrt_mpi_la_CFLAGS = $(AM_CFLAGS) $(PTHREAD_CFLAGS) \
	$(MPI_CFLAGS)
libscanrt_libscanrt_mpi_la_LIBADD = libscanrt/libscanrt.la $(MPI_LIBS)
libscanrt_libscanrt_mpi_la_LDFLAGS = -version-info 0:0:0 $(PTHREAD_CFLAGS) \
	$(SANITIZER_FLAGS) \
	-Wl,--version-script=$(srcdir)/libscanrt/mpi/libscanrt-mpi.map
EXTRA_libscanrt_libscanrt_mpi_la_DEPENDENCIES = \
	libscanrt/mpi/libscanrt-mpi.map
