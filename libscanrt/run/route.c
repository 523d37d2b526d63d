/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* route.c: where a scan runs, decided here alone, once a scan, and run
   there.

   A loop the plugin compiled outside any target construct, or in one
   whose if() is false, runs on the host path (host.c): the program's own
   OpenMP threads, or the calling thread alone below the host path's
   cutoff.  SCANOMP_HOST=opencl sends it to a CPU device instead, as a
   target loop but whatever its size (no device cutoff), unless its
   arrays lie in data mapped on a device, whose copy it must not see: the
   host's is the loop's; SCANOMP_HOST=off leaves it to the caller, which
   runs the loop as written.

   A call of the API takes the host path too, where it may fall back to
   the host, names no device, and works on no data mapped on one: its
   default device would not win, since a device with memory of its own
   spends more time copying the arrays in and out than the host's threads
   take to scan them (on the H100 machine, 0.233 s of 0.244 s for 2^28
   ints), and a CPU device runs on the host's own cores.  Naming a device
   (scanrt_params.device) sends a call there.  SCANOMP_HOST=opencl sends
   every call to its device, where the device cutoff still keeps small
   ones on the host; SCANOMP_HOST=off computes each on the calling
   thread.

   A target loop, and a call of the API that does not stay on the host,
   go to their device:
   - OMP_TARGET_OFFLOAD=DISABLED, the host device number, or no OpenCL
     device at all: on the host, quietly; a device that does not exist:
     on the host, said;
   - fewer positions than the device cutoff, with no array mapped on the
     device: on the host, where a device cannot win;
   - several devices named by scanrt_params.devices, or SCANOMP_DEVICES
     for the default device, or data mapped in pieces across devices:
     split across them (split.c);
   - arrays larger than the device's largest buffer: in segments
     (segments.c);
   - else one launch on the device (launch.c).  Where it fails, the reason
     is said and the scan runs on the host.
   On the host means the host path for a loop that has one, else the
   caller's own sequential loop; for the API, its host scan.  A call that
   asks for its total alone (SCANRT_TOTAL_ONLY) goes the same way, never
   split across devices; on the host the API folds it itself.

   Under OMP_TARGET_OFFLOAD=MANDATORY, or with SCANRT_NO_HOST, a scan on
   a device never falls back: every case above but success fails.

   Before all of that, a loop that reads an array after a store
   (SCANRT_READS_AFTER_STORE) called with the two overlapping runs as
   the caller's sequential loop, the only way its read sees the store
   (stored_then_read); and an inscan loop whose input phase stores an
   array (SCANRT_ARRAY_STORED_TWICE) that overlaps another, or gathers
   from an array (SCANRT_ARRAY_GATHERED) that overlaps one it stores,
   runs as GCC's code, or inside target as the sequential loop
   (stored_twice, gathered_stored).  */

#include <stdio.h>
#include <string.h>

#include "run.h"

/* The cutoffs: the fewest positions of a scan that leave the calling
   thread.  SCANOMP_HOST_CUTOFF sets both.

   On the host path, a team wins from 128 KiB of scan elements (2^15
   ints, 2^14 doubles): the break-even of a `+' scan on 2 cores, the
   clause's loop run alone and by the team alternately in one process
   (medians of 31 rounds, two runs): the team took 1.00 and 0.93 times as
   long as the thread alone at 2^14 doubles, 0.86 and 0.89 at 2^15 ints,
   0.87 and 0.89 at 2^14 floats, and 0.73 to 0.89 for each type at 2^15.
   A loop whose positions cost more (SCANRT_COSTLY: a sine each) wins
   from 2^10 positions: with the team at every size, `y[i] = y[i-1] +
   (int) (8 * sin (x[i] * 0.01))' ran 0.83, 1.08 and 1.34 times as fast
   as the serial loop at 2^8, 2^10 and 2^12, and an inscan loop adding
   exp (x[i]) * sin (x[i]), its values kept, 0.64, 1.47 and 1.86.

   For a device, measured on pocl 3.1 with 2 cores: a device scan costs
   some 35 us plus 0.2 to 0.4 ns an element; the host loop 0.3 ns an int
   (so it wins up to about 2^20 elements) but 0.8 ns a double, whose adds
   wait on each other (the device wins from about 2^17).  User-defined
   combiners are slower still on the host.  */
