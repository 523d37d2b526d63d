! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops over Fortran's arrays as they are passed and declared:
! explicit-shape dummies, with lower bounds of their own, contiguous
! and plain assumed-shape dummies (a strided section among them),
! allocatables, module arrays and local arrays; `parallel do', `parallel
! do simd', an orphaned `do' in a parallel region, loops inside `target'
! (one whose bound is a dummy argument, which gfortran reads there).
! Each must match the sequential loop exactly, totals included.
! { dg-do run }

module shapes
  implicit none
  integer, parameter :: n = 50021
  integer :: ma(n), mb(n)
contains
  include 'check.inc'

  ! Explicit shape, lower bounds 0 and -3.
  subroutine explicit(x, y, m, total)
    integer, intent(in) :: m
    integer(8), intent(in) :: x(0:m-1)
    integer(8), intent(out) :: y(-3:m-4)
    integer(8), intent(out) :: total
    integer(8) :: s
    integer :: i
    s = 5
    !$omp parallel do reduction(inscan, +: s)
    do i = 0, m - 1
      s = s + 2 * x(i)
      !$omp scan inclusive(s)
      y(i - 3) = s
    end do
    total = s
  end subroutine

  ! Contiguous assumed shape, exclusive, do simd.
  subroutine contig(x, y, total)
    real(8), contiguous, intent(in) :: x(:)
    real(8), contiguous, intent(out) :: y(:)
    real(8), intent(out) :: total
    real(8) :: s
    integer :: i
    s = 0
    !$omp parallel do simd reduction(inscan, +: s)
    do i = 1, size(x)
      y(i) = s
      !$omp scan exclusive(s)
      s = s + x(i)
    end do
    total = s
  end subroutine

  ! Assumed shape of any stride.
  subroutine strided(x, y, total)
    integer, intent(in) :: x(:)
    integer, intent(out) :: y(:)
    integer, intent(out) :: total
    integer :: s, i
    s = 0
    !$omp parallel do reduction(inscan, max: s)
    do i = 1, size(x)
      s = max(s, x(i))
      !$omp scan inclusive(s)
      y(i) = s
    end do
    total = s
  end subroutine

  ! Inside target, dummies whose bound gfortran reads there.
  subroutine in_target(x, y, m, total)
    integer, intent(in) :: m
    integer, intent(in) :: x(m)
    integer, intent(out) :: y(m)
    integer, intent(out) :: total
    integer :: s, i
    s = 3
    !$omp target map(to: x) map(from: y) map(tofrom: s)
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, m
      y(i) = s
      !$omp scan exclusive(s)
      s = s + x(i)
    end do
    !$omp end target
    total = s
  end subroutine

  ! An orphaned do over module arrays, called in a parallel region.
  subroutine orphan(total)
    integer, intent(out) :: total
    integer :: s, i
    s = 0
    !$omp parallel shared(s)
    !$omp do reduction(inscan, +: s)
    do i = 1, n
      s = s + ma(i)
      !$omp scan inclusive(s)
      mb(i) = s
    end do
    !$omp end parallel
    total = s
  end subroutine
end module shapes

program main
  use shapes
  implicit none
  integer(8) :: x8(n), y8(n), t8, r8
  real(8) :: xd(n), yd(n), td, rd
  integer :: x4(2 * n), y4(n), t4, r4, i, s
  integer, allocatable :: ax(:), ay(:)
  integer :: la(n), lb(n)

  do i = 1, n
    x8(i) = mod(i * 31, 977) - 488
    xd(i) = real(mod(i, 17), 8) * 0.125d0
    ma(i) = mod(i * 13, 101) - 50
    la(i) = mod(i * 7, 59) - 29
  end do
  do i = 1, 2 * n
    x4(i) = mod(i * 7919, 100003)
  end do

  call explicit(x8, y8, n, t8)
  r8 = 5
  do i = 1, n
    r8 = r8 + 2 * x8(i)
    call check(y8(i) == r8, 'explicit')
  end do
  call check(t8 == r8, 'explicit total')

  call contig(xd, yd, td)
  rd = 0
  do i = 1, n
    call check(yd(i) == rd, 'contiguous')
    rd = rd + xd(i)
  end do
  call check(td == rd, 'contiguous total')

  ! Every other element: a stride of 2.
  call strided(x4(1:2*n:2), y4, t4)
  r4 = 0
  do i = 1, n
    r4 = max(r4, x4(2 * i - 1))
    call check(y4(i) == r4, 'strided')
  end do
  call check(t4 == r4, 'strided total')
  call strided(x4(1:n), y4, t4)
  r4 = 0
  do i = 1, n
    r4 = max(r4, x4(i))
    call check(y4(i) == r4, 'unit stride')
  end do

  call in_target(x4, y4, n - 7, t4)
  r4 = 3
  do i = 1, n - 7
    call check(y4(i) == r4, 'target, dummy bound')
    r4 = r4 + x4(i)
  end do
  call check(t4 == r4, 'target, dummy bound total')

  call orphan(t4)
  r4 = 0
  do i = 1, n
    r4 = r4 + ma(i)
    call check(mb(i) == r4, 'orphan')
  end do
  call check(t4 == r4, 'orphan total')

  ! Allocatables with lower bound 0.
  allocate (ax(0:n-1), ay(0:n-1))
  do i = 0, n - 1
    ax(i) = mod(i * 3, 11) - 5
  end do
  s = 0
  !$omp parallel do reduction(inscan, +: s)
  do i = 0, n - 1
    ay(i) = s
    !$omp scan exclusive(s)
    s = s + ax(i)
  end do
  r4 = 0
  do i = 0, n - 1
    call check(ay(i) == r4, 'allocatable')
    r4 = r4 + ax(i)
  end do
  call check(s == r4, 'allocatable total')

  ! Local arrays, inside target.
  s = 1
  !$omp target map(to: la) map(from: lb) map(tofrom: s)
  !$omp parallel do reduction(inscan, ieor: s)
  do i = 1, n
    s = ieor(s, la(i))
    !$omp scan inclusive(s)
    lb(i) = s
  end do
  !$omp end target
  r4 = 1
  do i = 1, n
    r4 = ieor(r4, la(i))
    call check(lb(i) == r4, 'target')
  end do
  call check(s == r4, 'target total')
end program main
