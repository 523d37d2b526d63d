! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops over arrays reached through their descriptors:
! allocatable locals (lower bounds 1, 0 and -5), allocatable dummies and
! module allocatables, pointer arrays (one on a strided section, which
! runs GCC's code), an array scanned in place, allocatables inside
! `target', an optional allocatable dummy absent and present.  Each must match the sequential loop exactly.
! { dg-do run }

module alloc
  implicit none
  integer, allocatable :: mx(:), my(:)
contains
  include 'check.inc'

  subroutine dummy(x, y, total)
    integer(8), allocatable, intent(in) :: x(:)
    integer(8), allocatable, intent(inout) :: y(:)
    integer(8), intent(out) :: total
    integer(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = lbound(x, 1), ubound(x, 1)
      s = s + x(i) * 3
      !$omp scan inclusive(s)
      y(i) = s
    end do
    total = s
  end subroutine

  ! An optional allocatable dummy, read only where present: GCC's code
  ! (the plugin would read its descriptor where the call is made).
  subroutine optional_weights(x, y, n, w)
    integer, intent(in) :: n
    integer, intent(in) :: x(n)
    integer, intent(out) :: y(n)
    integer, allocatable, optional, intent(in) :: w(:)
    integer :: s, i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, n
      if (present(w)) then
        s = s + x(i) * w(i)
      else
        s = s + x(i)
      end if
      !$omp scan inclusive(s)
      y(i) = s
    end do
  end subroutine

  subroutine module_arrays(n, total)
    integer, intent(in) :: n
    integer, intent(out) :: total
    integer :: s, i
    s = 0
    !$omp parallel do reduction(inscan, max: s)
    do i = 1, n
      my(i) = s
      !$omp scan exclusive(s)
      s = max(s, mx(i))
    end do
    total = s
  end subroutine

  subroutine through_pointer(p, q, n, total)
    real(8), pointer, intent(in) :: p(:)
    real(8), pointer, intent(in) :: q(:)
    integer, intent(in) :: n
    real(8), intent(out) :: total
    real(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, n
      s = s + p(i)
      !$omp scan inclusive(s)
      q(i) = s
    end do
    total = s
  end subroutine
end module alloc

program main
  use alloc
  implicit none
  integer, parameter :: n = 40009
  integer, allocatable :: a(:), b(:)
  integer(8), allocatable :: x8(:), y8(:)
  real(8), allocatable, target :: xd(:), yd(:), wide(:)
  real(8), pointer :: p(:), q(:)
  integer :: i, s, r, t
  integer(8) :: t8, r8
  real(8) :: td, rd

  ! Lower bound -5, exclusive, two arrays.
  allocate (a(-5:n-6), b(-5:n-6))
  do i = -5, n - 6
    a(i) = mod(i * 17 + 100, 23) - 11
  end do
  s = 7
  !$omp parallel do reduction(inscan, +: s)
  do i = -5, n - 6
    b(i) = s
    !$omp scan exclusive(s)
    s = s + a(i)
  end do
  r = 7
  do i = -5, n - 6
    call check(b(i) == r, 'lower bound -5')
    r = r + a(i)
  end do
  call check(s == r, 'lower bound -5 total')

  ! In place: a(i) read in the input phase, overwritten in the scan
  ! phase.
  b = a
  s = 0
  !$omp parallel do reduction(inscan, ieor: s)
  do i = -5, n - 6
    s = ieor(s, a(i))
    !$omp scan inclusive(s)
    a(i) = s
  end do
  r = 0
  do i = -5, n - 6
    r = ieor(r, b(i))
    call check(a(i) == r, 'in place')
  end do

  allocate (x8(0:n-1), y8(0:n-1))
  do i = 0, n - 1
    x8(i) = mod(i, 1000) - 500
  end do
  call dummy(x8, y8, t8)
  r8 = 0
  do i = 0, n - 1
    r8 = r8 + x8(i) * 3
    call check(y8(i) == r8, 'allocatable dummy')
  end do
  call check(t8 == r8, 'allocatable dummy total')

  ! Optional dummy absent, then present.
  block
    integer :: ones(n), sums(n)
    integer, allocatable :: twos(:)
    ones = 1
    call optional_weights(ones, sums, n)
    do i = 1, n
      call check(sums(i) == i, 'optional, absent')
    end do
    allocate (twos(n))
    twos = 2
    call optional_weights(ones, sums, n, twos)
    do i = 1, n
      call check(sums(i) == 2 * i, 'optional, present')
    end do
  end block

  allocate (mx(n), my(n))
  do i = 1, n
    mx(i) = mod(i * 7919, 65521)
  end do
  call module_arrays(n, t)
  r = 0
  do i = 1, n
    call check(my(i) == r, 'module allocatables')
    r = max(r, mx(i))
  end do
  call check(t == r, 'module allocatables total')

  ! Pointer arrays: whole arrays, then a section of stride 3.
  allocate (xd(n), yd(n), wide(3 * n))
  do i = 1, n
    xd(i) = real(mod(i, 9), 8) * 0.5d0
  end do
  do i = 1, 3 * n
    wide(i) = real(mod(i, 5), 8)
  end do
  p => xd
  q => yd
  call through_pointer(p, q, n, td)
  rd = 0
  do i = 1, n
    rd = rd + xd(i)
    call check(yd(i) == rd, 'pointer')
  end do
  call check(td == rd, 'pointer total')
  p => wide(1:3*n:3)
  call through_pointer(p, q, n, td)
  rd = 0
  do i = 1, n
    rd = rd + wide(3 * i - 2)
    call check(yd(i) == rd, 'pointer, stride 3')
  end do

  ! Allocatables inside target.
  deallocate (a, b)
  allocate (a(n), b(n))
  do i = 1, n
    a(i) = mod(i * 31, 97) - 48
  end do
  s = 0
  !$omp target map(to: a) map(from: b) map(tofrom: s)
  !$omp parallel do reduction(inscan, +: s)
  do i = 1, n
    s = s + a(i)
    !$omp scan inclusive(s)
    b(i) = s
  end do
  !$omp end target
  r = 0
  do i = 1, n
    r = r + a(i)
    call check(b(i) == r, 'target')
  end do
  call check(s == r, 'target total')
end program main
