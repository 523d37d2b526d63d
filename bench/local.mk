# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# bench/local.mk: the benchmarks (make bench and its relatives); included
# by Makefile.am.

# Benchmarks: `make bench'.  bench-host, bench-inscan and bench-compact,
# the host path, run at the default OpenMP settings, as users run, and
# so does bench-thesis, whose clause versions take the host path; the
# others with OMP_WAIT_POLICY=passive: libgomp's idle threads would
# otherwise spin on both cores while pocl's threads run.
EXTRA_PROGRAMS = bench/bench-scan bench/bench-clause bench/bench-inscan \
	bench/bench-device bench/bench-host bench/bench-data bench/bench-split \
	bench/bench-recurrence bench/bench-compact
bench_bench_scan_SOURCES = bench/bench-scan.c bench/measure.h
bench_bench_scan_CPPFLAGS = -I$(srcdir)/libscanrt
# GCC 12's own lowering of the inscan baseline warns, at -O3, about its
# temporaries: a false positive.
bench_bench_scan_CFLAGS = $(AM_CFLAGS) -O3 -fopenmp -Wno-maybe-uninitialized
bench_bench_scan_LDADD = libscanrt/libscanrt.la
bench_bench_host_SOURCES = bench/bench-host.c bench/measure.h
bench_bench_host_CFLAGS = $(EXAMPLE_CFLAGS) -O3
bench_bench_host_LDADD = libscanrt/libscanrt.la
$(bench_bench_host_OBJECTS): plugin/scanomp.la
bench_bench_data_SOURCES = bench/bench-data.c bench/floor.h bench/measure.h
bench_bench_data_CPPFLAGS = -I$(srcdir)/libscanrt
bench_bench_data_CFLAGS = $(EXAMPLE_CFLAGS) -O3
bench_bench_data_LDADD = libscanrt/libscanrt.la $(OPENCL_LIBS)
$(bench_bench_data_OBJECTS): plugin/scanomp.la
bench_bench_recurrence_SOURCES = bench/bench-recurrence.c bench/measure.h
bench_bench_recurrence_CFLAGS = $(EXAMPLE_CFLAGS) -O3
bench_bench_recurrence_LDADD = libscanrt/libscanrt.la -lm
$(bench_bench_recurrence_OBJECTS): plugin/scanomp.la
bench_bench_clause_SOURCES = bench/bench-clause.c bench/measure.h
bench_bench_clause_CPPFLAGS = -I$(srcdir)/libscanrt
bench_bench_clause_CFLAGS = $(EXAMPLE_CFLAGS) -O3
bench_bench_clause_LDADD = libscanrt/libscanrt.la
$(bench_bench_clause_OBJECTS): plugin/scanomp.la
# bench-inscan links one loop compiled twice: by GCC alone, and through
# the plugin.
# The C++ loops (inscan-loop-cxx.h) go into the same two libraries.
EXTRA_LIBRARIES = bench/libinscan-gcc.a bench/libinscan-scanomp.a \
	bench/libcompact-gcc.a bench/libcompact-scanomp.a
bench_libinscan_gcc_a_SOURCES = bench/inscan-gcc.c bench/inscan-loop.h \
	bench/inscan-range.h \
	bench/inscan-cxx-gcc.cc bench/inscan-loop-cxx.h
bench_libinscan_gcc_a_CFLAGS = $(AM_CFLAGS) -O3 -fopenmp
bench_libinscan_gcc_a_CXXFLAGS = -O3 -fopenmp
bench_libinscan_scanomp_a_SOURCES = bench/inscan-scanomp.c \
	bench/inscan-cxx-scanomp.cc
bench_libinscan_scanomp_a_CFLAGS = $(EXAMPLE_CFLAGS) -O3
bench_libinscan_scanomp_a_CXXFLAGS = -O3 -fopenmp \
	-fplugin=$(abs_top_builddir)/plugin/.libs/scanomp.so
$(bench_libinscan_scanomp_a_OBJECTS): plugin/scanomp.la
bench_bench_inscan_SOURCES = bench/bench-inscan.c bench/measure.h \
	bench/inscan-range.h
bench_bench_inscan_CFLAGS = $(AM_CFLAGS) -O3 -fopenmp
bench_bench_inscan_LDADD = bench/libinscan-scanomp.a bench/libinscan-gcc.a \
	libscanrt/libscanrt.la -lstdc++ -lm
# bench-compact, the same way: its inscan loops compiled by GCC alone and
# through the plugin, its clause loops through the plugin.
bench_libcompact_gcc_a_SOURCES = bench/compact-gcc.c bench/compact-loop.h
bench_libcompact_gcc_a_CFLAGS = $(AM_CFLAGS) -O3 -fopenmp
bench_libcompact_scanomp_a_SOURCES = bench/compact-scanomp.c
bench_libcompact_scanomp_a_CFLAGS = $(EXAMPLE_CFLAGS) -O3
$(bench_libcompact_scanomp_a_OBJECTS): plugin/scanomp.la
bench_bench_compact_SOURCES = bench/bench-compact.c bench/measure.h
bench_bench_compact_CFLAGS = $(AM_CFLAGS) -O3 -fopenmp
bench_bench_compact_LDADD = bench/libcompact-scanomp.a \
	bench/libcompact-gcc.a libscanrt/libscanrt.la
