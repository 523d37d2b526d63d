! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Fortran target loops inside `target data' regions, which stay with
! GCC: each loop maps its data itself, a local array and an allocatable,
! inclusive and exclusive.  Each must match the sequential loop exactly.
! The data constructs being GCC's, OMP_TARGET_OFFLOAD=MANDATORY would stop
! the program in libgomp (GCC 16's) with no device but the host, as
! without the plugin: the kernels run here at its default.
! { dg-do run }
! { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT }

program target_data
  implicit none
  integer, parameter :: n = 30011
  integer :: a(n), b(n), s, i, r
  real(8), allocatable :: x(:), y(:)
  real(8) :: d, rd
  do i = 1, n
    a(i) = mod(i, 13) - 6
  end do
  s = 0
  !$omp target data map(to: a) map(from: b)
  !$omp target map(tofrom: s)
  !$omp parallel do reduction(inscan, +: s)
  do i = 1, n
    s = s + a(i)
    !$omp scan inclusive(s)
    b(i) = s
  end do
  !$omp end target
  !$omp end target data
  r = 0
  do i = 1, n
    r = r + a(i)
    if (b(i) /= r) stop 1
  end do
  if (s /= r) stop 2

  allocate (x(0:n-1), y(0:n-1))
  do i = 0, n - 1
    x(i) = real(mod(i, 7), 8) * 0.5d0
  end do
  d = 1
  !$omp target data map(to: x) map(from: y)
  !$omp target map(tofrom: d)
  !$omp parallel do reduction(inscan, +: d)
  do i = 0, n - 1
    y(i) = d
    !$omp scan exclusive(d)
    d = d + x(i)
  end do
  !$omp end target
  !$omp end target data
  rd = 1
  do i = 0, n - 1
    if (y(i) /= rd) stop 3
    rd = rd + x(i)
  end do
  if (d /= rd) stop 4
end program target_data
