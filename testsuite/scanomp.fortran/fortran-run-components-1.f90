! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops over arrays that are components of derived types, as
! Fortran programs keep their data: allocatable, pointer and fixed-size
! components of a dummy argument, of a module variable, and of a type
! inside a type; inclusive and exclusive.  The plugin reads each
! component's descriptor once, where the loop is called.  Each must
! match the sequential loop exactly.
! { dg-do run }

module components
  implicit none
  type walker
    real(8), allocatable :: w(:), cdf(:)
  end type walker
  type holder
    integer, pointer :: p(:) => null()
    integer :: fixed(300)
  end type holder
  type outer
    type(walker) :: inner
  end type outer
  type(holder) :: mh
contains
  include 'check.inc'

  ! A diffusion Monte Carlo's cumulative weights.
  subroutine cumulative(wlk, n)
    type(walker), intent(inout) :: wlk
    integer, intent(in) :: n
    integer :: i
    real(8) :: acc
    acc = 0
    !$omp parallel do reduction(inscan, +: acc)
    do i = 1, n
      acc = acc + wlk%w(i)
      !$omp scan inclusive(acc)
      wlk%cdf(i) = acc
    end do
  end subroutine cumulative

  subroutine offsets(n, y)
    integer, intent(in) :: n
    integer, intent(out) :: y(n)
    integer :: i, s
    s = 0
    !$omp parallel do reduction(inscan, +: s)
    do i = 1, n
      y(i) = s
      !$omp scan exclusive(s)
      s = s + mh%p(i)
    end do
  end subroutine offsets

  subroutine fixed_max(y)
    integer, intent(out) :: y(300)
    integer :: i, m
    m = -huge(m)
    !$omp parallel do reduction(inscan, max: m)
    do i = 1, 300
      m = max(m, mh%fixed(i))
      !$omp scan inclusive(m)
      y(i) = m
    end do
  end subroutine fixed_max

  subroutine nested(o, n)
    type(outer), intent(inout) :: o
    integer, intent(in) :: n
    integer :: i
    real(8) :: acc
    acc = 0
    !$omp parallel do reduction(inscan, +: acc)
    do i = 1, n
      o%inner%cdf(i) = acc
      !$omp scan exclusive(acc)
      acc = acc + o%inner%w(i)
    end do
  end subroutine nested
end module components

program main
  use components
  implicit none
  integer, parameter :: sizes(4) = [1, 2, 1001, 1048583]
  type(walker) :: wk
  type(outer) :: o
  integer, allocatable :: y(:)
  integer :: k, n, i, s
  real(8) :: r
  do k = 1, size(sizes)
    n = sizes(k)
    allocate (wk%w(n), wk%cdf(n), y(n), mh%p(n))
    do i = 1, n
      wk%w(i) = mod(i * 7, 11) - 5
      mh%p(i) = mod(i * 13, 17) - 8
    end do
    call cumulative(wk, n)
    r = 0
    do i = 1, n
      r = r + wk%w(i)
      call check(wk%cdf(i) == r, 'allocatable components')
    end do
    call offsets(n, y)
    s = 0
    do i = 1, n
      call check(y(i) == s, 'pointer component of a module variable')
      s = s + mh%p(i)
    end do
    o%inner = wk
    call nested(o, n)
    r = 0
    do i = 1, n
      call check(o%inner%cdf(i) == r, 'a type inside a type')
      r = r + o%inner%w(i)
    end do
    deallocate (wk%w, wk%cdf, y, mh%p)
  end do
  do i = 1, 300
    mh%fixed(i) = mod(i * 31, 101)
  end do
  allocate (y(300))
  call fixed_max(y)
  s = -huge(s)
  do i = 1, 300
    s = max(s, mh%fixed(i))
    call check(y(i) == s, 'fixed-size component')
  end do
end program main
