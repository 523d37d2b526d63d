# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# plugin/local.mk: scanomp.so, the GCC plugin, and its installation into
# GCC's directories; included by Makefile.am.

# scanomp.so, the GCC plugin.
plugin_LTLIBRARIES = plugin/scanomp.la
plugin_scanomp_la_SOURCES = plugin/scanomp.cc \
	plugin/base/gcc-compat.h plugin/base/loop.h plugin/base/util.h \
	plugin/base/util.cc \
	plugin/read/read.h plugin/read/clause.cc plugin/read/init.cc \
	plugin/read/teams.cc \
	plugin/analyze/analyze.h plugin/analyze/reader.h \
	plugin/analyze/analyze.cc plugin/analyze/construct.cc \
	plugin/analyze/reader.cc plugin/analyze/access.cc \
	plugin/analyze/update.cc plugin/analyze/udr.cc \
	plugin/analyze/linear.cc plugin/analyze/recurrence.cc \
	plugin/analyze/stores.cc \
	plugin/analyze/values.cc \
	plugin/analyze/copies.cc plugin/analyze/inscan.cc plugin/analyze/init.cc \
	plugin/analyze/teams.cc \
	plugin/rewrite/rewrite.h plugin/rewrite/inline.cc \
	plugin/rewrite/bitwise.cc \
	plugin/rewrite/fields.cc plugin/rewrite/forward.cc \
	plugin/rewrite/sanitizer.cc plugin/rewrite/stores.cc \
	plugin/rewrite/index.cc \
	plugin/diagnose/diagnose.h plugin/diagnose/race.cc \
	plugin/diagnose/phases.cc \
	plugin/opencl/opencl.h plugin/opencl/emit.h plugin/opencl/emit.cc \
	plugin/opencl/translate.cc plugin/opencl/functions.cc \
	plugin/opencl/types.cc \
	plugin/host/host.h plugin/host/build.h plugin/host/host.cc \
	plugin/host/copy.cc plugin/host/forms.cc plugin/host/function.cc \
	plugin/lower/lower.h plugin/lower/lowering.h plugin/lower/outline.cc \
	plugin/lower/lower.cc plugin/lower/call.cc plugin/lower/desc.cc \
	plugin/lower/data.cc plugin/lower/depend.cc
plugin_scanomp_la_CPPFLAGS = $(GCC_PLUGIN_CPPFLAGS) -I$(srcdir)/plugin \
	-I$(srcdir)/libscanrt
# Hidden by default: the plugin runs in cc1's process, whose own names it
# must neither take nor lend; scanomp.cc makes visible the two GCC loads.
plugin_scanomp_la_CXXFLAGS = -fno-rtti -Wall -fvisibility=hidden
plugin_scanomp_la_LDFLAGS = -module -avoid-version -shared
# GCC loads scanomp.so by path; libtool's .la file serves nothing.  (The
# plugin goes in with the data: plugindir's name does not say exec.)
install-data-hook:
	rm -f $(DESTDIR)$(plugindir)/scanomp.la
uninstall-hook:
	rm -f $(DESTDIR)$(plugindir)/scanomp.so
	for f in $(GCC_PLUGIN_DIR)/scanomp.so $(GCC_PLUGIN_DIR)/../scanomp.specs; do \
	  if test -h $(DESTDIR)$$f; then rm -f $(DESTDIR)$$f; fi; \
	done
	-rmdir $(DESTDIR)$(plugindir) $(DESTDIR)$(pkgdatadir) \
	  $(DESTDIR)$(cmakedir) \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-28-h200 \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-h200 \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-repro-onepass \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-29-recurrence \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-29-compact-target \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-mps-target \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-repro \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-repro-clause \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-repro-chain \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-per-call \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-mpi \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-mpi-repro \
	  $(DESTDIR)$(docdir)/docs/measured/2026-11-30-per-call-2 \
	  $(DESTDIR)$(docdir)/docs/measured $(DESTDIR)$(docdir)/docs \
	  $(DESTDIR)$(docdir)/LICENSES $(DESTDIR)$(docdir) 2>/dev/null

# `make install-gcc-plugin': make install, then relative links to the
# plugin in GCC's plugin directory and to scanomp.specs in GCC's own
# directory, where `gcc -fplugin=scanomp' and `gcc -specs=scanomp.specs'
# find them.  make uninstall removes them.
install-gcc-plugin: install
	$(MKDIR_P) $(DESTDIR)$(GCC_PLUGIN_DIR)
	cd $(DESTDIR)$(GCC_PLUGIN_DIR) && ln -sf \
	  `realpath -m --relative-to=$(GCC_PLUGIN_DIR) $(plugindir)/scanomp.so` \
	  scanomp.so
	cd $(DESTDIR)$(GCC_PLUGIN_DIR)/.. && ln -sf \
	  `realpath -m --relative-to=$(GCC_PLUGIN_DIR)/.. $(pkgdatadir)/scanomp.specs` \
	  scanomp.specs
.PHONY: install-gcc-plugin
