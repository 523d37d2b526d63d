! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! inscan-loop.f90: bench-inscan's loop in Fortran, compiled twice, by
! gfortran alone and through the plugin (Makefile.am renames the symbol
! of each): the same inclusive + scan as inscan-loop.h's `parallel for',
! as `!$omp parallel do' over explicit-shape arrays.
function inscan_fortran (y, x, n) result (s) bind (c)
  use iso_c_binding, only: c_int, c_long
  implicit none
  integer(c_long), value :: n
  integer(c_int), intent(out) :: y(n)
  integer(c_int), intent(in) :: x(n)
  integer(c_int) :: s
  integer(c_long) :: i
  s = 0
  !$omp parallel do reduction (inscan, +: s)
  do i = 1, n
    s = s + x(i)
    !$omp scan inclusive (s)
    y(i) = s
  end do
end function inscan_fortran
