! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops that read an array at an index computed from what they
! read, a gather (`x(idx(i))'): taken on the host path since 2026-12-03
! (GCC's own code before), over an explicit-shape and an assumed-shape
! dummy, inclusive and exclusive.  Each must match the sequential loop
! exactly, totals included.
! { dg-do run }

module gather
  implicit none
  integer, parameter :: n = 50021
contains
  include 'check.inc'

  subroutine inclusive(x, y, idx, m, total)
    integer, intent(in) :: m, idx(m)
    integer, intent(in) :: x(m)
    integer, intent(out) :: y(m)
    integer, intent(out) :: total
    integer :: s, i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, m
      s = s + x(idx(i))
      !$omp scan inclusive(s)
      y(i) = s
    end do
    total = s
  end subroutine

  subroutine exclusive(x, y, idx, total)
    real(8), intent(in) :: x(:)
    real(8), intent(out) :: y(:)
    integer, intent(in) :: idx(:)
    real(8), intent(out) :: total
    real(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, size(y)
      y(i) = s
      !$omp scan exclusive(s)
      s = s + x(idx(i))
    end do
    total = s
  end subroutine
end module

program main
  use gather
  implicit none
  integer :: x(n), y(n), idx(n), total, s, i, j, t, m
  real(8) :: dx(n), dy(n), dtotal, ds
  integer :: sizes(4) = [0, 1, 1001, n]
  integer :: k
  do i = 1, n
    idx(i) = i
    x(i) = mod(i * 7919, 1000) - 500
    dx(i) = 0.25d0 * mod(mod(i, 4096) * 104729, 64)
  end do
  ! A permutation.
  do i = n, 2, -1
    j = 1 + mod(i * 7 + 13, i)
    t = idx(i)
    idx(i) = idx(j)
    idx(j) = t
  end do
  do k = 1, size(sizes)
    m = sizes(k)
    call inclusive(x, y, idx, m, total)
    s = 0
    do i = 1, m
      s = s + x(idx(i))
      call check(y(i) == s, 'inclusive')
    end do
    call check(total == s, 'inclusive total')
    call exclusive(dx, dy(1:m), idx(1:m), dtotal)
    ds = 0
    do i = 1, m
      call check(dy(i) == ds, 'exclusive')
      ds = ds + dx(idx(i))
    end do
    call check(dtotal == ds, 'exclusive total')
  end do
end program