#define TEAM_CUTOFF_BYTES ((size_t) 128 * 1024)
#define TEAM_CUTOFF_COSTLY ((size_t) 1 << 10)
#define DEVICE_CUTOFF_INTEGER ((size_t) 1 << 20)
#define DEVICE_CUTOFF_OTHER ((size_t) 1 << 17)

static size_t
team_cutoff (const struct SCANRT_desc *d)
{
  size_t positions = TEAM_CUTOFF_BYTES / (d->elem_size + !d->elem_size);
  if ((d->flags & SCANRT_COSTLY) && positions > TEAM_CUTOFF_COSTLY)
    positions = TEAM_CUTOFF_COSTLY;
  return scanrt_setting_size (SCANRT_SET_HOST_CUTOFF, positions, 0, NULL);
}

static size_t
device_cutoff (const struct SCANRT_desc *d)
{
  int integer = d->type < SCANRT_NTYPES && d->type != SCANRT_FLOAT
                && d->type != SCANRT_DOUBLE;
  return scanrt_setting_size (SCANRT_SET_HOST_CUTOFF,
                              integer ? DEVICE_CUTOFF_INTEGER
                                      : DEVICE_CUTOFF_OTHER, 0, NULL);
}

/* SCANOMP_HOST's values, in the settings table's order.  */
enum host_way
{
  HOST_NATIVE,                  /* the host path, the default */
  HOST_OPENCL,                  /* a CPU device, as target scans */
  HOST_OFF                      /* the loop as the program wrote it */
};

/* The devices R is to be split across, in L: its params', else
   SCANOMP_DEVICES where R is for the default device and that is not the
   host.  Returns 1; 0 for none; -1 for an invalid list in R's params
   (said).  */
static int
devices_of (const struct scanrt_request *r, struct scanrt_device_list *l)
{
  const char *spec = r->params ? r->params->devices : NULL;
  if (spec && *spec)
    return scanrt_device_list_parse (spec, "scanrt_params.devices", l) ? 1
                                                                        : -1;
  if (r->device != SCANRT_DEFAULT_DEVICE
      || scanrt_default_device () >= scanrt_num_devices ())
    return 0;
  return scanrt_device_list_env (l) > 0;
}

/* Why R, for DEVICE (-1: a name that MANDATORY leaves with none, said),
   does not run there: SCANRT_HOST, or a negative status where STRICT
   forbids the host; SCANRT_OK where it runs there.  CHOSEN: the user
   sent it there with SCANOMP_HOST=opencl, whatever its size.  */
static int
not_there (const struct scanrt_request *r, int device, int strict,
           int chosen)
{
  const scanrt_params *p = r->params;
  int no_host = p && (p->flags & SCANRT_NO_HOST);
  enum scanrt_offload policy = scanrt_offload_policy ();
  const char *site = r->site;
  int ndev = scanrt_num_devices ();
  if (device == -1)
    return SCANRT_ENODEV;
  /* OpenMP runs every device construct on the host, whatever its
     device.  */
  if (policy == SCANRT_OFFLOAD_DISABLED && !no_host)
    return SCANRT_HOST;
  if (device < 0 || device > ndev)
    {
      /* As OpenMP replaces a device that does not exist with the host;
         said once a call site and device.  */
      char key[256];
      snprintf (key, sizeof key, "%s:%d", site, device);
      char which[48] = "a negative device number names no device";
      if (device > ndev)
        snprintf (which, sizeof which, "device %d does not exist", device);
      if (strict || scanrt_first_report ("no such device", key))
        scanrt_report ("%s: %s: devices are 0 to %d, and %d is the host%s",
                       site, which, ndev - 1, ndev,
                       strict ? "" : "; running on the host");
      return strict ? SCANRT_ENODEV : SCANRT_HOST;
    }
  if (device == ndev)
    {
      /* The host: chosen by number, which even MANDATORY allows when
         there are devices to choose from, or the only device left.  */
      int refused = no_host
                    || (policy == SCANRT_OFFLOAD_MANDATORY && ndev == 0);
      if (refused)
        scanrt_report ("%s: %s, but %s; not running on the host", site,
                       no_host ? "SCANRT_NO_HOST is set"
                               : "OMP_TARGET_OFFLOAD=MANDATORY",
                       policy == SCANRT_OFFLOAD_DISABLED
                         ? "OMP_TARGET_OFFLOAD=DISABLED"
                         : ndev ? "the host device was chosen"
                                : "there is no OpenCL device");
      return refused ? SCANRT_ENODEV : SCANRT_HOST;
    }
  if (r->n == 0)
    return SCANRT_OK;
  if (!strict && !chosen && r->n < device_cutoff (r->desc)
      && !scanrt_resident (scanrt_device_info (device), r->desc, r->args))
    return SCANRT_HOST;
  if (scanrt_forked ())
    {
      if (scanrt_first_report ("fork", "child"))
        scanrt_report ("%s: this process was forked after libscanrt started "
                       "OpenCL, which a child cannot use; %s", site,
                       strict ? "the scans may not run on the host, and fail"
                              : "scans run on the host");
      return strict ? SCANRT_ENODEV : SCANRT_HOST;
    }
  return SCANRT_OK;
}

