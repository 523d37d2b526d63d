/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* settings.c: every environment variable libscanrt reads, in one table:
   what it takes, its range, and what a wrong value gets.  No other file
   calls getenv for them (the README's table and scanrt.7 document each
   name here, which a test checks).

   A setting is read where it is used, at each use, so that a program may
   change one between scans (the benchmarks do); the values a setting
   takes by default are the users', which pass them in, since most depend
   on the device or the scan.  A wrong value is said once a process, and
   the default used.  */

#include <errno.h>
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

static const struct
{
  const char *name;
  enum kind kind;
  size_t lo, hi;                /* NUMBER: its range; HI 0 the user's */
  int pow2;                     /* NUMBER: rounded down to a power of 2 */
  const char *const *words;     /* WORD: its values, in enum order */
  const char *otherwise;        /* WORD: what a wrong value gets */
} table[SCANRT_NSETTINGS] = {
  [SCANRT_SET_OFFLOAD] = { "OMP_TARGET_OFFLOAD", WORD, 0, 0, 0,
                           offload_words, "using DEFAULT" },
  [SCANRT_SET_DEVICE] = { "SCANOMP_DEVICE", TEXT, 0, 0, 0, NULL, NULL },
  [SCANRT_SET_OMP_DEVICE] = { "OMP_DEFAULT_DEVICE", TEXT, 0, 0, 0, NULL,
                              NULL },
  [SCANRT_SET_DEVICES] = { "SCANOMP_DEVICES", TEXT, 0, 0, 0, NULL, NULL },
  [SCANRT_SET_UNIFIED] = { "SCANOMP_UNIFIED", TEXT, 0, 0, 0, NULL, NULL },
  [SCANRT_SET_HOST] = { "SCANOMP_HOST", WORD, 0, 0, 0, host_words,
                        "scans outside target constructs run natively" },
  [SCANRT_SET_HOST_CUTOFF] = { "SCANOMP_HOST_CUTOFF", NUMBER, 0, SIZE_MAX,
                               0, NULL, NULL },
  [SCANRT_SET_MAX_BUFFER] = { "SCANOMP_MAX_BUFFER", NUMBER, 4096, 0, 0,
                              NULL, NULL },
  [SCANRT_SET_VARIANT] = { "SCANOMP_VARIANT", WORD, 0, 0, 0, variant_words,
                           "choosing by device type" },
  [SCANRT_SET_CPU_UNROLL] = { "SCANOMP_CPU_UNROLL", NUMBER, 1, 16, 0, NULL,
                              NULL },
  [SCANRT_SET_CPU_CHUNK] = { "SCANOMP_CPU_CHUNK", NUMBER, 1024,
                             (size_t) 1 << 28, 0, NULL, NULL },
  [SCANRT_SET_STREAM_BYTES] = { "SCANOMP_STREAM_BYTES", NUMBER, 0,
                                SIZE_MAX, 0, NULL, NULL },
  [SCANRT_SET_WG] = { "SCANOMP_WG", NUMBER, 1, 0, 1, NULL, NULL },
  [SCANRT_SET_ITEMS] = { "SCANOMP_ITEMS", NUMBER, 1, 64, 0, NULL, NULL },
  [SCANRT_SET_LOCAL_MEM] = { "SCANOMP_LOCAL_MEM", NUMBER, 0, SIZE_MAX, 0,
                             NULL, NULL },
  [SCANRT_SET_PTX] = { "SCANOMP_PTX", NUMBER, 0, SIZE_MAX, 0, NULL, NULL },
  [SCANRT_SET_CACHE] = { "SCANOMP_CACHE", NUMBER, 0, SIZE_MAX, 0, NULL,
                         NULL },
  [SCANRT_SET_CACHE_DIR] = { "SCANOMP_CACHE_DIR", TEXT, 0, 0, 0, NULL,
                             NULL },
  [SCANRT_SET_PROFILE] = { "SCANOMP_PROFILE", NUMBER, 0, SIZE_MAX, 0, NULL,
                           NULL },
  [SCANRT_SET_FAIL_RUNS] = { "SCANOMP_FAIL_RUNS", TEXT, 0, 0, 0, NULL,
                             NULL },
};

const char *
scanrt_setting_name (enum scanrt_setting s)
{
  return table[s].name;
}

const char *
scanrt_setting_text (enum scanrt_setting s)
{
  const char *v = getenv (table[s].name);
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
