/* scanomp.cc: the scanomp GCC plugin.  It will add the OpenMP clause
   `scan(op: list)' and outline the loops that carry it into OpenCL kernels
   run by libscanrt.  For now it checks that it was built for the GCC that
   loads it and answers its options.

   Options:
     -fplugin-arg-scanomp-help      print the options and exit
     -fplugin-arg-scanomp-verbose   a note for each offloaded loop

   Example:
     gcc -fopenmp -fplugin=scanomp.so prog.c -lscanrt  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "diagnostic-core.h"

int plugin_is_GPL_compatible;

static struct plugin_info scanomp_info = {
  "0.1.0",
  "scanomp: #pragma omp parallel for scan(op: list) on OpenCL devices\n"
  "  -fplugin-arg-scanomp-help      print this help\n"
  "  -fplugin-arg-scanomp-verbose   a note for each offloaded loop\n"
};

static bool verbose;

int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      error ("scanomp: this plugin was built for GCC %s, not GCC %s; "
             "rebuild scanomp with this compiler",
             gcc_version.basever, version->basever);
      return 1;
    }

  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key;
      if (!strcmp (key, "help"))
        {
          fputs (scanomp_info.help, stdout);
          exit (0);
        }
      else if (!strcmp (key, "verbose"))
        verbose = true;
      else
        {
          error ("scanomp: unknown option %<-fplugin-arg-scanomp-%s%>; "
                 "%<-fplugin-arg-scanomp-help%> lists the options", key);
          return 1;
        }
    }

  register_callback (info->base_name, PLUGIN_INFO, NULL, &scanomp_info);
  return 0;
}