/* R on its device, or its devices: SCANRT_OK; SCANRT_HOST where the host
   is to run positions *DONE on (all of them without DONE); or a negative
   status.  CHOSEN: as not_there's.  */
static int
on_devices (const struct scanrt_request *r, size_t *done, int chosen)
{
  /* A reproducible scan carries the exact sum from tile to tile: the
     kernels start from the seed's (repro.c), or a piece's from the
     caller's carry (scanrt_scan_piece), which a failure must leave as it
     was for the host to go on from.  */
  struct scanrt_request reproducible;
  struct scanrt_exact exact, before;
  int piece = r->repro != NULL;
  if (piece)
    before = *r->repro;
  else if (scanrt_repro_wanted (r))
    {
      reproducible = *r;
      scanrt_repro_start (r, &exact);
      reproducible.repro = &exact;
      r = &reproducible;
    }
  const scanrt_params *p = r->params;
  enum scanrt_offload policy = scanrt_offload_policy ();
  int strict = policy == SCANRT_OFFLOAD_MANDATORY
               || (p && (p->flags & SCANRT_NO_HOST));
  int status;
  if (done)
    *done = 0;

  struct scanrt_device_list list;
  int listed = devices_of (r, &list);
  if (listed < 0)
    return SCANRT_EINVAL;
  int split = listed && r->n && !r->total_only
              && policy != SCANRT_OFFLOAD_DISABLED
              && (strict || chosen || r->n >= device_cutoff (r->desc))
              && !scanrt_forked ();
  /* A piece is not split: its carry goes on from one device's run.  */
  if (!piece
      && scanrt_split_scan (r, split ? &list : NULL, strict, done, &status))
    return status;
  scanrt_pieces_to_host (r);

  struct scanrt_timing t = { 0 };
  double t0 = scanrt_now ();
  int device = r->device == SCANRT_DEVICE_HOST_CPU
               ? scanrt_cpu_device () : scanrt_resolve_device (r->device);
  size_t len;
  status = not_there (r, device, strict, chosen);
  if (status == SCANRT_OK && r->n == 0)
    {
      if (r->total)
        memcpy (r->total, scanrt_request_seed (r), r->desc->elem_size);
    }
  else if (status == SCANRT_OK
           && (len = scanrt_segment_length (r, device)) && len < r->n)
    status = scanrt_run_segments (r, device, len, strict, done, &t);
  else if (status == SCANRT_OK)
    {
      /* On a GPU, reading the total back costs a transfer a call.  */
      struct scanrt_request one = *r;
      if (r->total_optional)
        one.total = NULL;
      /* Nor the exact sum after a reproducible scan, but a piece's.  */
      one.repro_end_unread = !piece;
      status = scanrt_run_device (device, &one, strict, &t);
    }
  if (done && status == SCANRT_OK)
    *done = r->n;
  /* Segments leave the carry where their last success did.  */
  if (piece && status != SCANRT_OK && (!done || !*done))
    *r->repro = before;
  t.on_host = status == SCANRT_HOST;
  t.total = scanrt_now () - t0;
  scanrt_profile_record (r->site, &t);
  return status;
}

/* Whether R, a loop on the host, works on arrays that a device holds a
   copy of, which kernels on that device would take for the loop's (said
   once a call site).  */
static int
host_copy_mapped (const struct scanrt_request *r)
{
  if (!scanrt_pieces_touched (r)
      && !(scanrt_maps_any ()
           && scanrt_resident (scanrt_device_info (scanrt_cpu_device ()),
                               r->desc, r->args)))
    return 0;
  if (scanrt_first_report ("host copy", r->desc->site))
    scanrt_report ("%s: SCANOMP_HOST=opencl, but this loop runs on the host "
                   "and works on the host's copy of arrays that a device "
                   "holds a copy of: it runs on the host path", r->site);
  return 1;
}

