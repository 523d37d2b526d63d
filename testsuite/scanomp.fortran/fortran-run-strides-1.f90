! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops along a row of rank-2 arrays (strides.inc): an
! explicit-shape dummy `a(n, m)', assumed-shape dummies, a module's
! allocatable into a local one.  The plugin took them, then ran each
! as GCC's own code, having taken the column's length for a first
! dimension's stride of 1; each checked against the sequential loop,
! the sums exact (halves of small integers).
! { dg-do run }

module strides_run
  implicit none
  real(8), allocatable :: grid(:, :)
contains
  include 'check.inc'
  include 'strides.inc'
end module strides_run

program run
  use strides_run
  implicit none
  integer, parameter :: sizes(5) = [1, 2, 3, 1001, 100003]
  real(8), allocatable :: a(:, :), b(:, :), out(:)
  integer, allocatable :: ai(:, :), bi(:, :)
  real(8) :: total, r
  integer :: totali, ri, n, m, i, j, k
  n = 3
  do k = 1, size(sizes)
    m = sizes(k)
    allocate (a(n, m), b(n, m), ai(n, m), bi(n, m), grid(n, m), out(m))
    do j = 1, m
      do i = 1, n
        a(i, j) = mod(i * 7 + j * 13, 23) * 0.5d0
        ai(i, j) = mod(i * 5 + j * 11, 19) - 9
        grid(i, j) = mod(i * 3 + j * 17, 29)
      end do
    end do
    do i = 1, n
      b = -1
      call explicit_row(a, b, n, m, i, total)
      r = 0
      do j = 1, m
        r = r + a(i, j)
        call check(b(i, j) == r, 'explicit shape')
      end do
      call check(total == r, 'explicit shape, total')
      call check(all(b(i + 1:, :) == -1) .and. all(b(:i - 1, :) == -1), &
                 'explicit shape, other rows')
      bi = -100
      call assumed_row(ai, bi, i, totali)
      ri = 0
      do j = 1, m
        call check(bi(i, j) == ri, 'assumed shape')
        ri = ri + ai(i, j)
      end do
      call check(totali == ri, 'assumed shape, total')
      call module_row(i, out, total)
      r = -huge(r)
      do j = 1, m
        r = max(r, grid(i, j))
        call check(out(j) == r, 'module allocatable')
      end do
      call check(total == r, 'module allocatable, total')
    end do
    deallocate (a, b, ai, bi, grid, out)
  end do
end program run
