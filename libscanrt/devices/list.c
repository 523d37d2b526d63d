/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* list.c: lists of devices, as SCANOMP_DEVICES and scanrt_params.devices
   write them: `all', or device numbers, each with an optional weight
   (`0,1', `0:3,1:1').  A scan split across a list's devices (split.c),
   and data spread over them in pieces (pieces.c), give each device a
   share in proportion to its weight; weights not given are measured (each
   device's rate in its last block of a split scan), or, before every
   device has one, estimated from its compute units and clock.  */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "devices.h"

int
scanrt_device_list_parse (const char *spec, const char *what,
                          struct scanrt_device_list *s)
{
  int ndev = scanrt_num_devices ();
  const char *why = NULL;
  memset (s, 0, sizeof *s);
  if (!strcmp (spec, "all"))
    {
      while (s->count < (unsigned) ndev && s->count < SCANRT_MAX_SPLIT)
        s->devices[s->count] = (int) s->count, s->count++;
      return 1;
    }
  unsigned weighted = 0;
  for (const char *p = spec; !why;)
    {
      char *end;
      long d = strtol (p, &end, 10);
      double w = 0;
      if (end == p || d < 0)
        why = "a device number is missing";
      else if (d >= ndev)
        why = "a device does not exist";
      else if (*end == ':' && (w = strtod (end + 1, &end), !(w > 0)
                               || !isfinite (w)))
        why = "a weight is not a positive number";
      else if (s->count == SCANRT_MAX_SPLIT)
        why = "it names more than 16 devices";
      else if (*end && *end != ',')
        why = "devices are separated by commas";
      for (unsigned k = 0; k < s->count && !why; k++)
        if (s->devices[k] == d)
          why = "a device is named twice";
      if (why)
        break;
      s->devices[s->count] = (int) d;
      s->weights[s->count++] = w;
      weighted += w > 0;
      if (!*end)
        break;
      p = end + 1;
    }
  if (!why && weighted && weighted != s->count)
    why = "some devices have weights and some not";
  if (why)
    scanrt_report ("%s=%s: %s (there %s %d device%s); write `all', or "
                   "device numbers such as 0,1, or with weights 0:3,1:1",
                   what, spec, why, ndev == 1 ? "is" : "are", ndev,
                   ndev == 1 ? "" : "s");
  return !why;
}

void
scanrt_device_list_weigh (const struct scanrt_device_list *s, double *w,
                          int measured)
{
  for (unsigned k = 0; k < s->count; k++)
    {
      struct scanrt_device *dev = scanrt_device_info (s->devices[k]);
      __atomic_load (&dev->rate, &w[k], __ATOMIC_RELAXED);
      measured &= w[k] > 0;
    }
  for (unsigned k = 0; k < s->count; k++)
    if (s->weights[0] > 0)
      w[k] = s->weights[k];
    else if (!measured)
      {
        struct scanrt_device *dev = scanrt_device_info (s->devices[k]);
        w[k] = (double) (dev->compute_units ? dev->compute_units : 1)
               * (dev->clock_mhz ? dev->clock_mhz : 1);
      }
}

static struct scanrt_device_list env_list;
static int env_valid;
static pthread_once_t env_once = PTHREAD_ONCE_INIT;

static void
parse_env (void)
{
  env_valid = scanrt_device_list_parse (
    scanrt_setting_text (SCANRT_SET_DEVICES),
    scanrt_setting_name (SCANRT_SET_DEVICES), &env_list);
}

int
scanrt_device_list_env (struct scanrt_device_list *l)
{
  if (!scanrt_setting_text (SCANRT_SET_DEVICES))
    return 0;
  pthread_once (&env_once, parse_env);
  *l = env_list;
  return env_valid ? 1 : -1;
}
