! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops whose input phase stores to memory, each element its own
! iteration's, and reads back only what it stored (`flag(i) = ...; cnt
! = cnt + flag(i)'): taken since 2026-12-03, on the host path and as
! kernels (GCC's own code before), over an explicit-shape and an
! assumed-shape dummy and a derived type's components, inclusive and
! exclusive.  Each must match the sequential loop exactly, totals
! included.  Each phase of two statements is a block (gfortran 12 takes
! one statement a phase).
! { dg-do run }

module staged
  implicit none
  integer, parameter :: n = 50021
  type rows
    integer, allocatable :: len(:), start(:)
  end type rows
contains
  include 'check.inc'

  subroutine flags(x, flag, pos, m, total)
    integer, intent(in) :: m
    real(8), intent(in) :: x(m)
    integer, intent(out) :: flag(m), pos(m)
    integer, intent(out) :: total
    integer :: cnt, i
    cnt = 0
    !$omp parallel do reduction(inscan, +: cnt)
    do i = 1, m
      block
        flag(i) = merge(1, 0, x(i) > 0.5d0)
        cnt = cnt + flag(i)
      end block
      !$omp scan inclusive(cnt)
      pos(i) = cnt
    end do
    total = cnt
  end subroutine

  subroutine doubled(x, d, y, total)
    real(8), intent(in) :: x(:)
    real(8), intent(out) :: d(:), y(:)
    real(8), intent(out) :: total
    real(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, size(y)
      y(i) = s
      !$omp scan exclusive(s)
      block
        d(i) = 2 * x(i)
        s = s + d(i)
      end block
    end do
    total = s
  end subroutine

  subroutine starts(deg, r, m)
    integer, intent(in) :: m, deg(m)
    type(rows), intent(inout) :: r
    integer :: s, i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, m
      block
        r%len(i) = max(deg(i), 0)
        s = s + r%len(i)
      end block
      !$omp scan inclusive(s)
      r%start(i) = s - r%len(i)
    end do
  end subroutine
end module

program main
  use staged
  implicit none
  integer :: flag(n), pos(n), deg(n), total, s, i, m
  real(8) :: x(n), d(n), y(n), dtotal, ds
  type(rows) :: r
  integer :: sizes(4) = [0, 1, 1001, n]
  integer :: k
  allocate (r%len(n), r%start(n))
  do i = 1, n
    x(i) = mod(i * 7919, 8) * 0.25d0
    deg(i) = mod(i * 13, 17) - 5
  end do
  do k = 1, size(sizes)
    m = sizes(k)
    flag = -7
    call flags(x, flag, pos, m, total)
    s = 0
    do i = 1, m
      if (x(i) > 0.5d0) s = s + 1
      call check(flag(i) == merge(1, 0, x(i) > 0.5d0) .and. pos(i) == s, &
                 'flags')
    end do
    call check(total == s, 'flags total')
    d = -7
    call doubled(x(1:m), d(1:m), y(1:m), dtotal)
    ds = 0
    do i = 1, m
      call check(d(i) == 2 * x(i) .and. y(i) == ds, 'doubled')
      ds = ds + 2 * x(i)
    end do
    call check(dtotal == ds, 'doubled total')
    call starts(deg, r, m)
    s = 0
    do i = 1, m
      call check(r%len(i) == max(deg(i), 0) .and. r%start(i) == s, &
                 'starts')
      s = s + max(deg(i), 0)
    end do
  end do
end program
