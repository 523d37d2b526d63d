# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# testsuite/local.mk: the DejaGnu testsuite and the checks built on it
# (check-peer, check-gcc, check-ubsan, check-valgrind, fuzz,
# offload-notes); included by Makefile.am.

# The DejaGnu testsuite.  Runs use a build-local pocl kernel cache and
# scanomp program cache, so results do not depend on a warm cache.  Its
# parts run side by side (scripts/runtest-parts, in runtest's place):
# CHECK_JOBS=N runs N at a time (default: one more than the processors),
# CHECK_JOBS=1 runs runtest alone.
DEJATOOL = scanomp
RUNTEST = $(SHELL) $(abs_top_srcdir)/scripts/runtest-parts
# Automake's dejagnu option sets RUNTEST, and warns of a second setting.
AUTOMAKE_OPTIONS = -Wno-override
AM_RUNTESTFLAGS = --srcdir $(srcdir)/testsuite SCANOMP_BUILDDIR=$(abs_top_builddir) \
	SCANOMP_SRCDIR=$(abs_top_srcdir) CC="$(CC)" CXX="$(CXX)" \
	GFORTRAN="$(GFORTRAN)" GCC_MAJOR=$(GCC_MAJOR) \
	OPENCL_LIBS="$(OPENCL_LIBS)" SCANOMP_SANITIZER_FLAGS="$(SANITIZER_FLAGS)"
EXTRA_DIST += testsuite
CLEANFILES += scanomp.sum scanomp.log site.exp site.bak
clean-local:
	-rm -rf testsuite-tmp check-parts pocl-cache scanomp-cache gcc-11 \
	  gcc-12 gcc-13 gcc-14 gcc-15 gcc-16

# `make check-peer': only the suites written elsewhere, the scan tests
# and OpenMP diagnostics of the GCC that builds scanomp, from its Debian
# package gcc-N-source (testsuite/scanomp.peer; make check runs them
# too).
check-peer:
	$(MAKE) $(AM_MAKEFLAGS) check \
	  RUNTESTFLAGS="$(RUNTESTFLAGS) run.exp diagnostics.exp objects.exp"
.PHONY: check-peer

# `make check-gcc GCC=N': build and check a copy of this tree with GCC N
# (11 to 16) in a chroot of the Debian release that ships it
# (scripts/gcc-chroot, which needs root); RUNTESTFLAGS pass on, and the
# .sum and .log files come back to gcc-N/.
check-gcc:
	@test -n "$(GCC)" || { echo "make check-gcc GCC=N, N from 11 to 16"; exit 2; }
	RESULTS=$(abs_top_builddir) $(SHELL) $(srcdir)/scripts/gcc-chroot \
	  $(GCC) check RUNTESTFLAGS="$(RUNTESTFLAGS)"
.PHONY: check-gcc

# `make offload-notes': how the plugin takes each loop of the testsuite
# and the examples with this GCC, into offload-notes.log
# (scripts/offload-notes), to compare between GCCs.
offload-notes: plugin/scanomp.la
	CC="$(CC)" CXX="$(CXX)" $(SHELL) $(srcdir)/scripts/offload-notes \
	  $(abs_top_srcdir) $(abs_top_builddir) > offload-notes.log
.PHONY: offload-notes
CLEANFILES += offload-notes.log

# `make check-ubsan': the suites whose programs run (the API's, the
# clause's, inscan's and declare scan's), each test program built with
# -fsanitize=undefined and no recovery, so that undefined behaviour in a
# test's own reference loop, or in the code the plugin leaves on the host,
# fails the test.  GCC warns of maybe-uninitialized temporaries of its
# own OpenMP lowering under the sanitizer, which the tests do not judge.
check-ubsan:
	$(MAKE) $(AM_MAKEFLAGS) check \
	  RUNTESTFLAGS="$(RUNTESTFLAGS) api.exp clause.exp inscan.exp udr.exp SCANOMP_RUN_FLAGS='-fsanitize=undefined -fno-sanitize-recover=undefined -Wno-maybe-uninitialized'"
.PHONY: check-ubsan

# `make check-valgrind': the API's and the clause's prefix sums, each on
# the device path (SCANOMP_HOST_CUTOFF=0) under valgrind's memcheck, with
# full leak checking; valgrind.supp holds what it finds in glibc and pocl,
# each with its reason.  Not part of check: about 5 minutes.
EXTRA_DIST += valgrind.supp sanitizers/lsan.supp
VALGRIND = valgrind --error-exitcode=9 --leak-check=full \
	--show-leak-kinds=definite --errors-for-leak-kinds=definite \
	--num-callers=40 --suppressions=$(srcdir)/valgrind.supp
check-valgrind: examples/prefix-sum-api$(EXEEXT) examples/prefix-sum$(EXEEXT)
	for p in examples/prefix-sum-api$(EXEEXT) examples/prefix-sum$(EXEEXT); do \
	  echo "valgrind: $$p"; \
	  POCL_CACHE_DIR=$(abs_top_builddir)/pocl-cache SCANOMP_HOST_CUTOFF=0 \
	    SCANOMP_HOST=opencl \
	    $(LIBTOOL) --mode=execute $(VALGRIND) $$p 100000 1 || exit 1; \
	done
.PHONY: check-valgrind

# `make fuzz FUZZ_SEED=N FUZZ_CASES=LOOPS': a campaign of the differential
# fuzzer (testsuite/scanomp.fuzz), its counts in scanomp.sum.  make check
# runs seed 1 with 240 loops.
FUZZ_SEED = 1
FUZZ_CASES = 240
fuzz:
	$(MAKE) $(AM_MAKEFLAGS) check \
	  RUNTESTFLAGS="$(RUNTESTFLAGS) fuzz.exp FUZZ_SEED=$(FUZZ_SEED) FUZZ_CASES=$(FUZZ_CASES)"
.PHONY: fuzz
