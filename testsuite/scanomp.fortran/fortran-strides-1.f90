! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! strides.inc's loops along a row of rank-2 arrays run through libscanrt,
! not as GCC's own code: the profile counts every call, one per row.
! { dg-do run }
! { dg-set-target-env-var SCANOMP_HOST opencl }
! { dg-require-effective-target opencl_device }
! { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 }
! { dg-set-target-env-var SCANOMP_PROFILE 1 }

module strides_calls
  implicit none
  real(8), allocatable :: grid(:, :)
contains
  include 'check.inc'
  include 'strides.inc'
end module strides_calls

program calls
  use strides_calls
  implicit none
  integer, parameter :: n = 3, m = 2001
  real(8) :: a(n, m), b(n, m), out(m), total
  integer :: ai(n, m), bi(n, m), totali, i, j
  allocate (grid(n, m))
  do j = 1, m
    do i = 1, n
      a(i, j) = mod(i + j, 5)
      ai(i, j) = mod(i * j, 7)
      grid(i, j) = mod(i * 3 + j, 11)
    end do
  end do
  do i = 1, n
    call explicit_row(a, b, n, m, i, total)
    call check(total == sum(a(i, :)), 'explicit shape')
    call assumed_row(ai, bi, i, totali)
    call check(totali == sum(ai(i, :)), 'assumed shape')
    call module_row(i, out, total)
    call check(total == maxval(grid(i, :)), 'module allocatable')
  end do
end program calls
! { dg-output "strides.inc:53 +3 +0 .*strides.inc:34 +3 +0 .*strides.inc:17 +3 +0 " }
