/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* program.c: building the kernel set's programs, and caching them.

   A program is identified by the device (its key names platform, device,
   OpenCL version and driver), the build options and the source.  Built
   programs stay in an in-process cache for the life of the process.  Their
   binaries also go to a disk cache, so that the next process skips the
   cold build (about 0.5 s on pocl):

     $SCANOMP_CACHE_DIR, else $XDG_CACHE_HOME/scanomp, else
     $HOME/.cache/scanomp;  SCANOMP_CACHE=0 turns the disk cache off.

   Each file is named by two independent 64-bit hashes of the key and starts
   with a magic string, the key's length, the binary's size and its SHA-256;
   a file that does not match, or whose binary the driver refuses, is
   rebuilt from source and replaced atomically (written aside, then
   renamed).  A cache is code that every program loading it runs, so the
   directory must be the user's own and not writable by others, and each
   file a regular file of the user's; the binary's digest is checked before
   any byte of it reaches the driver.  Each problem is said once.

   Each program keeps its kernels, and a record of their arguments as
   last set, which stays good while no buffer is released: libscanrt
   releases its buffers through scanrt_release_buffer, which counts
   them.  */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "devices.h"

#define DISK_MAGIC "SCANOMP2"

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct scanrt_program *cache;

/* The templates' hashes, computed once each.  Call with cache_lock held.  */
static uint64_t
template_hash (const char *tmpl)
{
  enum { KNOWN = 8 };
  static const char *known[KNOWN];
  static uint64_t hashes[KNOWN];
  int i;
  for (i = 0; i < KNOWN && known[i]; i++)
    if (known[i] == tmpl)
      return hashes[i];
  uint64_t h = scanrt_hash (tmpl, strlen (tmpl), 0x7e3);
  if (i < KNOWN)
    {
      known[i] = tmpl;
      hashes[i] = h;
    }
  return h;
}

/* FNV-1a, 64 bits, started from SEED.  */
uint64_t
scanrt_hash (const void *data, size_t len, uint64_t seed)
{
  const unsigned char *p = data;
  uint64_t h = 0xcbf29ce484222325ull ^ seed;
  for (size_t i = 0; i < len; i++)
    {
      h ^= p[i];
      h *= 0x100000001b3ull;
    }
  return h;
}

/* The disk cache's directory, created if need be; NULL if there is none.  */
static const char *
cache_dir (void)
{
  static char dir[4096];
  static int state; /* 0 unknown, 1 usable, -1 not */
  if (state)
    return state > 0 ? dir : NULL;
  state = -1;
  if (!scanrt_setting_size (SCANRT_SET_CACHE, 1, 0, NULL))
    return NULL;
  const char *s = scanrt_setting_text (SCANRT_SET_CACHE_DIR);
  if (s)
    snprintf (dir, sizeof dir, "%s", s);
  else if ((s = getenv ("XDG_CACHE_HOME")) && *s)
    snprintf (dir, sizeof dir, "%s/scanomp", s);
  else if ((s = getenv ("HOME")) && *s)
    snprintf (dir, sizeof dir, "%s/.cache/scanomp", s);
  else
    return NULL;
  /* mkdir -p.  */
  for (char *p = dir + 1; *p; p++)
    if (*p == '/')
      {
        *p = 0;
        mkdir (dir, 0755);
        *p = '/';
      }
  struct stat st;
  if ((mkdir (dir, 0755) != 0 && errno != EEXIST) || stat (dir, &st) != 0)
    {
      scanrt_report ("cannot create the program cache %s: %s; programs are "
                     "rebuilt in every process (set SCANOMP_CACHE_DIR)",
                     dir, strerror (errno));
      return NULL;
    }
  const char *why = !S_ISDIR (st.st_mode) ? "is not a directory"
                    : st.st_uid != getuid () ? "belongs to another user"
                    : st.st_mode & S_IWOTH ? "is writable by other users, "
                                             "who could put code in it"
                    : NULL;
  if (why)
    {
      scanrt_report ("the program cache %s %s; it is not used, and programs "
                     "are rebuilt in every process (set SCANOMP_CACHE_DIR)",
                     dir, why);
      return NULL;
    }
  if (access (dir, W_OK) != 0)
    scanrt_report ("the program cache %s is read-only: programs are read "
                   "from it, and new ones are not saved", dir);
  state = 1;
  return dir;
}

/* A second hash of P's key, independent of p->hash.  */
static uint64_t
second_hash (const struct scanrt_program *p)
{
  uint64_t h = scanrt_hash (p->dev->key, strlen (p->dev->key), 0x5ca7);
  h = scanrt_hash (p->options, strlen (p->options), h);
  h = scanrt_hash (p->head, strlen (p->head), h);
  return scanrt_hash (p->tmpl, strlen (p->tmpl), h);
}

static void
disk_path (char *path, size_t size, const struct scanrt_program *p)
{
  snprintf (path, size, "%s/%016llx%016llx.bin", cache_dir (),
            (unsigned long long) p->hash,
            (unsigned long long) second_hash (p));
}