/* Run R as its caller's own loop (SCANRT_HOST): the sequential loop of
   a target loop; outside target constructs, the loop as written, which
   OUTSIDE names.  WHY says why, once a call site (KEY), with what the
   caller should write instead (FIX) where the scan then fails: under
   OMP_TARGET_OFFLOAD=MANDATORY a target loop may not run on the host
   (SCANRT_ENODEV).  A target loop's data mapped on its device comes
   back to the host first.  */
static int
as_written (const struct scanrt_request *r, const char *key,
            const char *why, const char *outside, const char *fix)
{
  int target = r->device != SCANRT_DEVICE_HOST_CPU;
  int strict = target
               && scanrt_offload_policy () == SCANRT_OFFLOAD_MANDATORY;
  if (strict || scanrt_first_report (key, r->site))
    scanrt_report ("%s: %s: %s%s", r->site, why,
                   strict ? "under OMP_TARGET_OFFLOAD=MANDATORY it does not "
                            "run on the host as the sequential loop, and "
                            "fails; "
                          : target ? "it runs as the sequential loop"
                                   : outside,
                   strict ? fix : "");
  if (strict)
    return SCANRT_ENODEV;
  if (target && (scanrt_maps_any () || scanrt_pieces_any ()))
    {
      int device = scanrt_resolve_device (r->device);
      scanrt_pieces_to_host (r);
      if (device >= 0 && scanrt_device_info (device))
        scanrt_resident_to_host (scanrt_device_info (device), r->desc,
                                 r->args);
    }
  return SCANRT_HOST;
}

/* Where R's loop reads an array after a store (SCANRT_READS_AFTER_STORE)
   and an array it stores overlaps one it reads: the read sees what the
   store left, which neither the host path's reduce nor the kernels' can,
   so the caller's own loop runs R.  SCANRT_OK where R runs as its loop
   asks.  */
static int
stored_then_read (const struct scanrt_request *r)
{
  if (!(r->desc->flags & SCANRT_READS_AFTER_STORE)
      || !scanrt_stores_over_reads (r))
    return SCANRT_OK;
  return as_written (r, "read after store", "an array this loop stores "
                     "overlaps one it reads after the store (an output "
                     "passed as an input), whose read then sees the stored "
                     "value", "it runs as the sequential loop",
                     "read the input before the store");
}

/* Where R's loop is an inscan loop whose input phase stores an array
   that overlaps another of the loop's (an output passed as an input):
   the host path and the kernels, which run that phase twice, would read
   in the second run what the first stored, so the caller's own loop
   runs R.  SCANRT_OK where R runs as its loop asks.  */
static int
stored_twice (const struct scanrt_request *r)
{
  if (!scanrt_stored_twice_overlaps (r))
    return SCANRT_OK;
  return as_written (r, "stored twice", "an array that this loop's input "
                     "phase stores overlaps another of its arrays (an "
                     "output passed as an input), and the host path and "
                     "the kernels run that phase twice, the second time "
                     "reading what the first stored",
                     "it runs as GCC's code", "store to an array apart "
                     "from the loop's others");
}

/* Where R's loop, inside target, gathers from an array
   (SCANRT_ARRAY_GATHERED) whose mapped section overlaps an array it
   stores: a pass of the kernels could read what another stored, where
   the sequential loop reads what the iterations before it stored; so
   the caller's own loop runs R.  (Outside target a gathered array's
   window is empty, and overlaps nothing.)  SCANRT_OK where R runs as
   its loop asks.  */
static int
gathered_stored (const struct scanrt_request *r)
{
  if (!scanrt_gathers_over_stores (r))
    return SCANRT_OK;
  return as_written (r, "gather over store", "an array this loop reads at "
                     "an index computed from what it reads overlaps one "
                     "it stores (an output passed as an input), and the "
                     "kernels could read what another pass stored",
                     "it runs as GCC's code", "gather from an array apart "
                     "from the loop's outputs");
}

