/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* pieces.c: data mapped across several devices.  Where SCANOMP_DEVICES
   splits the default device's scans (split.c), `target data' and `enter
   data' on that device spread each range over the same devices, as SkelCL
   distributes a vector: each device keeps one contiguous piece, the
   pieces' lengths in proportion to the devices' weights.  A split scan on
   such data cuts its blocks where the pieces meet, and runs each on the
   device that holds it, copying nothing but the few bytes at the seams.

   A piece's buffer holds the range it owns and up to MARGIN bytes of its
   neighbours' on either side.  Those are copies: before a block runs, the
   bytes its windows take from beyond its piece (an exclusive scan's
   y[i-1], an element astride two pieces) are copied in from the pieces
   that own them, and after it ran, those it changed are written back to
   them, byte by byte, so that each element ends as the block that wrote
   it left it.

   A block reads a copy of any window of spread data that its pieces do
   not hold (an array of another length, say), taken from the pieces that
   hold it.  Every array a scan writes must be spread as the first one is.
   Each piece's owned bytes are current on its device, or on the host once
   a scan on them ran elsewhere (its map's host_newer); its next block
   writes them to the device again.  A scan whose blocks cannot follow the
   pieces (an array it writes spread otherwise, or not at all; windows
   wider than the margins; a scan that is not split, or falls back) first
   brings every piece it touches back to the host and runs on the host's
   copy, as on data that is not mapped.  A device that shares the host's
   memory keeps no copy of its own: its piece wraps the host's array,
   whose bytes in its margins are refreshed and written back as any
   device's, since a device that copies may hold the current ones.

   The pieces are maps (memory.c) that only split scans' blocks bind.
   GROUP_LOCK, taken before any device's lock, guards the groups and their
   pieces' host_newer.  */

#include <stdlib.h>
#include <string.h>

#include "data.h"

/* Pieces start a multiple of GRAIN bytes into the range.  A margin
   takes a few bytes of windows, and the start of a reproducible scan's
   tile of doubles: its blocks are whole tiles (split.c), which do not end
   where the pieces do.  */
#define GRAIN ((size_t) 4096)
#define MARGIN ((size_t) 4096 + SCANRT_REPRO_TILE * sizeof (double))

/* One range mapped across devices: its pieces, in the order of the
   range.  */
struct scanrt_group
{
  struct scanrt_group *next;
  int home;                 /* the device the data was mapped on */
  char *base;
  size_t bytes;
  unsigned refs;
  unsigned count;
  struct scanrt_map *piece[SCANRT_MAX_SPLIT];
};

static pthread_mutex_t group_lock = PTHREAD_MUTEX_INITIALIZER;
static struct scanrt_group *groups;

int
scanrt_pieces_any (void)
{
  return __atomic_load_n (&groups, __ATOMIC_RELAXED) != NULL;
}

void
scanrt_pieces_lock (void)
{
  pthread_mutex_lock (&group_lock);
}

void
scanrt_pieces_unlock (void)
{
  pthread_mutex_unlock (&group_lock);
}

/* Whether G's range overlaps [P, P + BYTES).  */
static int
overlaps (const struct scanrt_group *g, const void *p, size_t bytes)
{
  return (const char *) p < g->base + g->bytes
         && g->base < (const char *) p + bytes;
}

/* The group mapped on HOME that contains [P, P + BYTES); with HOME < 0,
   the first that overlaps it.  NULL for none.  */
static struct scanrt_group *
find_group (int home, const char *p, size_t bytes)
{
  for (struct scanrt_group *g = groups; g; g = g->next)
    if (home < 0 ? overlaps (g, p, bytes)
                 : g->home == home && p >= g->base
                   && p + bytes <= g->base + g->bytes)
      return g;
  return NULL;
}

/* Copy [P, P + BYTES) of piece M between its buffer and HOST, as
   scanrt_map_copy, under its device's lock.  The buffer of a device that
   shares the host's memory is the host's array itself: HOST is copied to
   or from it there, around the map and unmap that make it coherent.  */
static int
piece_copy (struct scanrt_map *m, const char *p, void *host, size_t bytes,
            int to_device)
{
  double seconds = 0;
  int shared = m->dev->unified && host != p;
  if (bytes == 0)
    return SCANRT_OK;
  if (shared && to_device)
    memcpy ((char *) p, host, bytes);
  pthread_mutex_lock (&m->dev->lock);
  int status = scanrt_map_copy (m, p, host, bytes, to_device, &seconds);
  pthread_mutex_unlock (&m->dev->lock);
  if (shared && !to_device && status == SCANRT_OK)
    memcpy (host, p, bytes);
  return status;
}

/* The part of [P, P + BYTES) inside [Q, Q + QBYTES), as [*LO, *HI);
   empty where *LO >= *HI.  */
static void
clip (const char *p, size_t bytes, const char *q, size_t qbytes,
      const char **lo, const char **hi)
{
  *lo = p > q ? p : q;
  *hi = p + bytes < q + qbytes ? p + bytes : q + qbytes;
}

/* The part of [P, P + BYTES) that piece M owns, as clip's.  */
static void
owned (const struct scanrt_map *m, const char *p, size_t bytes,
       const char **lo, const char **hi)
{
  clip (p, bytes, m->own, m->own_bytes, lo, hi);
}

/* Read the current bytes of [SRC, SRC + BYTES), inside G, into DST: from
   the host where a piece's are current there, else from its device.  DST
   may be SRC itself: the host's copy is then brought up to date.  */
static int
group_read (struct scanrt_group *g, void *dst, const char *src, size_t bytes)
{
  int status = SCANRT_OK;
  for (unsigned k = 0; k < g->count; k++)
    {
      struct scanrt_map *m = g->piece[k];
      const char *lo, *hi;
      owned (m, src, bytes, &lo, &hi);
      if (lo >= hi)
        continue;
      char *to = (char *) dst + (lo - src);
      int copied = SCANRT_OK;
      if (!m->host_newer)
        copied = piece_copy (m, lo, to, hi - lo, 0);
      else if (to != lo)
        memcpy (to, lo, hi - lo);
      if (status == SCANRT_OK)
        status = copied;
    }
  return status;
}

/* Write SRC's BYTES, the new bytes of [P, P + BYTES) inside G, to the
   pieces that own them: to their devices, or to the host's array where
   their bytes are current there, which their next block takes.  SRC may be
   P itself: the host's bytes then go to the devices.  */
static int
group_write (struct scanrt_group *g, char *p, const unsigned char *src,
             size_t bytes)
{
  int status = SCANRT_OK;
  for (unsigned k = 0; k < g->count; k++)
    {
      struct scanrt_map *m = g->piece[k];
      const char *lo, *hi;
      owned (m, p, bytes, &lo, &hi);
      if (lo >= hi)
        continue;
      const unsigned char *from = src + (lo - p);
      int copied = SCANRT_OK;
      if (!m->host_newer)
        copied = piece_copy (m, lo, (void *) from, hi - lo, 1);
      else if ((const char *) from != lo)
        memcpy ((char *) lo, from, hi - lo);
      if (status == SCANRT_OK)
        status = copied;
    }
  return status;
}

/* Bring G's pieces back to the host, whose copy is then the current one.
   A piece that cannot be read is said, and its device's copy dropped all
   the same: a scan that failed on it runs on the host next.  */
static void
gather (struct scanrt_group *g)
{
  for (unsigned k = 0; k < g->count; k++)
    {
      struct scanrt_map *m = g->piece[k];
      if (m->host_newer)
        continue;
      if (piece_copy (m, m->own, m->own, m->own_bytes, 0) != SCANRT_OK)
        scanrt_report ("data mapped across devices could not be read back "
                       "from device %d before a scan used the host's copy: "
                       "%zu bytes at %p are what they were before",
                       m->dev->number, m->own_bytes, (void *) m->own);
      m->host_newer = 1;
    }
}

static void
free_group (struct scanrt_group *g)
{
  for (unsigned k = 0; k < g->count; k++)
    {
      scanrt_map_remove (g->piece[k]);
      scanrt_release_buffer (g->piece[k]->mem);
      free (g->piece[k]);
    }
  free (g);
}

/* A group for [PTR, PTR + BYTES) across DEVICES with WEIGHTS (COUNT of
   each), its pieces copied in where KIND has SCANRT_MAP_TO; NULL (said)
   where a device cannot open or take its piece.  */
static struct scanrt_group *
make_group (int home, char *ptr, size_t bytes, unsigned kind,
            const int *devices, const double *weights, unsigned count,
            int *status)
{
  struct scanrt_group *g = calloc (1, sizeof *g);
  double sum = 0, before = 0, seconds = 0;
  size_t lo = 0;
  if (!g)
    {
      *status = SCANRT_ENOMEM;
      return NULL;
    }
  g->home = home;
  g->base = ptr;
  g->bytes = bytes;
  g->refs = 1;
  for (unsigned k = 0; k < count; k++)
    sum += weights[k];
  for (unsigned k = 0; k < count && *status == SCANRT_OK; k++)
    {
      before += weights[k];
      size_t hi = k + 1 == count
                  ? bytes
                  : (size_t) ((long double) bytes * before / sum) / GRAIN
                    * GRAIN;
      if (hi <= lo)
        continue;
      struct scanrt_device *dev = scanrt_device_open (devices[k]);
      struct scanrt_map *m = dev ? calloc (1, sizeof *m) : NULL;
      if (!m)
        {
          *status = dev ? SCANRT_ENOMEM : SCANRT_EDEVICE;
          break;
        }
      size_t from = lo > MARGIN ? lo - MARGIN : 0;
      size_t to = bytes - hi > MARGIN ? hi + MARGIN : bytes;
      m->dev = dev;
      m->base = ptr + from;
      m->bytes = to - from;
      m->own = ptr + lo;
      m->own_bytes = hi - lo;
      m->group = g;
      m->refs = 1;
      pthread_mutex_lock (&dev->lock);
      m->mem = scanrt_make_buffer (dev, m->base, m->bytes,
                                   (kind & SCANRT_MAP_TO) != 0, &seconds,
                                   status);
      pthread_mutex_unlock (&dev->lock);
      if (!m->mem)
        {
          free (m);
          break;
        }
      g->piece[g->count++] = m;
      scanrt_map_add (m);
      lo = hi;
    }
  if (*status != SCANRT_OK)
    {
      free_group (g);
      return NULL;
    }
  g->next = groups;
  groups = g;
  return g;
}

int
scanrt_pieces_enter (int device, void *ptr, size_t bytes, unsigned kind,
                     int *status)
{
  struct scanrt_device_list list = { 0 };
  double weights[SCANRT_MAX_SPLIT];
  int done = 1;
  pthread_mutex_lock (&group_lock);
  struct scanrt_group *g = find_group (device, ptr, bytes);
  unsigned count;
  if (g)
    {
      g->refs++;
      if ((kind & SCANRT_MAP_ALWAYS) && (kind & SCANRT_MAP_TO))
        *status = group_write (g, ptr, ptr, bytes);
    }
  else if ((g = find_group (-1, ptr, bytes)) && g->home == device)
    {
      scanrt_report ("data enter of %p (%zu bytes) overlaps data mapped "
                     "across devices (%zu bytes at %p) without lying inside "
                     "it; map the whole range at once", ptr, bytes, g->bytes,
                     (void *) g->base);
      *status = SCANRT_EINVAL;
    }
  else if (device == scanrt_default_device ()
           && scanrt_device_list_env (&list) > 0
           && (count = list.count) > 1 && bytes >= count * GRAIN
           && !scanrt_map_entered (device, ptr, bytes))
    {
      /* Estimated, not measured: the pieces set the blocks of every scan
         on the data, whose floating-point bits then would move from run
         to run with the rates measured before.  */
      scanrt_device_list_weigh (&list, weights, 0);
      if (!make_group (device, ptr, bytes, kind, list.devices, weights,
                       count, status))
        {
          /* On the one device, as data that is not spread.  */
          scanrt_report ("data of %zu bytes at %p could not be mapped "
                         "across devices (%s); it goes to device %d alone",
                         bytes, ptr, scanrt_status_name (*status), device);
          *status = SCANRT_OK;
          done = 0;
        }
    }
  else
    done = 0;
  pthread_mutex_unlock (&group_lock);
  return done;
}

int
scanrt_pieces_exit (int device, void *ptr, size_t bytes, unsigned kind,
                    int *status)
{
  pthread_mutex_lock (&group_lock);
  struct scanrt_group *g = find_group (device, ptr, bytes);
  if (g && ((kind & SCANRT_MAP_DELETE) || --g->refs == 0))
    {
      for (struct scanrt_group **pg = &groups; *pg; pg = &(*pg)->next)
        if (*pg == g)
          {
            *pg = g->next;
            break;
          }
      if (kind & SCANRT_MAP_FROM)
        *status = group_read (g, g->base, g->base, g->bytes);
      free_group (g);
    }
  else if (g && (kind & SCANRT_MAP_ALWAYS) && (kind & SCANRT_MAP_FROM))
    *status = group_read (g, ptr, ptr, bytes);
  pthread_mutex_unlock (&group_lock);
  return g != NULL;
}

int
scanrt_pieces_update (int device, void *ptr, size_t bytes, unsigned kind,
                      int *status)
{
  pthread_mutex_lock (&group_lock);
  struct scanrt_group *g = find_group (device, ptr, bytes);
  if (g)
    *status = kind & SCANRT_MAP_TO ? group_write (g, ptr, ptr, bytes)
                                   : group_read (g, ptr, ptr, bytes);
  pthread_mutex_unlock (&group_lock);
  return g != NULL;
}

int
scanrt_pieces_read (int device, void *dst, const void *src, size_t bytes)
{
  pthread_mutex_lock (&group_lock);
  struct scanrt_group *g = find_group (device, src, bytes);
  int read = g && group_read (g, dst, src, bytes) == SCANRT_OK;
  pthread_mutex_unlock (&group_lock);
  return read;
}

int
scanrt_pieces_entered (int device, const void *ptr, size_t bytes)
{
  pthread_mutex_lock (&group_lock);
  int entered = find_group (device, ptr, bytes) != NULL;
  pthread_mutex_unlock (&group_lock);
  return entered;
}

void
scanrt_pieces_to_host (const struct scanrt_request *r)
{
  /* A forked child cannot use OpenCL: it has the host's copy only, as
     for data mapped on one device.  */
  if (!__atomic_load_n (&groups, __ATOMIC_RELAXED) || scanrt_forked ())
    return;
  pthread_mutex_lock (&group_lock);
  for (struct scanrt_group *g = groups; g; g = g->next)
    for (unsigned i = 0; i < r->desc->nargs; i++)
      if (scanrt_arg_is_array (r->desc->args[i].kind)
          && overlaps (g, r->args[i].ptr, r->args[i].bytes))
        {
          gather (g);
          break;
        }
  pthread_mutex_unlock (&group_lock);
}

int
scanrt_pieces_touched (const struct scanrt_request *r)
{
  int touched = 0;
  if (!__atomic_load_n (&groups, __ATOMIC_RELAXED))
    return 0;
  pthread_mutex_lock (&group_lock);
  for (struct scanrt_group *g = groups; g && !touched; g = g->next)
    for (unsigned i = 0; i < r->desc->nargs && !touched; i++)
      touched = scanrt_arg_is_array (r->desc->args[i].kind)
                && overlaps (g, r->args[i].ptr, r->args[i].bytes);
  pthread_mutex_unlock (&group_lock);
  return touched;
}

/* The piece of G on DEVICE, or NULL.  */
static struct scanrt_map *
piece_on (const struct scanrt_group *g, int device)
{
  for (unsigned k = 0; k < g->count; k++)
    if (g->piece[k]->dev->number == device)
      return g->piece[k];
  return NULL;
}

/* The group that argument I of R overlaps, where it is an array.  */
static struct scanrt_group *
group_of (const struct scanrt_request *r, unsigned i)
{
  if (!scanrt_arg_is_array (r->desc->args[i].kind))
    return NULL;
  return find_group (-1, r->args[i].ptr, r->args[i].bytes);
}

static int
written (const struct scanrt_request *r, unsigned i)
{
  return scanrt_arg_is_written (r->desc->args[i].kind);
}

/* The piece on DEVICE whose buffer holds R's argument I, or NULL where it
   lies in no piece there.  */
static struct scanrt_map *
holder (const struct scanrt_request *r, unsigned i, int device)
{
  struct scanrt_group *g = group_of (r, i);
  struct scanrt_map *m = g ? piece_on (g, device) : NULL;
  const char *w = r->args[i].ptr;
  return m && w >= m->base && w + r->args[i].bytes <= m->base + m->bytes
         ? m : NULL;
}

int
scanrt_pieces_cut (const struct scanrt_request *r, int *devices,
                   size_t *ends)
{
  const struct SCANRT_desc *desc = r->desc;
  struct scanrt_group *cutter = NULL;
  unsigned at = 0;
  if (!__atomic_load_n (&groups, __ATOMIC_RELAXED) || r->n == 0)
    return 0;
  /* Every array the scan writes must be spread, and spread alike: the
     blocks are cut along the first one's pieces.  An array it only reads
     may lie anywhere: where a block's window of it is not in the block's
     piece, the block takes a copy (scanrt_pieces_ready).  */
  int spread = 0;
  for (unsigned i = 0; i < desc->nargs; i++)
    {
      struct scanrt_group *g = group_of (r, i);
      spread |= g != NULL;
      if (g && r->device != SCANRT_DEFAULT_DEVICE && r->device != g->home)
        return -1;
      if (!written (r, i))
        continue;
      char *p = r->args[i].ptr;
      if (!g || p < g->base || p + r->args[i].bytes > g->base + g->bytes
          || (cutter && g->count != cutter->count))
        return -1;
      for (unsigned k = 0; cutter && k < g->count; k++)
        if (g->piece[k]->dev != cutter->piece[k]->dev)
          return -1;
      if (!cutter)
        cutter = g, at = i;
    }
  if (!cutter)
    return spread ? -1 : 0;
  size_t step = scanrt_window_step (r, at);
  if (!step)
    return -1;

  /* Position P goes to the piece that holds its own element in the
     cutting array: the last of its window's bytes where the positions go
     up (y[i-1] before y[i]), the first where they go down (y[i+1] after
     y[i]), whose blocks then take the pieces from the last.  What the
     window takes beyond its element lies in the margin.  */
  int down = desc->args[at].stride < 0;
  long long extra = (long long) r->args[at].bytes - (long long) (step * r->n);
  const char *p = r->args[at].ptr;
  for (unsigned k = 0; k < cutter->count; k++)
    {
      struct scanrt_map *m = cutter->piece[down ? cutter->count - 1 - k : k];
      long long room = (m->own + m->own_bytes - p) - extra;
      long long below = m->own - p;
      size_t skip = below <= 0 ? 0 : ((size_t) below + step - 1) / step;
      size_t fit = down ? (skip >= r->n ? 0 : r->n - skip)
                        : room <= 0 ? 0 : (size_t) room / step;
      devices[k] = m->dev->number;
      ends[k] = k + 1 == cutter->count || fit > r->n ? r->n : fit;
      /* A reproducible scan's blocks are whole tiles (split.c).  */
      if (r->repro && ends[k] < r->n)
        ends[k] -= ends[k] % SCANRT_REPRO_TILE;
    }

  /* Each block's windows of the arrays it writes must lie in its device's
     pieces.  */
  struct SCANRT_arg args[desc->nargs + 1];
  long starts[desc->nargs + 1];
  struct scanrt_request b = *r;
  b.args = args;
  size_t lo = 0;
  for (unsigned k = 0; k < cutter->count; lo = ends[k++])
    {
      if (ends[k] <= lo)
        continue;
      scanrt_window_args (r, lo, ends[k] - lo, args, starts);
      for (unsigned i = 0; i < desc->nargs; i++)
        if (written (r, i) && !holder (&b, i, devices[k]))
          return -1;
    }
  return (int) cutter->count;
}

/* The parts of B's window of argument I that lie outside M's own range,
   before it and after it: START[S] and LEN[S] bytes (0 for none).  */
static void
margins (const struct scanrt_request *b, unsigned i,
         const struct scanrt_map *m, char *start[2], size_t len[2])
{
  char *w = b->args[i].ptr, *end = w + b->args[i].bytes;
  char *own_end = m->own + m->own_bytes;
  char *before = end < m->own ? end : m->own;
  start[0] = w;
  len[0] = before > w ? (size_t) (before - w) : 0;
  start[1] = w > own_end ? w : own_end;
  len[1] = end > start[1] ? (size_t) (end - start[1]) : 0;
}

/* Copy the current bytes of [SRC, SRC + BYTES) to DST: the host's, and
   over them those of every group's pieces.  */
static int
current (void *dst, const char *src, size_t bytes)
{
  int status = SCANRT_OK;
  memcpy (dst, src, bytes);
  for (struct scanrt_group *g = groups; g && status == SCANRT_OK;
       g = g->next)
    if (overlaps (g, src, bytes))
      {
        const char *lo, *hi;
        clip (src, bytes, g->base, g->bytes, &lo, &hi);
        status = group_read (g, (char *) dst + (lo - src), lo, hi - lo);
      }
  return status;
}

int
scanrt_pieces_ready (const struct scanrt_request *b, struct SCANRT_arg *args,
                     int device, unsigned char **saved)
{
  size_t at = 0, copies = 0, bytes = 0;
  int status = SCANRT_OK;
  unsigned nargs = b->desc->nargs;
  struct scanrt_map *holds[nargs + 1];
  /* Room for the margins of the arrays the block writes, as
     scanrt_pieces_settle reads them, then for a copy of each window of
     spread data that is not in the block's piece.  */
  for (unsigned i = 0; i < nargs; i++)
    {
      holds[i] = holder (b, i, device);
      /* What the block writes goes to its pieces, never to a copy
         (scanrt_pieces_cut chose the blocks so).  */
      if (!holds[i] && written (b, i))
        {
          *saved = NULL;
          return SCANRT_EINVAL;
        }
      if (holds[i] && written (b, i))
        copies += 2 * MARGIN;
      else if (!holds[i] && group_of (b, i))
        bytes += args[i].bytes;
    }
  unsigned char *copy = malloc (MARGIN);
  *saved = copy ? malloc (copies + bytes + 1) : NULL;
  if (!*saved)
    {
      free (copy);
      return SCANRT_ENOMEM;
    }
  for (unsigned i = 0; i < nargs && status == SCANRT_OK; i++)
    {
      struct scanrt_map *m = holds[i];
      if (!m && group_of (b, i))
        {
          /* A window of data the block only reads, not in its piece: a
             copy, which the block copies in as data that is not
             mapped.  */
          status = current (*saved + copies, args[i].ptr, args[i].bytes);
          args[i].ptr = *saved + copies;
          copies += args[i].bytes;
          continue;
        }
      if (!m)
        continue;
      if (m->host_newer)
        {
          status = piece_copy (m, m->base, m->base, m->bytes, 1);
          m->host_newer = status != SCANRT_OK;
        }
      char *start[2];
      size_t len[2];
      margins (b, i, m, start, len);
      for (int s = 0; s < 2 && status == SCANRT_OK; s++)
        {
          if (len[s] == 0)
            continue;
          status = group_read (m->group, copy, start[s], len[s]);
          if (status == SCANRT_OK)
            status = piece_copy (m, start[s], copy, len[s], 1);
          if (written (b, i))
            memcpy (*saved + at, copy, len[s]), at += len[s];
        }
    }
  free (copy);
  if (status != SCANRT_OK)
    {
      free (*saved);
      *saved = NULL;
    }
  return status;
}

int
scanrt_pieces_settle (const struct scanrt_request *b, int device,
                      const unsigned char *saved)
{
  size_t at = 0;
  int status = SCANRT_OK;
  unsigned char *after = malloc (MARGIN);
  if (!after)
    return SCANRT_ENOMEM;
  for (unsigned i = 0; i < b->desc->nargs && status == SCANRT_OK; i++)
    {
      struct scanrt_map *m = written (b, i) ? holder (b, i, device) : NULL;
      if (!m)
        continue;
      char *start[2];
      size_t len[2];
      margins (b, i, m, start, len);
      for (int s = 0; s < 2 && status == SCANRT_OK; s++)
        {
          if (len[s] == 0)
            continue;
          status = piece_copy (m, start[s], after, len[s], 0);
          /* Each run of bytes the block changed, to its owners.  */
          for (size_t j = 0; j < len[s] && status == SCANRT_OK;)
            {
              size_t run = j;
              while (run < len[s] && after[run] != saved[at + run])
                run++;
              if (run > j)
                status = group_write (m->group, start[s] + j, after + j,
                                      run - j);
              j = run + 1;
            }
          at += len[s];
        }
    }
  free (after);
  return status;
}