/* The length of P's source text, recorded in its disk cache file.  */
static uint64_t
text_length (const struct scanrt_program *p)
{
  return strlen (p->options) + strlen (p->head) + strlen (p->tmpl);
}

/* Say once that the cache file PATH is not used, and WHY.  */
static void
distrust (const char *path, const char *why)
{
  if (scanrt_first_report ("cache file", path))
    scanrt_report ("the cached program %s %s; it is rebuilt", path, why);
}

/* Create P's program from its binary in the disk cache, or return NULL.  */
static cl_program
disk_load (const struct scanrt_program *p, const char *options)
{
  if (!cache_dir ())
    return NULL;
  char path[4200];
  disk_path (path, sizeof path, p);
  /* Never through a link: the file itself must be the user's.  */
  int fd = open (path, O_RDONLY | O_NOFOLLOW);
  if (fd < 0)
    {
      if (errno == ELOOP)
        distrust (path, "is a symbolic link");
      return NULL;
    }
  struct stat st;
  FILE *f = fstat (fd, &st) == 0 ? fdopen (fd, "rb") : NULL;
  if (!f)
    {
      close (fd);
      return NULL;
    }
  char magic[8];
  uint64_t text_len = 0, size = 0;
  unsigned char *bin = NULL, digest[32], want[32];
  cl_program prog = NULL;
  if (!S_ISREG (st.st_mode) || st.st_uid != getuid ())
    {
      distrust (path, S_ISREG (st.st_mode) ? "belongs to another user"
                                           : "is not a regular file");
      goto out;
    }
  /* Another magic is another version's file: replaced silently.  */
  if (fread (magic, 1, 8, f) != 8 || memcmp (magic, DISK_MAGIC, 8)
      || fread (&text_len, sizeof text_len, 1, f) != 1
      || text_len != text_length (p))
    goto out;
  if (fread (&size, sizeof size, 1, f) != 1 || size == 0
      || size > ((uint64_t) 1 << 30) || fread (want, 1, 32, f) != 32
      || !(bin = malloc (size)) || fread (bin, 1, size, f) != size
      || fgetc (f) != EOF)
    {
      distrust (path, "is truncated or damaged");
      goto out;
    }
  scanrt_sha256 (bin, size, digest);
  if (memcmp (digest, want, 32))
    {
      distrust (path, "is damaged: its checksum does not match");
      goto out;
    }
  cl_int err, binerr;
  size_t len = size;
  const unsigned char *bins = bin;
  prog = clCreateProgramWithBinary (p->dev->context, 1, &p->dev->id, &len,
                                    &bins, &binerr, &err);
  if (err != CL_SUCCESS || binerr != CL_SUCCESS)
    prog = NULL;
  else if (clBuildProgram (prog, 1, &p->dev->id, options, NULL, NULL)
           != CL_SUCCESS)
    {
      clReleaseProgram (prog);
      prog = NULL;
    }
out:
  free (bin);
  fclose (f);
  return prog;
}

/* Save PROG's binary for P in the disk cache.  A failure only costs a
   rebuild later, so it is not reported.  */
static void
disk_save (const struct scanrt_program *p, cl_program prog)
{
  if (!cache_dir ())
    return;
  size_t size = 0;
  if (clGetProgramInfo (prog, CL_PROGRAM_BINARY_SIZES, sizeof size, &size,
                        NULL) != CL_SUCCESS || size == 0)
    return;
  unsigned char *bin = malloc (size);
  if (!bin)
    return;
  if (clGetProgramInfo (prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, NULL)
      == CL_SUCCESS)
    {
      char path[4200], tmp[4300];
      disk_path (path, sizeof path, p);
      snprintf (tmp, sizeof tmp, "%s.%ld.tmp", path, (long) getpid ());
      /* A new file of the user's own, never through a link left there.  */
      int fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0644);
      FILE *f = fd >= 0 ? fdopen (fd, "wb") : NULL;
      if (fd >= 0 && !f)
        close (fd);
      uint64_t text_len = text_length (p), size64 = size;
      unsigned char digest[32];
      scanrt_sha256 (bin, size, digest);
      if (f)
        {
          int ok = fwrite (DISK_MAGIC, 1, 8, f) == 8
                   && fwrite (&text_len, sizeof text_len, 1, f) == 1
                   && fwrite (&size64, sizeof size64, 1, f) == 1
                   && fwrite (digest, 1, 32, f) == 32
                   && fwrite (bin, 1, size, f) == size;
          if (fclose (f) == 0 && ok)
            rename (tmp, path);
          else
            remove (tmp);
        }
    }
  free (bin);
}

/* Print PROG's build log, a line at a time.  */
static void
report_build_log (cl_program prog, cl_device_id dev)
{
  size_t size = 0;
  if (clGetProgramBuildInfo (prog, dev, CL_PROGRAM_BUILD_LOG, 0, NULL, &size)
      != CL_SUCCESS || size == 0)
    return;
  char *log = malloc (size + 1);
  if (!log)
    return;
  if (clGetProgramBuildInfo (prog, dev, CL_PROGRAM_BUILD_LOG, size, log, NULL)
      == CL_SUCCESS)
    {
      log[size] = 0;
      for (char *line = strtok (log, "\n"); line; line = strtok (NULL, "\n"))
        scanrt_report ("  %s", line);
    }
  free (log);
}