# With gfortran, the same loop in Fortran, compiled both ways too; each
# object's function renamed after the way.
if HAVE_GFORTRAN
bench_bench_inscan_CPPFLAGS = -DINSCAN_FORTRAN
bench_bench_inscan_LDADD += bench/inscan-fortran-gcc.o \
	bench/inscan-fortran-scanomp.o -lgfortran
bench_bench_inscan_DEPENDENCIES = bench/inscan-fortran-gcc.o \
	bench/inscan-fortran-scanomp.o bench/libinscan-scanomp.a \
	bench/libinscan-gcc.a libscanrt/libscanrt.la
bench/inscan-fortran-gcc.o: $(srcdir)/bench/inscan-loop.f90
	$(AM_V_GEN)$(MKDIR_P) bench && \
	$(GFORTRAN) -O3 -fopenmp -c $(srcdir)/bench/inscan-loop.f90 -o $@.tmp && \
	objcopy --redefine-sym inscan_fortran=inscan_fortran_gcc $@.tmp $@ && \
	rm -f $@.tmp
bench/inscan-fortran-scanomp.o: $(srcdir)/bench/inscan-loop.f90 plugin/scanomp.la \
	scanomp-uninstalled.specs
	$(AM_V_GEN)$(MKDIR_P) bench && \
	$(GFORTRAN) -O3 -specs=$(abs_top_builddir)/scanomp-uninstalled.specs \
	  -c $(srcdir)/bench/inscan-loop.f90 -o $@.tmp && \
	objcopy --redefine-sym inscan_fortran=inscan_fortran_scanomp $@.tmp $@ && \
	rm -f $@.tmp
CLEANFILES += bench/inscan-fortran-gcc.o bench/inscan-fortran-scanomp.o
BENCH_INSCAN_FORTRAN = fortran-scanomp fortran-gcc
endif
EXTRA_DIST += bench/inscan-loop.f90
bench_bench_split_SOURCES = bench/bench-split.c bench/measure.h \
	bench/pair-op.h
bench_bench_split_CPPFLAGS = -I$(srcdir)/libscanrt
bench_bench_split_CFLAGS = $(AM_CFLAGS) -O2
bench_bench_split_LDADD = libscanrt/libscanrt.la
bench_bench_device_SOURCES = bench/bench-device.c bench/floor.h bench/measure.h \
	bench/pair-op.h
bench_bench_device_CPPFLAGS = -I$(srcdir)/libscanrt
bench_bench_device_CFLAGS = $(AM_CFLAGS) -O2
bench_bench_device_LDADD = libscanrt/libscanrt.la $(OPENCL_LIBS)
# bench-mpi, where libscanrt-mpi is built: `make bench-mpi'.
if HAVE_MPI
EXTRA_PROGRAMS += bench/bench-mpi
endif
bench_bench_mpi_SOURCES = bench/bench-mpi.c bench/measure.h
bench_bench_mpi_CPPFLAGS = -I$(srcdir)/libscanrt -I$(srcdir)/libscanrt/mpi
bench_bench_mpi_CFLAGS = $(AM_CFLAGS) -O2 $(MPI_CFLAGS)
bench_bench_mpi_LDADD = libscanrt/libscanrt-mpi.la libscanrt/libscanrt.la \
	$(MPI_LIBS)
CLEANFILES += bench/bench-mpi$(EXEEXT)

# `make bench-mpi': bench-mpi under mpirun on 1, 2 and 4 ranks, at 2^24,
# 2^26 and 2^28 elements in all, each rank with its share of the processors
# (OMP_NUM_THREADS; at least one); results appended to bench/mpi.tsv.
bench-mpi: bench/bench-mpi$(EXEEXT)
	$(MKDIR_P) bench
	rm -f bench/mpi.tsv
	root=`test "$$(id -u)" = 0 && echo --allow-run-as-root`; \
	cpus=`nproc`; \
	for p in 1 2 4; do \
	  t=$$((cpus / p)); test $$t -ge 1 || t=1; \
	  for k in 24 26 28; do \
	    OMP_NUM_THREADS=$$t mpirun $$root --oversubscribe -np $$p \
	      bench/bench-mpi$(EXEEXT) $$k bench/mpi.tsv || exit 1; \
	  done; \
	done
.PHONY: bench-mpi

CLEANFILES += bench/bench-scan$(EXEEXT) bench/bench-clause$(EXEEXT) \
	bench/bench-inscan$(EXEEXT) bench/bench-device$(EXEEXT) \
	bench/bench-host$(EXEEXT) bench/bench-data$(EXEEXT) \
	bench/bench-split$(EXEEXT) bench/bench-recurrence$(EXEEXT) \
	bench/bench-compact$(EXEEXT) $(EXTRA_LIBRARIES)
