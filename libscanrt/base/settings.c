/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* settings.c: every environment variable libscanrt reads, in one table:
   what it takes, its range, what a wrong value gets, what unset means
   and what it is for; and SCANOMP_DISPLAY_ENV, which prints them all.
   No other file calls getenv for them (the README's table and scanrt.7
   document each name here, which a test checks).

   A setting is read where it is used, at each use, so that a program may
   change one between scans (the benchmarks do); the values a setting
   takes by default are the users', which pass them in, since most depend
   on the device or the scan.  A wrong value is said once a process, and
   the default used.

   A scan reads a dozen settings, and getenv searches the environment by
   name each time (a microsecond a scan, measured).  What getenv found
   for every setting is kept instead while the environment's entries are
   the same strings: a fingerprint of `environ''s pointers, taken at
   each use, says so.  setenv, putenv and unsetenv change those pointers;
   a value changed in place, in a string that putenv placed, is read
   through the kept pointer and so seen too.  Within a call of the API
   or a loop's scan (SCANRT_SETTINGS_CALL), which changes no setting,
   the fingerprint is taken once, at the call's start, for its thread:
   taking it at each of the call's dozen reads cost some 3,000
   instructions a call.  */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base.h"

enum kind
{
  TEXT,                         /* read by its user: a name, a list */
  NUMBER,                       /* a size, or 0 / 1 */
  WORD                          /* one of WORDS */
};

static const char *const offload_words[] = { "DEFAULT", "MANDATORY",
                                             "DISABLED", NULL };
static const char *const host_words[] = { "native", "opencl", "off", NULL };
static const char *const variant_words[] = { "cpu", "gpu", "lookback",
                                             "thesis", NULL };
/* SCANOMP_DISPLAY_ENV's words, and their indices.  */
static const char *const display_words[] = { "false", "true", "verbose",
                                             "0", "1", NULL };
enum display
{
  DISPLAY_FALSE,
  DISPLAY_TRUE,
  DISPLAY_VERBOSE,
  DISPLAY_0,
  DISPLAY_1
};

/* Each setting: its name and kind; for a number its range (HI 0: the
   caller's, which may depend on the device) and whether it is rounded
   down to a power of 2; for a word its values and what a wrong one gets;
   and for SCANOMP_DISPLAY_ENV, what unset means and what it is for.  */
static const struct
{
  const char *name;
  enum kind kind;
  size_t lo, hi;                /* NUMBER: its range; HI 0 the user's */
  int pow2;                     /* NUMBER: rounded down to a power of 2 */
  const char *const *words;     /* WORD: its values, in enum order */
  const char *otherwise;        /* WORD: what a wrong value gets */
  const char *unset;            /* what it is where unset */
  const char *about;            /* what it sets */
} table[SCANRT_NSETTINGS] = {
  [SCANRT_SET_OFFLOAD] = { "OMP_TARGET_OFFLOAD", WORD, 0, 0, 0,
                           offload_words, "using DEFAULT", "DEFAULT",
                           "whether a scan may fall back to the host" },
  [SCANRT_SET_DEVICE] = { "SCANOMP_DEVICE", TEXT, 0, 0, 0, NULL, NULL,
                          "OMP_DEFAULT_DEVICE's",
                          "the default device: a number, cpu, gpu or "
                          "host" },
  [SCANRT_SET_OMP_DEVICE] = { "OMP_DEFAULT_DEVICE", TEXT, 0, 0, 0, NULL,
                              NULL, "the first GPU, else device 0",
                              "the default device, after SCANOMP_DEVICE" },
  [SCANRT_SET_DEVICES] = { "SCANOMP_DEVICES", TEXT, 0, 0, 0, NULL, NULL,
                           "the default device alone",
                           "the devices a target scan is split across" },
  [SCANRT_SET_UNIFIED] = { "SCANOMP_UNIFIED", TEXT, 0, 0, 0, NULL, NULL,
                           "as each device says",
                           "0: treat shared-memory devices as discrete" },
  [SCANRT_SET_HOST] = { "SCANOMP_HOST", WORD, 0, 0, 0, host_words,
                        "scans outside target constructs run natively",
                        "native", "where scans outside target run: "
                        "native, opencl or off" },
  [SCANRT_SET_HOST_CUTOFF] = { "SCANOMP_HOST_CUTOFF", NUMBER, 0, SIZE_MAX,
                               0, NULL, NULL, "by path and type",
                               "shorter scans run on the calling thread" },
  [SCANRT_SET_MAX_BUFFER] = { "SCANOMP_MAX_BUFFER", NUMBER, 4096, 0, 0,
                              NULL, NULL, "the device's largest",
                              "bytes of the largest device buffer" },
  [SCANRT_SET_VARIANT] = { "SCANOMP_VARIANT", WORD, 0, 0, 0, variant_words,
                           "choosing by device type", "by device type",
                           "kernel set: cpu, gpu, lookback or thesis" },
  [SCANRT_SET_CPU_UNROLL] = { "SCANOMP_CPU_UNROLL", NUMBER, 1, 16, 0, NULL,
                              NULL, "by the tuning table",
                              "the CPU kernel set's unrolling" },
  [SCANRT_SET_CPU_CHUNK] = { "SCANOMP_CPU_CHUNK", NUMBER, 1024,
                             (size_t) 1 << 28, 0, NULL, NULL,
                             "by the tuning table",
                             "elements a CPU work-item scans" },
  [SCANRT_SET_STREAM_BYTES] = { "SCANOMP_STREAM_BYTES", NUMBER, 0,
                                SIZE_MAX, 0, NULL, NULL,
                                "half the device's cache",
                                "outputs larger stream past the cache" },
  [SCANRT_SET_WG] = { "SCANOMP_WG", NUMBER, 1, 0, 1, NULL, NULL,
                      "by the tuning table", "work-group size of the GPU "
                      "kernel sets" },
  [SCANRT_SET_ITEMS] = { "SCANOMP_ITEMS", NUMBER, 1, 64, 0, NULL, NULL,
                         "by the tuning table", "elements per work-item of "
                         "the GPU kernel sets" },
  [SCANRT_SET_LOCAL_MEM] = { "SCANOMP_LOCAL_MEM", NUMBER, 0, SIZE_MAX, 0,
                             NULL, NULL, "the device's",
                             "bytes of local memory assumed" },
  [SCANRT_SET_PTX] = { "SCANOMP_PTX", NUMBER, 0, SIZE_MAX, 0, NULL, NULL,
                       "1", "0: no inline PTX on NVIDIA's OpenCL" },
  [SCANRT_SET_WALK] = { "SCANOMP_WALK", NUMBER, 0, 1, 0, NULL, NULL,
                        "1 on CPU devices, else 0", "1: a look-back walked "
                        "by one work-item; 0: a window at once" },
  [SCANRT_SET_CACHE] = { "SCANOMP_CACHE", NUMBER, 0, SIZE_MAX, 0, NULL,
                         NULL, "1", "0: no program binary cache" },
  [SCANRT_SET_CACHE_DIR] = { "SCANOMP_CACHE_DIR", TEXT, 0, 0, 0, NULL,
                             NULL, "$XDG_CACHE_HOME/scanomp",
                             "where program binaries are kept" },
  [SCANRT_SET_PROFILE] = { "SCANOMP_PROFILE", NUMBER, 0, SIZE_MAX, 0, NULL,
                           NULL, "0", "1: time per call site, at exit" },
  [SCANRT_SET_FAIL_RUNS] = { "SCANOMP_FAIL_RUNS", TEXT, 0, 0, 0, NULL,
                             NULL, "none", "for tests: device runs that "
                             "fail, by number" },
  [SCANRT_SET_DISPLAY_ENV] = { "SCANOMP_DISPLAY_ENV", WORD, 0, 0, 0,
                               display_words, "printing nothing", "false",
                               "print these settings at start-up: true "
                               "or verbose" },
  [SCANRT_SET_REPRODUCIBLE] = { "SCANOMP_REPRODUCIBLE", NUMBER, 0, 1, 0,
                                NULL, NULL, "0", "1: float and double sums "
                                "the same whatever the threads and "
                                "devices" },
};

const char *
scanrt_setting_name (enum scanrt_setting s)
{
  return table[s].name;
}

extern char **environ;

/* What getenv found for each setting, in the environment whose
   fingerprint is FOUND_PRINT, where FOUND_VALID.  */
static pthread_mutex_t found_lock = PTHREAD_MUTEX_INITIALIZER;
static const char *found[SCANRT_NSETTINGS];
static uint64_t found_print;
static int found_valid;

/* The fingerprint of the environment's entries: where the array is, how
   many strings it holds, and the sum and the exclusive or of their
   addresses, two chains that do not wait on each other (a multiplying
   hash of each address cost as much as getenv, a dozen times a scan).
   Changing one entry changes the sum.  */
static uint64_t
environment_print (void)
{
  uint64_t sum = 0, bits = 0, count = 0;
  for (char **e = environ; e && *e; e++)
    {
      sum += (uintptr_t) *e;
      bits ^= (uintptr_t) *e;
      count++;
    }
  return (sum ^ (uintptr_t) environ) * 0x9e3779b97f4a7c15ull
         ^ (bits << 17 | bits >> 47) ^ count << 56;
}

/* The calls this thread is within (SCANRT_SETTINGS_CALL), whose first
   took the fingerprint.  */
static __thread int calls;

/* Take the fingerprint, and where the environment changed, what getenv
   finds.  Call with found_lock held.  */
static void
refresh (void)
{
  uint64_t print = environment_print ();
  if (!found_valid || print != found_print)
    {
      for (int k = 0; k < SCANRT_NSETTINGS; k++)
        found[k] = getenv (table[k].name);
      found_print = print;
      found_valid = 1;
    }
}

int
scanrt_settings_enter (void)
{
  if (calls++ == 0)
    {
      pthread_mutex_lock (&found_lock);
      refresh ();
      pthread_mutex_unlock (&found_lock);
    }
  return calls;
}

void
scanrt_settings_leave (int *depth)
{
  (void) depth;
  calls--;
}

const char *
scanrt_setting_text (enum scanrt_setting s)
{
  pthread_mutex_lock (&found_lock);
  if (!calls)
    refresh ();
  const char *v = found[s];
  pthread_mutex_unlock (&found_lock);
  return v && *v ? v : NULL;
}

size_t
scanrt_setting_size (enum scanrt_setting s, size_t deflt, size_t hi,
                     int *given)
{
  const char *name = table[s].name, *text = scanrt_setting_text (s);
  if (given)
    *given = 0;
  if (!text)
    return deflt;
  char *end;
  errno = 0;
  unsigned long long v = strtoull (text, &end, 0);
  if (errno || *end || text[0] == '-' || v > SIZE_MAX)
    {
      if (scanrt_first_report (name, text))
        scanrt_report ("%s=%s is not a number; using %zu", name, text,
                       deflt);
      return deflt;
    }
  if (table[s].hi)
    hi = table[s].hi;
  size_t lo = table[s].lo, kept = v < lo ? lo : v > hi ? hi : (size_t) v;
  while (table[s].pow2 && (kept & (kept - 1)))
    kept &= kept - 1;
  if (kept != v && scanrt_first_report (name, "range"))
    scanrt_report ("%s=%llu is not %s from %zu to %zu; using %zu", name, v,
                   table[s].pow2 ? "a power of two" : "a size", lo, hi,
                   kept);
  if (given)
    *given = v != 0;
  return kept;
}

int
scanrt_setting_word (enum scanrt_setting s, int deflt)
{
  const char *name = table[s].name, *text = scanrt_setting_text (s);
  const char *const *words = table[s].words;
  if (!text)
    return deflt;
  for (int k = 0; words[k]; k++)
    if (!strcasecmp (text, words[k]))
      return k;
  if (scanrt_first_report (name, text))
    {
      char list[128] = "";
      for (int k = 0; words[k]; k++)
        snprintf (list + strlen (list), sizeof list - strlen (list), "%s%s",
                  !k ? "" : words[k + 1] ? ", " : " or ", words[k]);
      scanrt_report ("%s=%s is not %s; %s", name, text, list,
                     table[s].otherwise);
    }
  return deflt;
}

/* SCANOMP_DISPLAY_ENV, as libgomp's OMP_DISPLAY_ENV: at start-up, every
   setting and its value in force, to stderr, between a first and a last
   line; verbose adds what each is for.  A setting the table leaves to
   the scan (a tile shape by device, say) shows what unset means.  */
__attribute__ ((constructor)) static void
display_settings (void)
{
  int how = scanrt_setting_word (SCANRT_SET_DISPLAY_ENV, DISPLAY_FALSE);
  if (how == DISPLAY_FALSE || how == DISPLAY_0)
    return;
  fprintf (stderr, "SCANOMP DISPLAY ENVIRONMENT BEGIN\n"
           "  _SCANOMP_VERSION = '%s'\n", SCANRT_VERSION);
  for (int s = 0; s < SCANRT_NSETTINGS; s++)
    {
      const char *text = scanrt_setting_text (s);
      if (text)
        fprintf (stderr, "  %s = '%s'", table[s].name, text);
      else
        fprintf (stderr, "  %s unset: %s", table[s].name, table[s].unset);
      if (how == DISPLAY_VERBOSE)
        fprintf (stderr, "  (%s)", table[s].about);
      fputc ('\n', stderr);
    }
  fputs ("SCANOMP DISPLAY ENVIRONMENT END\n", stderr);
}