int
scanrt_route_loop (const struct scanrt_request *r, int threads, size_t *done)
{
  const struct SCANRT_desc *desc = r->desc;
  size_t finished = 0;
  int status = SCANRT_HOST;
  /* A loop outside target constructs goes to the host path, with no
     OpenCL at all; a target loop there when it falls back with nothing
     done.  A loop with no kernels (which the plugin could not translate
     to OpenCL C) has only the host path.  */
  int way = r->device == SCANRT_DEVICE_HOST_CPU
            ? scanrt_setting_word (SCANRT_SET_HOST, HOST_NATIVE)
            : HOST_OPENCL;
  if (done)
    *done = 0;
  /* SCANOMP_HOST=off: the loop as written (GCC's code for an inscan
     loop), by the user's choice.  */
  if (way == HOST_OFF)
    return SCANRT_HOST;
  int sequential = stored_then_read (r);
  if (sequential == SCANRT_OK)
    sequential = stored_twice (r);
  if (sequential == SCANRT_OK)
    sequential = gathered_stored (r);
  if (sequential != SCANRT_OK)
    return sequential;
  int native = way == HOST_NATIVE && desc->scan;
  if (way == HOST_OPENCL && r->device == SCANRT_DEVICE_HOST_CPU
      && desc->scan && host_copy_mapped (r))
    native = 1;
  if (!native && desc->source)
    status = on_devices (r, done ? &finished : NULL,
                         r->device == SCANRT_DEVICE_HOST_CPU
                         && way == HOST_OPENCL);
  else if (!native && scanrt_first_report ("no kernels", desc->site))
    scanrt_report ("%s: this loop has no OpenCL kernel (the plugin could "
                   "not translate it; -fplugin-arg-scanomp-verbose says "
                   "why), so it runs on the host path", desc->site);
  if (status == SCANRT_HOST && !finished
      && (status = scanrt_team_scan (r, threads,
                                     r->n < team_cutoff (desc)))
           == SCANRT_OK)
    finished = r->n;
  if (done)
    *done = finished;
  return status;
}

/* Whether a call of the API, R, stays on the host: see the head of this
   file.  Without data mapped anywhere, nothing asks the devices.  */
static int
call_on_host (const struct scanrt_request *r, int way)
{
  const scanrt_params *p = r->params;
  struct scanrt_device_list list;
  if (!r->desc->scan || !r->n || way == HOST_OPENCL
      || scanrt_offload_policy () == SCANRT_OFFLOAD_MANDATORY
      || (p && ((p->flags & SCANRT_NO_HOST) || (p->devices && *p->devices)))
      || r->device != SCANRT_DEFAULT_DEVICE
      || scanrt_device_list_env (&list) > 0)
    return 0;
  return !scanrt_maps_any ()
         || !scanrt_resident (scanrt_device_info (scanrt_default_device ()),
                              r->desc, r->args);
}

int
scanrt_route_call (const struct scanrt_request *r, size_t *done)
{
  int way = scanrt_setting_word (SCANRT_SET_HOST, HOST_NATIVE);
  int host = call_on_host (r, way);
  /* A total alone on the host is the caller's to fold; a piece's
     carry, the reproducible scan's.  */
  if (host && r->total_only && !r->repro)
    {
      *done = 0;
      return SCANRT_HOST;
    }
  if (!host)
    {
      int status = on_devices (r, done, 0);
      /* A reproducible scan that falls back with nothing done: the host
         path's, whose bits are the kernels', not the caller's sequential
         scan; a piece's, from wherever its segments stopped, since its
         carry is there.  */
      struct scanrt_request rest = *r;
      if (status == SCANRT_HOST && r->repro && *done < r->n)
        {
          size_t skip = *done * r->desc->elem_size;
          rest.n -= *done;
          rest.plain_in = (const char *) r->plain_in + skip;
          rest.plain_out = (char *) r->plain_out + skip;
        }
      if (status == SCANRT_HOST && (!*done || r->repro)
          && *done < r->n && scanrt_repro_wanted (&rest)
          && scanrt_team_scan (&rest, 0, rest.n < team_cutoff (r->desc))
               == SCANRT_OK)
        *done = r->n;
      return status;
    }
  *done = 0;
  /* SCANOMP_HOST=off leaves the API's scans to its own host loop, but
     not a piece, whose carry only repro.c's scan moves.  */
  if ((way == HOST_NATIVE || r->repro)
      && scanrt_team_scan (r, 0, r->n < team_cutoff (r->desc)) == SCANRT_OK)
    *done = r->n;
  struct scanrt_timing t = { .on_host = 1 };
  scanrt_profile_record (r->site, &t);
  return SCANRT_HOST;
}