EXTRA_DIST += bench/plot.gp bench/bench-cub.cu bench/cub-compare.awk \
	bench/libs-table.awk \
	scripts/gpu-prepare scripts/gpu-run
BENCH_ENV = POCL_CACHE_DIR=$(abs_top_builddir)/pocl-cache \
	OMP_WAIT_POLICY=passive
bench: bench/bench-scan$(EXEEXT) bench/bench-clause$(EXEEXT) \
	bench/bench-inscan$(EXEEXT) bench/bench-host$(EXEEXT) \
	bench/bench-data$(EXEEXT) bench/bench-recurrence$(EXEEXT) \
	bench/bench-compact$(EXEEXT)
	$(MKDIR_P) bench
	POCL_CACHE_DIR=$(abs_top_builddir)/pocl-cache \
	  bench/bench-host$(EXEEXT) bench/host.tsv
	for i in 1 2 3; do bench/bench-host$(EXEEXT) --first 24; done
	$(BENCH_ENV) bench/bench-scan$(EXEEXT) bench/results.tsv
	-gnuplot -e "tsv='bench/results.tsv'; png='bench/results.png'" \
	  $(srcdir)/bench/plot.gp
	$(BENCH_ENV) SCANOMP_PROFILE=1 bench/bench-clause$(EXEEXT) \
	  bench/clause.tsv
	bench/bench-inscan$(EXEEXT) bench/inscan.tsv
	for m in scanomp gcc-inscan serial region $(BENCH_INSCAN_FORTRAN); do \
	  for i in 1 2 3; do bench/bench-inscan$(EXEEXT) --first $$m 20; done; \
	done
	POCL_CACHE_DIR=$(abs_top_builddir)/pocl-cache \
	  bench/bench-data$(EXEEXT) bench/data.tsv
	POCL_CACHE_DIR=$(abs_top_builddir)/pocl-cache \
	  bench/bench-recurrence$(EXEEXT) bench/recurrence.tsv
	for m in plain declared serial; do \
	  for i in 1 2 3; do bench/bench-recurrence$(EXEEXT) --first $$m 20; done; \
	done
	bench/bench-compact$(EXEEXT) bench/compact.tsv
.PHONY: bench

# `make bench-device': the kernel sets on the default device (a GPU where
# there is one) with the data resident, against copies on the device;
# 2^16 to 2^BENCH_DEVICE_LOG2N elements (28 suits a large GPU).  CUB's
# anchor needs nvcc: scripts/gpu-run device.
BENCH_DEVICE_LOG2N = 24
bench-device: bench/bench-device$(EXEEXT)
	$(MKDIR_P) bench
	$(BENCH_ENV) bench/bench-device$(EXEEXT) $(BENCH_DEVICE_LOG2N) \
	  bench/device.tsv
.PHONY: bench-device

# `make bench-split': one scan split across two devices (pocl asked for
# two CPU devices) against one of them, in the default OpenMP
# environment.
bench-split: bench/bench-split$(EXEEXT)
	$(MKDIR_P) bench
	POCL_CACHE_DIR=$(abs_top_builddir)/pocl-cache \
	  POCL_DEVICES="pthread pthread" \
	  bench/bench-split$(EXEEXT) 24 bench/split.tsv
.PHONY: bench-split

# `make bench-thesis': the thesis' Table 6.1 and Figure 6.1 on this
# machine; with SCANOMP_PROFILE=1 in the environment, the Figure 6.2
# breakdown of the clause versions too (timed runs go without it).
THESIS_SIZES = 524288 1048576
THESIS_REPS = 11
bench-thesis: $(THESIS_BINS)
	$(MKDIR_P) bench
	printf 'benchmark\tversion\tn\treps\tmedian_s\n' > bench/thesis.tsv
	for p in $(THESIS_BINS); do \
	  POCL_CACHE_DIR=$(abs_top_builddir)/pocl-cache SCANOMP_PROFILE= \
	    $$p --bench bench/thesis.tsv \
	    $(THESIS_REPS) $(THESIS_SIZES) || exit 1; \
	done
	awk -f $(srcdir)/bench/thesis-table.awk bench/thesis.tsv
	-gnuplot -e "tsv='bench/thesis.tsv'; png='bench/thesis.png'" \
	  $(srcdir)/bench/thesis.gp
	if test "$$SCANOMP_PROFILE" = 1; then \
	  for p in $(THESIS_BINS); do \
	    echo "$$p, (a) at 1048576 elements, $(THESIS_REPS) runs:"; \
	    $(BENCH_ENV) $$p --profile $(THESIS_REPS) 1048576 || exit 1; \
	  done; \
	fi
.PHONY: bench-thesis
EXTRA_DIST += bench/thesis-table.awk bench/thesis.gp
