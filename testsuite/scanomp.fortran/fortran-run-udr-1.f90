! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Fortran's user-defined reductions in inscan loops: a declared operator
! over a derived type, and min over real(8) inside a block construct.
! Each must match the sequential loop exactly.
! { dg-do run }

module m
  implicit none
  type pair
    integer :: a, b
  end type
end module
program p
  use m
  implicit none
  integer, parameter :: n = 10007
  type(pair) :: x(n), y(n), s, r
  !$omp declare reduction (padd : pair : &
  !$omp   omp_out = pair(omp_out%a + omp_in%a, omp_out%b + omp_in%b)) &
  !$omp   initializer (omp_priv = pair(0, 0))
  integer :: i
  do i = 1, n
    x(i) = pair(i, 2 * i - 5)
  end do
  s = pair(0, 0)
  !$omp parallel do reduction(inscan, padd: s)
  do i = 1, n
    s = pair(s%a + x(i)%a, s%b + x(i)%b)
    !$omp scan inclusive(s)
    y(i) = s
  end do
  r = pair(0, 0)
  do i = 1, n
    r%a = r%a + x(i)%a
    r%b = r%b + x(i)%b
    if (y(i)%a /= r%a .or. y(i)%b /= r%b) stop 1
  end do
  if (s%a /= r%a .or. s%b /= r%b) stop 2
  ! min over reals with a max-loc-like private
  block
    real(8) :: v(n), w(n), mn
    do i = 1, n
      v(i) = sin(real(i, 8))
    end do
    mn = huge(mn)
    !$omp parallel do reduction(inscan, min: mn)
    do i = 1, n
      mn = min(mn, v(i))
      !$omp scan inclusive(mn)
      w(i) = mn
    end do

    do i = 1, n
      if (i == 1) then
        if (w(1) /= v(1)) stop 3
      else if (w(i) /= min(w(i-1), v(i))) then
        stop 4
      end if
    end do
  end block
end program