static cl_program
build_from_source (struct scanrt_program *p, const char *source,
                   const char *options, int *status)
{
  cl_int err;
  cl_program prog = clCreateProgramWithSource (p->dev->context, 1, &source,
                                               NULL, &err);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clCreateProgramWithSource", err,
                        "the device is out of resources");
      *status = scanrt_status_of_cl (err);
      return NULL;
    }
  err = clBuildProgram (prog, 1, &p->dev->id, options, NULL, NULL);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clBuildProgram", err,
                        "the generated kernel did not build; this is the "
                        "build log:");
      report_build_log (prog, p->dev->id);
      clReleaseProgram (prog);
      *status = scanrt_status_of_cl (err);
      return NULL;
    }
  return prog;
}

/* Free P and the copies it owns.  */
static void
program_free (struct scanrt_program *p)
{
  for (int i = 0; i < SCANRT_MAX_KERNELS; i++)
    free (p->set[i]);
  free (p->head);
  free (p->options);
  free (p);
}

struct scanrt_program *
scanrt_program_get (struct scanrt_device *dev, const char *head,
                    const char *tmpl, const char *options, double *seconds,
                    int *status)
{
  double t0 = scanrt_now ();
  struct scanrt_program *p;

  pthread_mutex_lock (&cache_lock);
  /* Found by comparing: hashing the texts byte by byte took longer than
     comparing them with the few programs a process builds.  */
  for (p = cache; p; p = p->next)
    if (p->dev == dev && p->tmpl == tmpl && !strcmp (p->options, options)
        && !strcmp (p->head, head))
      break;
  if (p)
    {
      pthread_mutex_unlock (&cache_lock);
      *seconds += scanrt_now () - t0;
      return p;
    }

  /* Build under the lock: two threads wanting the same program build it
     once.  */
  char *source = NULL;
  size_t hlen = strlen (head), tlen = strlen (tmpl);
  if ((p = calloc (1, sizeof *p)))
    {
      p->head = strdup (head);
      p->options = strdup (options);
      source = malloc (hlen + tlen + 2);
    }
  if (!p || !p->head || !p->options || !source)
    {
      if (p)
        program_free (p);
      free (source);
      pthread_mutex_unlock (&cache_lock);
      scanrt_report ("out of host memory building a program");
      *status = SCANRT_ENOMEM;
      return NULL;
    }
  memcpy (source, head, hlen);
  source[hlen] = '\n';
  memcpy (source + hlen + 1, tmpl, tlen + 1);
  uint64_t h = scanrt_hash (dev->key, strlen (dev->key), template_hash (tmpl));
  h = scanrt_hash (options, strlen (options), h);
  h = scanrt_hash (head, hlen, h);
  p->tmpl = tmpl;
  p->hash = h;
  p->dev = dev;
  p->program = disk_load (p, options);
  if (!p->program)
    {
      p->program = build_from_source (p, source, options, status);
      if (p->program)
        disk_save (p, p->program);
    }
  free (source);
  if (!p->program)
    {
      program_free (p);
      p = NULL;
    }
  else
    {
      p->next = cache;
      cache = p;
    }
  pthread_mutex_unlock (&cache_lock);
  *seconds += scanrt_now () - t0;
  return p;
}

/* Buffers released so far: a kernel's record of its arguments holds a
   buffer only while this count stays as it was when the buffer was set,
   since a buffer made later may have a released one's address.  */
static unsigned long released;

void
scanrt_release_buffer (cl_mem mem)
{
  __atomic_add_fetch (&released, 1, __ATOMIC_RELEASE);
  clReleaseMemObject (mem);
}

cl_kernel
scanrt_program_kernel (struct scanrt_program *prog, const char *name,
                       struct scanrt_kernel_args **set)
{
  unsigned long now = __atomic_load_n (&released, __ATOMIC_ACQUIRE);
  int i;
  for (i = 0; i < SCANRT_MAX_KERNELS && prog->kernel_names[i]; i++)
    if (!strcmp (prog->kernel_names[i], name))
      {
        struct scanrt_kernel_args *a = prog->set[i];
        /* Buffers set before a release are set again.  */
        if (a && a->released != now)
          {
            for (int k = 0; k < SCANRT_KEPT_ARGS; k++)
              if (a->buffer[k])
                a->size[k] = 0;
            a->released = now;
          }
        if (set)
          *set = a;
        return prog->kernels[i];
      }
  if (set)
    *set = NULL;
  if (i == SCANRT_MAX_KERNELS)
    return NULL;
  cl_int err;
  cl_kernel k = clCreateKernel (prog->program, name, &err);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clCreateKernel", err,
                        "the kernel template does not define this kernel; "
                        "reinstall scanomp");
      return NULL;
    }
  prog->kernels[i] = k;
  prog->kernel_names[i] = name;
  prog->set[i] = calloc (1, sizeof *prog->set[i]);
  if (prog->set[i])
    prog->set[i]->released = now;
  if (set)
    *set = prog->set[i];
  return k;
}
