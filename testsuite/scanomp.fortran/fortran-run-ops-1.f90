! SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
! Inscan loops over Fortran's integer kinds, real(4), real(8) and logical,
! with each operator Fortran has (+, *, max, min, iand, ior, ieor, .and.,
! .or.), inclusive and exclusive: each must match the sequential loop,
! exactly but for real(4) sums.
! { dg-do run }

module ops
  implicit none
contains
  include 'check.inc'
end module ops

program main
  use ops
  implicit none
  integer, parameter :: n = 100003
  integer(4) :: x4(n), y4(n), s4, r4
  integer(8) :: x8(n), y8(n), s8, r8
  integer(2) :: x2(n), y2(n), s2, r2
  integer(1) :: x1(n), y1(n), s1, r1
  real(4) :: xr(n), yr(n), sr, rr
  real(8) :: xd(n), yd(n), sd, rd
  logical :: xl(n), yl(n), sl, rl
  integer :: i
  do i = 1, n
    x4(i) = mod(i * 7919, 1000) - 500
    x8(i) = int(x4(i), 8) * 100000_8
    x2(i) = int(mod(i, 50) - 25, 2)
    x1(i) = int(mod(i, 7) - 3, 1)
    xr(i) = real(mod(i, 13), 4) * 0.5
    xd(i) = real(x4(i), 8) * 0.25d0
    xl(i) = mod(i, 1000) /= 0
  end do

  s4 = 0
  !$omp parallel do reduction(inscan, +: s4)
  do i = 1, n
    s4 = s4 + x4(i)
    !$omp scan inclusive(s4)
    y4(i) = s4
  end do
  r4 = 0
  do i = 1, n
    r4 = r4 + x4(i)
    call check(y4(i) == r4, 'integer(4) +')
  end do
  call check(s4 == r4, 'integer(4) + total')

  s8 = 1
  !$omp parallel do reduction(inscan, *: s8)
  do i = 1, n
    y8(i) = s8
    !$omp scan exclusive(s8)
    s8 = s8 * merge(3_8, 1_8, mod(i, 997) == 0)
  end do
  r8 = 1
  do i = 1, n
    call check(y8(i) == r8, 'integer(8) *')
    r8 = r8 * merge(3_8, 1_8, mod(i, 997) == 0)
  end do
  call check(s8 == r8, 'integer(8) * total')

  s2 = -huge(s2)
  !$omp parallel do reduction(inscan, max: s2)
  do i = 1, n
    s2 = max(s2, x2(i))
    !$omp scan inclusive(s2)
    y2(i) = s2
  end do
  r2 = -huge(r2)
  do i = 1, n
    r2 = max(r2, x2(i))
    call check(y2(i) == r2, 'integer(2) max')
  end do

  s1 = huge(s1)
  !$omp parallel do reduction(inscan, min: s1)
  do i = 1, n
    s1 = min(s1, x1(i))
    !$omp scan inclusive(s1)
    y1(i) = s1
  end do
  r1 = huge(r1)
  do i = 1, n
    r1 = min(r1, x1(i))
    call check(y1(i) == r1, 'integer(1) min')
  end do

  s4 = 0
  !$omp parallel do reduction(inscan, ieor: s4)
  do i = 1, n
    s4 = ieor(s4, x4(i))
    !$omp scan inclusive(s4)
    y4(i) = s4
  end do
  r4 = 0
  do i = 1, n
    r4 = ieor(r4, x4(i))
    call check(y4(i) == r4, 'ieor')
  end do

  s4 = -1
  !$omp parallel do reduction(inscan, iand: s4)
  do i = 1, n
    y4(i) = s4
    !$omp scan exclusive(s4)
    s4 = iand(s4, x4(i) + 1024)
  end do
  r4 = -1
  do i = 1, n
    call check(y4(i) == r4, 'iand')
    r4 = iand(r4, x4(i) + 1024)
  end do

  s4 = 0
  !$omp parallel do reduction(inscan, ior: s4)
  do i = 1, n
    s4 = ior(s4, iand(x4(i), 255))
    !$omp scan inclusive(s4)
    y4(i) = s4
  end do
  r4 = 0
  do i = 1, n
    r4 = ior(r4, iand(x4(i), 255))
    call check(y4(i) == r4, 'ior')
  end do

  sr = 0
  !$omp parallel do reduction(inscan, +: sr)
  do i = 1, n
    sr = sr + xr(i)
    !$omp scan inclusive(sr)
    yr(i) = sr
  end do
  rr = 0
  do i = 1, n
    rr = rr + xr(i)
    call check(abs(yr(i) - rr) <= 1e-5 * max(1.0, abs(rr)), 'real(4) +')
  end do

  sd = 0
  !$omp parallel do reduction(inscan, +: sd)
  do i = 1, n
    yd(i) = sd
    !$omp scan exclusive(sd)
    sd = sd + xd(i)
  end do
  rd = 0
  do i = 1, n
    call check(yd(i) == rd, 'real(8) +')
    rd = rd + xd(i)
  end do

  sl = .true.
  !$omp parallel do reduction(inscan, .and.: sl)
  do i = 1, n
    sl = sl .and. xl(i)
    !$omp scan inclusive(sl)
    yl(i) = sl
  end do
  rl = .true.
  do i = 1, n
    rl = rl .and. xl(i)
    call check(yl(i) .eqv. rl, '.and.')
  end do

  sl = .false.
  !$omp parallel do reduction(inscan, .or.: sl)
  do i = 1, n
    sl = sl .or. .not. xl(i)
    !$omp scan inclusive(sl)
    yl(i) = sl
  end do
  rl = .false.
  do i = 1, n
    rl = rl .or. .not. xl(i)
    call check(yl(i) .eqv. rl, '.or.')
  end do
end program main
