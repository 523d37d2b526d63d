! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops over nests that `collapse' makes one loop, as Fortran
! people write them (and Flang's tests): `parallel do collapse(2)' down
! the columns of an assumed-shape dummy, bounds known at run time alone,
! inclusive; an outer loop counting down over an explicit-shape dummy
! with lower bounds of its own, exclusive, in integer(8); and
! `collapse(3)' over a module array.  Each must match the sequential
! loop exactly, totals included, over empty nests too.  gfortran 12's
! own code for the nests crashes (fortran.exp runs them with the plugin
! alone); it stays as the plugin's fallback, and warns of temporaries of
! its own that may be used uninitialized.
! { dg-do run }
! { dg-options "-Wno-maybe-uninitialized" }

module nests
  implicit none
  integer, parameter :: n = 401, m = 9, k = 3
  integer :: cube(k, m, n), cscan(k, m, n)
contains
  include 'check.inc'

  subroutine columns(a, b, total)
    integer, intent(in) :: a(:, :)
    integer, intent(out) :: b(:, :)
    integer, intent(out) :: total
    integer :: s, i, j
    s = 3
    !$omp parallel do collapse(2) reduction(inscan, +: s)
    do j = 1, size(a, 2)
      do i = 1, size(a, 1)
        s = s + a(i, j)
        !$omp scan inclusive(s)
        b(i, j) = s
      end do
    end do
    total = s
  end subroutine

  subroutine backwards(a, b, rows, cols, total)
    integer, intent(in) :: rows, cols
    integer(8), intent(in) :: a(0:rows - 1, -2:cols - 3)
    integer(8), intent(out) :: b(0:rows - 1, -2:cols - 3)
    integer(8), intent(out) :: total
    integer(8) :: s
    integer :: i, j
    s = 0
    !$omp parallel do collapse(2) reduction(inscan, +: s)
    do j = cols - 3, -2, -1
      do i = 0, rows - 1
        b(i, j) = s
        !$omp scan exclusive(s)
        s = s + 2 * a(i, j)
      end do
    end do
    total = s
  end subroutine

  integer function deep()
    integer :: s, i, j, l
    s = 0
    !$omp parallel do collapse(3) reduction(inscan, +: s)
    do i = 1, n
      do j = 1, m
        do l = 1, k
          s = s + cube(l, j, i)
          !$omp scan inclusive(s)
          cscan(l, j, i) = s
        end do
      end do
    end do
    deep = s
  end function
end module

program collapse
  use nests
  implicit none
  integer, allocatable :: a(:, :), b(:, :)
  integer(8), allocatable :: c(:, :), d(:, :)
  integer :: shapes(2, 4), t, i, j, l, total, want
  integer(8) :: total8, want8
  shapes = reshape([1000, 37, 0, 5, 7, 0, 1, 1], [2, 4])
  do t = 1, 4
    allocate (a(shapes(1, t), shapes(2, t)), b(shapes(1, t), shapes(2, t)))
    allocate (c(0:shapes(1, t) - 1, -2:shapes(2, t) - 3))
    allocate (d(0:shapes(1, t) - 1, -2:shapes(2, t) - 3))
    do j = 1, shapes(2, t)
      do i = 1, shapes(1, t)
        a(i, j) = mod(i * 7 + j * 13, 1001) - 500
        c(i - 1, j - 3) = a(i, j)
      end do
    end do
    call columns(a, b, total)
    want = 3
    do j = 1, shapes(2, t)
      do i = 1, shapes(1, t)
        want = want + a(i, j)
        call check(b(i, j) == want, 'columns')
      end do
    end do
    call check(total == want, 'columns: total')
    call backwards(c, d, shapes(1, t), shapes(2, t), total8)
    want8 = 0
    do j = shapes(2, t) - 3, -2, -1
      do i = 0, shapes(1, t) - 1
        call check(d(i, j) == want8, 'backwards')
        want8 = want8 + 2 * c(i, j)
      end do
    end do
    call check(total8 == want8, 'backwards: total')
    deallocate (a, b, c, d)
  end do
  do i = 1, n
    do j = 1, m
      do l = 1, k
        cube(l, j, i) = mod(i * 5 + j * 3 + l, 17) - 8
      end do
    end do
  end do
  total = deep()
  want = 0
  do i = 1, n
    do j = 1, m
      do l = 1, k
        want = want + cube(l, j, i)
        call check(cscan(l, j, i) == want, 'deep')
      end do
    end do
  end do
  call check(total == want, 'deep: total')
end program
