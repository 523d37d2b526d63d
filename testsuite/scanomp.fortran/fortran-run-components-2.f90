! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops the Fortran fuzzer (scanfuzz-fortran) found left to GCC,
! or wrong once taken: a store to one component of a derived type beside
! reads through another's descriptor (a pointer component's stride), in
! a type and in a type inside a type; a dummy scan variable in a target
! region, whose total must come back through the dummy; Fortran's
! parentheses, which the kernels must keep; a block construct as the
! scan phase.  Each must match the sequential loop exactly.
! { dg-do run }

module components2
  implicit none
  type walker
    integer(8), pointer :: x(:) => null()
    integer(8), pointer :: z(:) => null()
    logical :: y(0:5000)
  end type walker
  type outer
    type(walker) :: in
  end type outer
contains
  include 'check.inc'

  subroutine all_positive(lb, n, s, t)
    integer, intent(in) :: lb, n
    logical, intent(inout) :: s
    type(walker), intent(inout) :: t
    integer :: i
    !$omp parallel do reduction(inscan, .and.: s)
    do i = lb, n
      s = s .and. (t%x(i) >= 0)
      !$omp scan inclusive(s)
      t%y(i) = s
    end do
  end subroutine all_positive

  subroutine nested_min(lb, n, s, o)
    integer, intent(in) :: lb, n
    integer(8), intent(inout) :: s
    type(outer), intent(inout) :: o
    integer :: i
    !$omp parallel
    !$omp do reduction(inscan, min: s)
    do i = lb, n
      s = min((-o%in%x(i)), s)
      !$omp scan inclusive(s)
      block
        o%in%y(i) = s < 0
        o%in%z(i) = s
      end block
    end do
    !$omp end parallel
  end subroutine nested_min

  subroutine target_sum(lb, n, s, x, y)
    integer, intent(in) :: lb, n
    integer(8), intent(inout) :: s
    integer(8), intent(in) :: x(lb:n)
    integer(8), intent(inout) :: y(lb:n)
    integer :: i
    !$omp target map(to: x) map(tofrom: y, s)
    !$omp parallel do reduction(inscan, +: s)
    do i = lb, n
      y(i) = s
      !$omp scan exclusive(s)
      s = s + (x(i) - 1)
    end do
    !$omp end target
  end subroutine target_sum
end module components2

program main
  use components2
  implicit none
  integer, parameter :: sizes(4) = [1, 2, 1001, 5001]
  type(walker), allocatable :: t
  type(outer), allocatable :: o
  integer(8), allocatable :: x(:), y(:)
  integer :: k, n, i
  logical :: s, r
  integer(8) :: m, rm, total, rt
  allocate (t, o)
  do k = 1, size(sizes)
    n = sizes(k) - 1
    allocate (t%x(0:n), t%z(0:n), o%in%x(0:n), o%in%z(0:n), x(0:n), &
              y(0:n))
    do i = 0, n
      t%x(i) = merge(-1, 1, mod(i, 997) == 996)
      o%in%x(i) = mod(i * 37, 101) - 20
      x(i) = mod(i * 13, 17)
    end do
    s = .true.
    call all_positive(0, n, s, t)
    r = .true.
    do i = 0, n
      r = r .and. t%x(i) >= 0
      call check(t%y(i) .eqv. r, 'a store to a component beside another')
    end do
    call check(s .eqv. r, 'the .and. total')
    m = 7
    call nested_min(0, n, m, o)
    rm = 7
    do i = 0, n
      rm = min(-o%in%x(i), rm)
      call check(o%in%z(i) == rm .and. (o%in%y(i) .eqv. rm < 0), &
                 'a type inside a type, in a block')
    end do
    call check(m == rm, 'the min total')
    total = 5
    call target_sum(0, n, total, x, y)
    rt = 5
    do i = 0, n
      call check(y(i) == rt, 'a dummy scan variable in a target region')
      rt = rt + (x(i) - 1)
    end do
    call check(total == rt, 'the total of a target region, through a dummy')
    deallocate (t%x, t%z, o%in%x, o%in%z, x, y)
  end do
end program main
