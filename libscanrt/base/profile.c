/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* profile.c: SCANOMP_PROFILE=1 prints, when the process exits, where each
   call site's time went: building programs, moving data, running kernels,
   and the management around them (the split of the thesis' Figure 6.2).
   Calls that ran on the host are counted but not timed here.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base.h"

struct site
{
  struct site *next;
  const char *name;
  unsigned long calls, host_calls;
  struct scanrt_timing sum;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct site *sites;
static int enabled = -1;

double
scanrt_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
scanrt_profiling (void)
{
  pthread_mutex_lock (&lock);
  if (enabled < 0)
    enabled = scanrt_setting_size (SCANRT_SET_PROFILE, 0, 0, NULL) != 0;
  pthread_mutex_unlock (&lock);
  return enabled;
}

void
scanrt_profile_record (const char *name, const struct scanrt_timing *t)
{
  scanrt_profiling ();
  pthread_mutex_lock (&lock);
  struct site *s = NULL;
  if (enabled)
    {
      for (s = sites; s && strcmp (s->name, name); s = s->next)
        ;
      if (!s && (s = calloc (1, sizeof *s)) && (s->name = strdup (name)))
        {
          s->next = sites;
          sites = s;
        }
      else if (s && !s->name)
        {
          free (s);
          s = NULL;
        }
    }
  if (s)
    {
      s->calls++;
      if (t->on_host)
        s->host_calls++;
      else
        {
          s->sum.build += t->build;
          s->sum.transfer += t->transfer;
          s->sum.kernel += t->kernel;
          s->sum.total += t->total;
        }
    }
  pthread_mutex_unlock (&lock);
}

__attribute__ ((destructor)) static void
print_profile (void)
{
  if (enabled <= 0 || !sites)
    return;
  fprintf (stderr,
           "libscanrt: profile, seconds per call site (SCANOMP_PROFILE=1)\n"
           "libscanrt: %-24s %7s %7s %10s %10s %10s %10s %10s\n",
           "site", "calls", "on host", "build", "transfer", "kernel",
           "manage", "total");
  for (struct site *s = sites; s; s = s->next)
    {
      const struct scanrt_timing *t = &s->sum;
      double manage = t->total - t->build - t->transfer - t->kernel;
      fprintf (stderr,
               "libscanrt: %-24s %7lu %7lu %10.6f %10.6f %10.6f %10.6f "
               "%10.6f\n",
               s->name, s->calls, s->host_calls, t->build, t->transfer,
               t->kernel, manage > 0 ? manage : 0, t->total);
    }
}
