# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# examples/local.mk: the examples, the thesis' evaluation programs and the
# demo; included by Makefile.am.

# Examples, built with the uninstalled tree: the clause ones through the
# plugin, so their objects wait for it.
EXAMPLE_CPPFLAGS = -I$(srcdir)/libscanrt
EXAMPLE_CFLAGS = $(AM_CFLAGS) -O2 -fopenmp \
	-fplugin=$(abs_top_builddir)/plugin/.libs/scanomp.so
EXAMPLE_LIBS = libscanrt/libscanrt.la
CLAUSE_EXAMPLES = examples/prefix-sum examples/stream-compaction \
	examples/radix-sort examples/fibonacci-cxx examples/linear-recurrence \
	examples/segmented-sum
noinst_PROGRAMS = examples/prefix-sum-api $(CLAUSE_EXAMPLES)
examples_prefix_sum_api_SOURCES = examples/prefix-sum-api.c
examples_prefix_sum_api_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_prefix_sum_api_LDADD = $(EXAMPLE_LIBS)
examples_prefix_sum_SOURCES = examples/prefix-sum.c
examples_prefix_sum_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_prefix_sum_CFLAGS = $(EXAMPLE_CFLAGS)
examples_prefix_sum_LDADD = $(EXAMPLE_LIBS)
examples_stream_compaction_SOURCES = examples/stream-compaction.c
examples_stream_compaction_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_stream_compaction_CFLAGS = $(EXAMPLE_CFLAGS)
examples_stream_compaction_LDADD = $(EXAMPLE_LIBS)
examples_radix_sort_SOURCES = examples/radix-sort.c
examples_radix_sort_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_radix_sort_CFLAGS = $(EXAMPLE_CFLAGS)
examples_radix_sort_LDADD = $(EXAMPLE_LIBS)
examples_fibonacci_cxx_SOURCES = examples/fibonacci.cc
examples_fibonacci_cxx_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_fibonacci_cxx_CXXFLAGS = -O2 -fopenmp $(SANITIZER_FLAGS) \
	-fplugin=$(abs_top_builddir)/plugin/.libs/scanomp.so
examples_fibonacci_cxx_LDADD = $(EXAMPLE_LIBS)
examples_linear_recurrence_SOURCES = examples/linear-recurrence.c
examples_linear_recurrence_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_linear_recurrence_CFLAGS = $(EXAMPLE_CFLAGS)
examples_linear_recurrence_LDADD = $(EXAMPLE_LIBS) -lm
examples_segmented_sum_SOURCES = examples/segmented-sum.c
examples_segmented_sum_CPPFLAGS = $(EXAMPLE_CPPFLAGS)
examples_segmented_sum_CFLAGS = $(EXAMPLE_CFLAGS)
examples_segmented_sum_LDADD = $(EXAMPLE_LIBS)
$(examples_prefix_sum_OBJECTS) $(examples_stream_compaction_OBJECTS) \
$(examples_radix_sort_OBJECTS) $(examples_fibonacci_cxx_OBJECTS) \
$(examples_linear_recurrence_OBJECTS) $(examples_segmented_sum_OBJECTS): \
plugin/scanomp.la

# The thesis' evaluation (examples/thesis/thesis.h): each program in three
# versions, version (b) against the OpenCL API with the kernels of
# templates/scan-blelloch.cl, read from the source tree at run time.
THESIS_BINS = examples/thesis/stream-compaction \
	examples/thesis/equal-span examples/thesis/polynomial \
	examples/thesis/fibonacci examples/thesis/random-weighted \
	examples/thesis/tree-accumulate examples/thesis/bigint-add \
	examples/thesis/three-parts examples/thesis/two-windows \
	examples/thesis/max-mod examples/thesis/max-ranges \
	examples/thesis/prime-runs examples/thesis/radix-sort
noinst_PROGRAMS += $(THESIS_BINS)
noinst_LIBRARIES = examples/thesis/libblelloch.a
examples_thesis_libblelloch_a_SOURCES = examples/thesis/blelloch.c \
	examples/thesis/blelloch.h
examples_thesis_libblelloch_a_CPPFLAGS = \
	-DTHESIS_TEMPLATES='"$(abs_top_srcdir)/templates"'
THESIS_CFLAGS = $(EXAMPLE_CFLAGS) -O3
THESIS_LIBS = examples/thesis/libblelloch.a $(EXAMPLE_LIBS) $(OPENCL_LIBS)
EXTRA_DIST += examples/thesis/thesis.h examples/thesis/prefix-sums.h
examples_thesis_stream_compaction_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_stream_compaction_LDADD = $(THESIS_LIBS)
examples_thesis_equal_span_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_equal_span_LDADD = $(THESIS_LIBS)
examples_thesis_polynomial_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_polynomial_LDADD = $(THESIS_LIBS)
examples_thesis_fibonacci_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_fibonacci_LDADD = $(THESIS_LIBS)
examples_thesis_random_weighted_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_random_weighted_LDADD = $(THESIS_LIBS)
examples_thesis_tree_accumulate_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_tree_accumulate_LDADD = $(THESIS_LIBS)
examples_thesis_bigint_add_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_bigint_add_LDADD = $(THESIS_LIBS)
examples_thesis_three_parts_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_three_parts_LDADD = $(THESIS_LIBS)
examples_thesis_two_windows_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_two_windows_LDADD = $(THESIS_LIBS)
examples_thesis_max_mod_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_max_mod_LDADD = $(THESIS_LIBS)
examples_thesis_max_ranges_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_max_ranges_LDADD = $(THESIS_LIBS)
examples_thesis_prime_runs_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_prime_runs_LDADD = $(THESIS_LIBS)
examples_thesis_radix_sort_CFLAGS = $(THESIS_CFLAGS)
examples_thesis_radix_sort_LDADD = $(THESIS_LIBS)
$(examples_thesis_stream_compaction_OBJECTS) \
$(examples_thesis_equal_span_OBJECTS) \
$(examples_thesis_polynomial_OBJECTS) \
$(examples_thesis_fibonacci_OBJECTS) \
$(examples_thesis_random_weighted_OBJECTS) \
$(examples_thesis_tree_accumulate_OBJECTS) \
$(examples_thesis_bigint_add_OBJECTS) \
$(examples_thesis_three_parts_OBJECTS) \
$(examples_thesis_two_windows_OBJECTS) \
$(examples_thesis_max_mod_OBJECTS) $(examples_thesis_max_ranges_OBJECTS) \
$(examples_thesis_prime_runs_OBJECTS) \
$(examples_thesis_radix_sort_OBJECTS): plugin/scanomp.la

# The main demo: the README's first command runs it.
demo: examples/prefix-sum$(EXEEXT)
	POCL_CACHE_DIR=$(abs_top_builddir)/pocl-cache \
	  examples/prefix-sum$(EXEEXT)
.PHONY: demo


# The scan across MPI ranks (docs/scale-out.md), built and run by the
# testsuite with mpicc and mpirun.
EXTRA_DIST += examples/mpi-prefix-sum.c examples/bucket-offsets.f90
