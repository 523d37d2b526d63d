! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Scan phases that store to components of array elements of a derived
! type, as CSR row offsets are filled: each row's start (exclusive) and
! end (inclusive), over an explicit-shape dummy and an allocatable one.
! The plugin once left them to GCC (an assignment it "cannot outline");
! fortran-taken-1.f90 says it takes them.  Each must match the
! sequential loop exactly.
! { dg-do run }

module fields1
  implicit none
  type row
    integer :: count
    integer(8) :: start, finish
  end type row
contains
  include 'check.inc'

  subroutine starts(r, n)
    integer, intent(in) :: n
    type(row), intent(inout) :: r(n)
    integer(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, n
      r(i)%start = s
      !$omp scan exclusive(s)
      s = s + r(i)%count
    end do
  end subroutine starts

  subroutine ends(r)
    type(row), allocatable, intent(inout) :: r(:)
    integer(8) :: s
    integer :: i
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, size(r)
      s = s + r(i)%count
      !$omp scan inclusive(s)
      r(i)%finish = s
    end do
  end subroutine ends
end module fields1

program main
  use fields1
  implicit none
  integer, parameter :: sizes(5) = [0, 1, 3, 1001, 1048583]
  type(row), allocatable :: r(:)
  integer(8) :: t
  integer :: k, i, n
  do k = 1, size(sizes)
    n = sizes(k)
    allocate (r(n))
    do i = 1, n
      r(i)%count = mod(i * 7919, 13)
      r(i)%start = -1
      r(i)%finish = -1
    end do
    call starts(r, n)
    call ends(r)
    t = 0
    do i = 1, n
      call check(r(i)%start == t, 'start')
      t = t + r(i)%count
      call check(r(i)%finish == t, 'finish')
    end do
    deallocate (r)
  end do
end program main
