/* SPDX-License-Identifier: GPL-3.0-or-later */
/* outline.cc: how an analysed loop runs, chosen once: the kernels, where
   it translates to OpenCL C (opencl/), the host path's functions, where
   it has them (host/), or both; and the words -verbose says it with.

   Outside target constructs a loop that has the host path's functions
   runs on them, and its kernels serve SCANOMP_HOST=opencl; one that does
   not translate to OpenCL C runs on the host path alone.  Inside one it
   runs on the device, and falls back to the host path where it has the
   functions.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"

#include "lower/lower.h"
#include "opencl/opencl.h"
#include "host/host.h"

/* The element the kernel scans: the array's, a recurrence's pair, or
   for several arrays a struct of theirs, laid out as emit.cc's
   scanomp_multi.  */
static tree
element_type (const scan_loop *l)
{
  unsigned n = l->n;
  const scan_item *it = l->items;
  if (n == 1)
    return it->form != SCAN_FORM_PLAIN ? it->pair_type : it->type;
  auto_vec<tree> types, fields;
  auto_vec<const char *> names;
  for (unsigned k = 0; k < n; k++)
    {
      types.safe_push (it[k].type);
      names.safe_push (ggc_strdup (ACONCAT (("s", it[k].var_name, NULL))));
    }
  fields.safe_grow (n);
  return scanomp_record ("scanomp_multi", n, types.address (), names.address (),
                      fields.address ());
}

bool
scanomp_outline (scan_loop *l, scan_outline *o)
{
  o->seed_type = element_type (l);
  for (tree &fn : o->host)
    fn = NULL_TREE;
  /* Outside target constructs, the host path may take a loop that does
     not translate to OpenCL C: the translation is tried quietly, and
     says why it failed only where nothing takes the loop, or as a note
     under -verbose.  */
  bool host_first = scanomp_on_host (l);
  bool device_limits;
  o->source = scanomp_emit (l, host_first ? SCAN_REFUSAL_QUIET
                                             : SCAN_REFUSAL_REPORT,
                            &device_limits);
  bool host = ((o->source || (host_first && device_limits))
               && scanomp_host_functions (l, o->seed_type, o->host));
  /* The kernels gather late items per block, and libscanrt joins the
     blocks' through the host path's join function: without one, there
     are no kernels.  */
  for (unsigned k = 0; k < l->n && o->source && !o->host[5]; k++)
    if (l->items[k].late)
      {
        if (!host_first)
          error_at (l->items[k].late_at, "the loop may set %qs from the "
                    "scanned values, which its kernels find only through "
                    "a function compiled from the loop, and it could not "
                    "be; compute %qs in a loop of its own after this one",
                    l->items[k].var_name, l->items[k].var_name);
        free (o->source);
        o->source = NULL;
      }
  if (!o->source && host_first && (!host || scanomp_options.verbose))
    free (scanomp_emit (l, host ? SCAN_REFUSAL_HOST : SCAN_REFUSAL_REPORT,
                        &device_limits));
  return o->source || host;
}

const char *
scanomp_route (const scan_loop *l, const scan_outline *o)
{
  return scanomp_on_host (l) && o->host[0] ? "runs on the host path"
                                   : "runs as an OpenCL kernel";
}

char *
scanomp_route_detail (const scan_loop *l, const scan_outline *o,
                      const char *path)
{
  const char *kept = scanomp_on_host (l) && o->host[3]
                     ? ", keeping what each position contributes" : "";
  if (!o->source)
    return xasprintf ("%s; it has no OpenCL kernel", kept);
  const char *in = path ? ", source in " : "";
  if (scanomp_on_host (l) && o->host[0])
    return xasprintf ("%s; SCANOMP_HOST=opencl runs it as an OpenCL "
                      "kernel%s%s", kept, in, path ? path : "");
  return xasprintf ("%s%s", path ? "; kernel source in " : "",
                    path ? path : "");
}
