/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* devices.h: the OpenCL devices (device.c), the lists of them that
   SCANOMP_DEVICES and scanrt_params.devices name (list.c), and the
   programs built for them, with their cache (program.c, sha256.c,
   templates.c).  */

#ifndef SCANRT_DEVICES_H
#define SCANRT_DEVICES_H

#include "base/base.h"

/* device.c: discovery, numbering and the OMP_TARGET_OFFLOAD policy.  */
enum scanrt_offload
{
  SCANRT_OFFLOAD_DEFAULT,
  SCANRT_OFFLOAD_MANDATORY,
  SCANRT_OFFLOAD_DISABLED
};

/* The state a single-pass kernel set keeps on a device from launch to
   launch: a ticket counter that numbers the blocks in the order they
   start, and ready flags that carry the launch's epoch, so that the buffer
   never needs clearing between launches.  */
struct scanrt_chain
{
  cl_mem mem;
  size_t bytes;
  cl_uint tickets;         /* the counter's value before the next launch */
  cl_uint epoch;           /* the last launch's epoch; 0: none yet */
};

struct scanrt_device
{
  int number;
  cl_platform_id platform;
  cl_device_id id;
  cl_device_type type;
  char name[256];
  /* Identifies the device and its compiler in program cache keys.  */
  char key[768];
  int unified;             /* host and device share memory: zero copy */
  cl_ulong max_alloc;      /* largest buffer */
  cl_ulong global_mem;
  cl_ulong local_mem;
  cl_ulong cache_size;     /* global memory cache, 0 if unknown */
  size_t max_wg;
  cl_uint compute_units;
  cl_uint clock_mhz;
  /* Positions a second in its last block of a scan split across devices
     (split.c); 0 before the first.  */
  double rate;
  int int64_atomics;       /* cl_khr_int64_base_atomics */
  int nvidia;              /* NVIDIA's OpenCL: inline PTX compiles */
  int pocl_cpu;            /* a CPU device of pocl's (see launch.c) */
  int ptx_refused;         /* ... but this driver refused it */
  /* The hardware's UUID or PCI address, where the driver says
     (HARDWARE_KNOWN): the same device through two platforms is one.  */
  unsigned char hardware[16];
  int hardware_known;
  unsigned place;          /* its index among its platform's devices */
  /* Created on first use, under LOCK, which also serialises launches.  */
  pthread_mutex_t lock;
  int opened;              /* 0 not yet, 1 open, -1 failed */
  cl_context context;
  cl_command_queue queue;
  /* Scratch space of the single-pass kernel sets, kept between launches
     (see templates/scan-cpu.cl, scan-lookback.cl and scan-repro.cl): the
     CPU set's carries, the LOOKBACK set's total (which the reproducible
     single pass takes for its last value), the reproducible single
     pass's two rows of exact sums, and the state of each.  */
  cl_mem cpu_carry, lookback_total, repro_rows;
  size_t cpu_carry_bytes, lookback_total_bytes, repro_rows_bytes;
  struct scanrt_chain cpu_chain, lookback_chain, repro_chain;
};

enum scanrt_offload scanrt_offload_policy (void);
int scanrt_num_devices (void);
int scanrt_default_device (void);
/* Whether this process is a child forked after the devices were found:
   it opens none, and scans run on the host.  */
int scanrt_forked (void);
/* The first CPU device, else the default one.  */
int scanrt_cpu_device (void);
/* The device that DEVICE, a number, SCANRT_DEFAULT_DEVICE or a name
   (SCANRT_DEVICE_GPU, SCANRT_DEVICE_CPU), stands for; -1 for a name that
   OMP_TARGET_OFFLOAD=MANDATORY leaves with no device (said once).  Any
   other negative DEVICE (scanrt-abi.h's) comes back as it is.  */
int scanrt_resolve_device (int device);
/* Device NUMBER as discovered, not opened, or NULL if there is none.  */
struct scanrt_device *scanrt_device_info (int number);
/* The name of device NUMBER, which may be the host ("host").  */
const char *scanrt_device_name (int number);
/* Device NUMBER with its context and queue open, or NULL (reported).  The
   caller holds dev->lock while it uses the queue.  */
struct scanrt_device *scanrt_device_open (int number);

/* program.c: building and caching programs.  */
#define SCANRT_MAX_KERNELS 8

struct scanrt_program
{
  struct scanrt_program *next;
  uint64_t hash;
  char *head;              /* the generated source before the template */
  char *options;
  const char *tmpl;        /* the template (static text) */
  struct scanrt_device *dev;
  cl_program program;
  cl_kernel kernels[SCANRT_MAX_KERNELS];
  const char *kernel_names[SCANRT_MAX_KERNELS];
  /* The values of the small arguments last set on each kernel, which a
     launch need not set again (run/enqueue.c).  */
  struct scanrt_kernel_args *set[SCANRT_MAX_KERNELS];
};
/* Arguments of a kernel as last set: argument I's SIZE[I] bytes (0:
   unknown) in VALUE[I], a buffer where BUFFER[I], good while RELEASED is
   the count of buffers released (scanrt_release_buffer).  */
#define SCANRT_KEPT_ARGS 40
#define SCANRT_KEPT_BYTES 16
struct scanrt_kernel_args
{
  unsigned long released;
  unsigned char size[SCANRT_KEPT_ARGS];
  unsigned char buffer[SCANRT_KEPT_ARGS];
  unsigned char value[SCANRT_KEPT_ARGS][SCANRT_KEPT_BYTES];
};

uint64_t scanrt_hash (const void *data, size_t len, uint64_t seed);
/* sha256.c */
void scanrt_sha256 (const void *data, size_t len, unsigned char digest[32]);
/* The program of HEAD followed by template TMPL, built with OPTIONS on DEV:
   from the in-process cache, the disk cache, or a build.  Adds the time
   spent to *SECONDS.  Returns NULL (reported, with the build log) on
   failure, with *STATUS set.  */
struct scanrt_program *scanrt_program_get (struct scanrt_device *dev,
                                           const char *head,
                                           const char *tmpl,
                                           const char *options,
                                           double *seconds, int *status);
/* Kernel NAME of PROG, created once, and where SET is not NULL, in
   *SET the record of its arguments as last set (NULL without the room
   for it), buffers forgotten where any was released since they were
   set.  Call with dev->lock held.  */
cl_kernel scanrt_program_kernel (struct scanrt_program *prog,
                                 const char *name,
                                 struct scanrt_kernel_args **set);
/* clReleaseMemObject (MEM), counted: every buffer libscanrt releases
   goes through here, which keeps the records of kernels' arguments
   right.  */
void scanrt_release_buffer (cl_mem mem);

/* templates.c (generated from templates/): the kernel template of a
   variant, with its includes inlined.  */
const char *scanrt_template (scanrt_variant variant);
/* The kernel set of reproducible sums (templates/scan-repro.cl).  */
const char *scanrt_repro_template (void);

/* list.c: the devices a scan is split across, or its data's pieces
   spread over.  */
#define SCANRT_MAX_SPLIT 16
struct scanrt_device_list
{
  unsigned count;
  int devices[SCANRT_MAX_SPLIT];
  double weights[SCANRT_MAX_SPLIT];   /* all given, or all 0: measured */
};
/* Read SPEC into L.  Returns 0 after a report naming WHAT where it is not
   `all' or a list of distinct device numbers, all with weights or none.  */
int scanrt_device_list_parse (const char *spec, const char *what,
                              struct scanrt_device_list *l);
/* SCANOMP_DEVICES, read once, in L: 1, or 0 where it is unset, -1 where
   it is not valid (said).  */
int scanrt_device_list_env (struct scanrt_device_list *l);
/* The weights of L's devices, in W: the given ones, the measured rates
   (where MEASURED), or an estimate from the devices' compute units and
   clocks (before every device has a rate, or where not MEASURED).  */
void scanrt_device_list_weigh (const struct scanrt_device_list *l,
                               double *w, int measured);

#endif /* SCANRT_DEVICES_H */
